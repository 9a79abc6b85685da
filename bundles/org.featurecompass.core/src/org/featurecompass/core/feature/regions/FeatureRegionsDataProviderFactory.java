package org.featurecompass.core.feature.regions;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.feature.state.FeatureRegionStateAnalysis;

/**
 * Creates the {@link FeatureRegionsDataProvider} of a trace that has the feature-region state
 * analysis (TEF traces); registered in plugin.xml under {@link FeatureRegionsDataProvider#ID}.
 */
public class FeatureRegionsDataProviderFactory implements IDataProviderFactory {

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        FeatureRegionStateAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, FeatureRegionStateAnalysis.class,
                FeatureRegionStateAnalysis.ID);
        return module == null ? null : new FeatureRegionsDataProvider(trace, module);
    }
}
