package org.featurecompass.core.graph;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;

/**
 * Creates the {@link CriticalPathDataProvider} of a trace or experiment that has the execution
 * graph analysis (kernel traces, experiments of them); registered in plugin.xml under
 * {@link CriticalPathDataProvider#ID}.
 */
public class CriticalPathDataProviderFactory implements IDataProviderFactory {

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        ExecutionGraphAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionGraphAnalysis.class,
                ExecutionGraphAnalysis.ID);
        return module == null ? null : new CriticalPathDataProvider(trace, module);
    }
}
