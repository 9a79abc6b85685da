package org.featurecompass.core.kernel;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;

/**
 * Creates the {@link KernelActivityDataProvider} of a trace that has the Kernel Activity analysis
 * (kernel traces); registered in plugin.xml under {@link KernelActivityDataProvider#ID}.
 */
public class KernelActivityDataProviderFactory implements IDataProviderFactory {

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        KernelActivityAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, KernelActivityAnalysis.class,
                KernelActivityAnalysis.ID);
        return module == null ? null : new KernelActivityDataProvider(trace, module);
    }
}
