package org.featurecompass.core.trace;

import java.util.Collection;
import java.util.List;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;

/**
 * The factory of a data provider that serves an analysis module of the trace: creates the
 * provider on the trace's module, or none for a trace without it (Trace Compass then offers no
 * such provider for that trace), and describes it ({@link #getDescriptors}) for exactly the
 * traces it creates one for, without creating it or running the analysis. A provider's factory,
 * the class its plugin.xml {@code dataProviderFactory} names, is a subclass that gives the
 * descriptor, the module and the provider's constructor.
 *
 * @param <A> the analysis module
 */
public abstract class AnalysisDataProviderFactory<A extends IAnalysisModule> implements IDataProviderFactory {

    /**
     * Creates a provider on a trace and its module.
     *
     * @param <A> the analysis module
     */
    @FunctionalInterface
    protected interface ProviderConstructor<A> {
        /**
         * @param trace the trace, one that {@link AnalysisDataProviderFactory#serves} accepts
         * @param module its module
         * @return the provider
         */
        @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
        ITmfTreeDataProvider<? extends ITmfTreeDataModel> create(ITmfTrace trace, A module);
    }

    private final ProviderDescriptor fDescriptor;
    private final Class<A> fModuleClass;
    private final String fModuleId;
    private final ProviderConstructor<A> fConstructor;

    /**
     * @param descriptor what {@code getAvailableProviders} lists for a trace this factory serves
     * @param moduleClass the module's class
     * @param moduleId the module's id, as registered in plugin.xml
     * @param constructor creates the provider on the trace's module
     */
    protected AnalysisDataProviderFactory(ProviderDescriptor descriptor, Class<A> moduleClass, String moduleId,
            ProviderConstructor<A> constructor) {
        fDescriptor = descriptor;
        fModuleClass = moduleClass;
        fModuleId = moduleId;
        fConstructor = constructor;
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public final @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        @Nullable A module = module(trace);
        return module == null || !serves(trace) ? null : fConstructor.create(trace, module);
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public final Collection<IDataProviderDescriptor> getDescriptors(ITmfTrace trace) {
        return module(trace) == null || !serves(trace) ? List.of() : List.of(fDescriptor);
    }

    /**
     * What the provider needs of a trace besides the module (by default nothing); asked before
     * creating or describing it.
     *
     * @param trace a trace that has the module
     * @return whether the provider can serve it
     */
    protected boolean serves(ITmfTrace trace) {
        return true;
    }

    /**
     * The trace's module, or for an experiment its own or else its first trace's (as
     * {@code TmfTraceUtils} finds them: the executions view and the Execution Groups view of an
     * experiment list its first trace's execution types this way).
     */
    private @Nullable A module(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, fModuleClass, fModuleId);
    }
}
