package org.featurecompass.core.compare;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;

/**
 * Creates the {@link DifferentialTreeDataProvider} of a trace that has the execution analysis, or
 * of an experiment whose traces all have it;
 * registered in plugin.xml under {@link DifferentialTreeDataProvider#ID}.
 */
public class DifferentialTreeDataProviderFactory implements IDataProviderFactory {

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        for (ITmfTrace each : TmfTraceManager.getTraceSet(trace)) { // the trace itself, or an experiment's traces
            if (TmfTraceUtils.getAnalysisModuleOfClass(each, ExecutionAnalysis.class, ExecutionAnalysis.ID) == null) {
                return null;
            }
        }
        return new DifferentialTreeDataProvider(trace);
    }
}
