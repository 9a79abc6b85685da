package org.featurecompass.core.compare;

import java.util.Collection;
import java.util.List;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.trace.ProviderDescriptor;

/**
 * Creates the {@link DifferentialTreeDataProvider} of a trace that has the execution analysis, or
 * of an experiment whose traces all have it, and describes it for exactly those;
 * registered in plugin.xml under {@link DifferentialTreeDataProvider#ID}.
 */
public class DifferentialTreeDataProviderFactory implements IDataProviderFactory {

    private static final ProviderDescriptor DESCRIPTOR = new ProviderDescriptor(DifferentialTreeDataProvider.ID,
            Messages.DifferentialTreeDataProvider_Name, ProviderType.DATA_TREE, Messages.DifferentialTreeDataProvider_Description);

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        return serves(trace) ? new DifferentialTreeDataProvider(trace) : null;
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return serves(trace) ? List.of(DESCRIPTOR) : List.of();
    }

    /** @return whether the trace itself, or each of an experiment's traces, has the execution analysis */
    private static boolean serves(ITmfTrace trace) {
        for (ITmfTrace each : TmfTraceManager.getTraceSet(trace)) {
            if (TmfTraceUtils.getAnalysisModuleOfClass(each, ExecutionAnalysis.class, ExecutionAnalysis.ID) == null) {
                return false;
            }
        }
        return true;
    }
}
