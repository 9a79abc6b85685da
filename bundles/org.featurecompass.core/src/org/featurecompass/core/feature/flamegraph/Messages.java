package org.featurecompass.core.feature.flamegraph;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the Feature Flame Graph provider. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String FeatureFlameGraphDataProvider_ColumnFrame;
    public static String FeatureFlameGraphDataProvider_ColumnInstances;
    public static String FeatureFlameGraphDataProvider_ColumnInclusive;
    public static String FeatureFlameGraphDataProvider_ColumnSelf;
    public static String FeatureFlameGraphDataProvider_ColumnShare;
    public static String FeatureFlameGraphDataProvider_ColumnThreads;
    public static String FeatureFlameGraphDataProvider_ColumnSampled;
    public static String FeatureFlameGraphDataProvider_ColumnSampledInterval;
    public static String FeatureFlameGraphDataProvider_ColumnSamples;
    public static String FeatureFlameGraphDataProvider_ColumnSampledSelf;
    public static String FeatureFlameGraphDataProvider_ColumnSampledSelfInterval;
    public static String FeatureFlameGraphDataProvider_ColumnSelfSamples;
    public static String FeatureFlameGraphDataProvider_NoFeature;
    public static String FeatureFlameGraphDataProvider_BadFrames;
    public static String FeatureFlameGraphDataProvider_BadRows;
    public static String FeatureFlameGraphDataProvider_Name;
    public static String FeatureFlameGraphDataProvider_Description;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
