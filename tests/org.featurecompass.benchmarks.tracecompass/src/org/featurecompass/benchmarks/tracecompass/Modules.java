package org.featurecompass.benchmarks.tracecompass;

import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModuleHelper;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAnalysisManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/** Analysis modules made from their plugin.xml registration and run as Trace Compass runs them. */
final class Modules {

    private Modules() {
    }

    /**
     * @param id a registered analysis id
     * @param trace the trace to analyse
     * @return a fresh module of that analysis, for that trace
     * @throws Exception if the analysis is not registered or does not apply to the trace
     */
    static IAnalysisModule newModule(String id, ITmfTrace trace) throws Exception {
        IAnalysisModuleHelper helper = TmfAnalysisManager.getAnalysisModules(trace.getClass()).get(id);
        if (helper == null) {
            throw new IllegalStateException("analysis " + id + " is not registered for " + trace.getName()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        IAnalysisModule module = helper.newModule(trace);
        if (module == null) {
            throw new IllegalStateException("analysis " + id + " does not apply to " + trace.getName()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return module;
    }

    /**
     * Schedules a module (as a job) and waits for it.
     *
     * @param module the module
     */
    static void run(IAnalysisModule module) {
        module.schedule();
        if (!module.waitForCompletion()) {
            throw new IllegalStateException(module.getName() + " failed"); //$NON-NLS-1$
        }
    }
}
