package org.featurecompass.core.feature.flamegraph;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;

/**
 * Creates the {@link FeatureFlameGraphDataProvider} of a trace that has the feature-region
 * segment analysis (TEF traces); registered in plugin.xml under
 * {@link FeatureFlameGraphDataProvider#ID}.
 */
public class FeatureFlameGraphDataProviderFactory implements IDataProviderFactory {

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        FeatureRegionSegmentAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, FeatureRegionSegmentAnalysis.class,
                FeatureRegionSegmentAnalysis.ID);
        return module == null ? null : new FeatureFlameGraphDataProvider(module);
    }
}
