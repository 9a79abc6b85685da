package org.featurecompass.core.trace;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderFactory;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;

/**
 * The factory of a data provider that serves an analysis module of the trace: creates the
 * provider on the trace's module, or none for a trace without it (Trace Compass then offers no
 * such provider for that trace). A provider's factory, the class its plugin.xml
 * {@code dataProviderFactory} names, is a subclass that gives the module and the provider's
 * constructor.
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
         * @param trace the trace
         * @param module its module
         * @return the provider, or null when it cannot serve this trace (another module it needs is missing)
         */
        @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
        @Nullable
        ITmfTreeDataProvider<? extends ITmfTreeDataModel> create(ITmfTrace trace, A module);
    }

    private final Class<A> fModuleClass;
    private final String fModuleId;
    private final ProviderConstructor<A> fConstructor;

    /**
     * @param moduleClass the module's class
     * @param moduleId the module's id, as registered in plugin.xml
     * @param constructor creates the provider on the trace's module
     */
    protected AnalysisDataProviderFactory(Class<A> moduleClass, String moduleId, ProviderConstructor<A> constructor) {
        fModuleClass = moduleClass;
        fModuleId = moduleId;
        fConstructor = constructor;
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public final @Nullable ITmfTreeDataProvider<? extends ITmfTreeDataModel> createProvider(ITmfTrace trace) {
        @Nullable A module = TmfTraceUtils.getAnalysisModuleOfClass(trace, fModuleClass, fModuleId);
        return module == null ? null : fConstructor.create(trace, module);
    }
}
