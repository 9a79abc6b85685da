package org.featurecompass.core.feature.regions;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the Feature Regions provider. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String FeatureRegionsDataProvider_Failed;
    public static String FeatureRegionsDataProvider_LevelPrefix;
    public static String FeatureRegionsDataProvider_NoFeature;
    public static String FeatureRegionsDataProvider_TooltipInteraction;
    public static String FeatureRegionsDataProvider_TooltipStateDuration;
    public static String FeatureRegionsDataProvider_TooltipRegion;
    public static String FeatureRegionsDataProvider_TooltipId;
    public static String FeatureRegionsDataProvider_TooltipFeatures;
    public static String FeatureRegionsDataProvider_TooltipLevel;
    public static String FeatureRegionsDataProvider_TooltipInclusive;
    public static String FeatureRegionsDataProvider_TooltipExclusive;
    public static String FeatureRegionsDataProvider_Name;
    public static String FeatureRegionsDataProvider_Description;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
