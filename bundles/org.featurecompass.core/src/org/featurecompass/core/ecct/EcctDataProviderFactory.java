package org.featurecompass.core.ecct;

import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;
import org.featurecompass.core.trace.ProviderDescriptor;

/**
 * Creates the {@link EcctDataProvider} of a trace that has the execution and call-stack
 * analyses; registered in plugin.xml under {@link EcctDataProvider#ID}.
 */
public class EcctDataProviderFactory extends AnalysisDataProviderFactory<ExecutionAnalysis> {

    /** The factory that plugin.xml names. */
    public EcctDataProviderFactory() {
        super(new ProviderDescriptor(EcctDataProvider.ID, Messages.EcctDataProvider_Name,
                ProviderType.DATA_TREE, Messages.EcctDataProvider_Description),
                ExecutionAnalysis.class, ExecutionAnalysis.ID,
                (trace, executions) -> new EcctDataProvider(trace, executions, Objects.requireNonNull(stacks(trace))));
    }

    @Override
    protected boolean serves(ITmfTrace trace) {
        return stacks(trace) != null;
    }

    private static @Nullable EcctAnalysis stacks(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
    }
}
