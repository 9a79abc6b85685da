package org.featurecompass.ui.startup;

import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;

/**
 * The start-up activation of {@code run.sh}: of the two sample traces, the demo recording is
 * opened first and the Node.js trace last, so the Node.js trace is active until the activator,
 * told to wait for both, brings the demo recording back to the front.
 */
class StartupTraceActivatorTest {

    @Test
    void bringsTheNamedTraceToTheFrontOnceAllAreOpen() throws Exception {
        Display display = WorkbenchTestSupport.display();
        // Other tests share the workbench and may have left traces open.
        int expected = TmfTraceManager.getInstance().getOpenedTraces().size() + 2;
        new StartupTraceActivator("demo-recording.json", expected).start(); //$NON-NLS-1$
        WorkbenchTestSupport.openTrace("StartupTracing", RepositoryFiles.resolve("doc/samples/demo-recording.json"), //$NON-NLS-1$ //$NON-NLS-2$
                TefTmfTrace.TRACE_TYPE_ID);
        // openTrace waits until the trace it opens, the Node.js trace, is the active one.
        WorkbenchTestSupport.openTrace("StartupTracing", RepositoryFiles.resolve("doc/samples/node-demo.json"), //$NON-NLS-1$ //$NON-NLS-2$
                TefTmfTrace.TRACE_TYPE_ID);
        WorkbenchTestSupport.waitUntil(display, () -> {
            ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
            return active != null && "demo-recording.json".equals(active.getName()); //$NON-NLS-1$
        }, "the demo recording brought to the front");
    }
}
