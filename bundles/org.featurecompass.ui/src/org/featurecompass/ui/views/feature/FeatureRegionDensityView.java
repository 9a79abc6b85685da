package org.featurecompass.ui.views.feature;

import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.ISegmentStoreProvider;
import org.eclipse.tracecompass.analysis.timing.ui.views.segmentstore.density2.AbstractSegmentStoreDensityView;
import org.eclipse.tracecompass.analysis.timing.ui.views.segmentstore.density2.AbstractSegmentStoreDensityViewer;
import org.eclipse.tracecompass.analysis.timing.ui.views.segmentstore.table.AbstractSegmentStoreTableViewer;
import org.eclipse.tracecompass.analysis.timing.ui.views.segmentstore.table.SegmentStoreTableViewer;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;

/**
 * Trace Compass's duration density chart and table over the feature-region instances
 * ({@link FeatureRegionSegmentAnalysis}). Trace Compass 6.2 has no generic density view for an
 * analysis id, so this thin subclass names the segment store. It extends the {@code density2}
 * classes, which exist from Trace Compass 6.2 to 11.x; the older {@code density} ones were removed
 * in 7.0 (doc/tc-compatibility.md).
 */
public class FeatureRegionDensityView extends AbstractSegmentStoreDensityView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.featureRegionDensity"; //$NON-NLS-1$

    /** Creates the view. */
    public FeatureRegionDensityView() {
        super(ID);
    }

    @Override
    protected AbstractSegmentStoreTableViewer createSegmentStoreTableViewer(@Nullable Composite parent) {
        return new SegmentStoreTableViewer(new TableViewer(parent, SWT.FULL_SELECTION | SWT.VIRTUAL),
                FeatureRegionSegmentAnalysis.ID);
    }

    @Override
    protected AbstractSegmentStoreDensityViewer createSegmentStoreDensityViewer(@Nullable Composite parent) {
        return new AbstractSegmentStoreDensityViewer(Objects.requireNonNull(parent)) {
            @Override
            protected @Nullable ISegmentStoreProvider getSegmentStoreProvider(@Nullable ITmfTrace trace) {
                return trace == null ? null
                        : TmfTraceUtils.getAnalysisModuleOfClass(trace, FeatureRegionSegmentAnalysis.class, FeatureRegionSegmentAnalysis.ID);
            }
        };
    }
}
