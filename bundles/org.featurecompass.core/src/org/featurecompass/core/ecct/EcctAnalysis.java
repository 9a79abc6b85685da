package org.featurecompass.core.ecct;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.core.trace.OnePassAnalysisModule;
import org.featurecompass.core.trace.TraceEventPass;
import org.featurecompass.core.trace.TraceEventPass.Outcome;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.DiskWaitSplit;
import org.featurecompass.model.ecct.EcctGenerator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.InstrumentedStackRecorder;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.ecct.ThreadStackHistory;

/**
 * Reads a trace's call stacks once ({@link CallStackEventReader}) and builds one ECCT per
 * execution (TraceCompare §3.3: GENERATEECCT once an execution has ended), here each thread's
 * top-level call, without kernel data: the ECCT is then the calling context tree of the thread
 * over the call (§3.1, single thread always on CPU). Faults are counted and logged.
 */
public class EcctAnalysis extends OnePassAnalysisModule<TraceEccts> {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.ecct"; //$NON-NLS-1$

    @Override
    protected String getFullHelpText() {
        return Messages.EcctAnalysis_HelpText;
    }

    @Override
    protected @Nullable TraceEccts compute(ITmfTrace trace, TraceEventPass pass, IProgressMonitor monitor) {
        FrameTable frames = new FrameTable();
        ThreadStackHistory stacks = new ThreadStackHistory(frames);
        List<TraceEccts.Execution> executions = new ArrayList<>();
        InstrumentedStackRecorder recorder = new InstrumentedStackRecorder(stacks, (thread, frame, startNs,
                endNs) -> executions.add(new TraceEccts.Execution(thread, frames.frame(frame).label(), startNs, endNs)));
        CallStackEventReader reader = new CallStackEventReader(recorder, frames, ""); //$NON-NLS-1$
        Outcome outcome = pass.run(NLS.bind(Messages.EcctAnalysis_TaskName, trace.getNbEvents()), monitor, reader);
        if (outcome != Outcome.COMPLETED) {
            Throwable failure = pass.failure();
            if (failure != null) {
                ErrorLog.error(NLS.bind(Messages.EcctAnalysis_Failed, trace.getName(), failure.getMessage()), failure);
            }
            return null;
        }
        Map<ThreadKey, Integer> openAtEnd = Map.copyOf(recorder.openStacks());
        recorder.finish(trace.getEndTime().toNanos());
        executions.sort((a, b) -> Long.compare(a.startNs(), b.startNs()));
        ContextTree union = new ContextTree(frames);
        EcctStore store = new EcctStore(union);
        EcctGenerator generator = new EcctGenerator(union, stacks, null, null, DiskWaitSplit.EQUAL);
        for (TraceEccts.Execution execution : executions) {
            if (monitor.isCanceled()) {
                return null;
            }
            store.add(generator.generate(execution.thread(), "", execution.startNs(), execution.endNs())); //$NON-NLS-1$
        }
        store.trimToSize();
        if (recorder.unmatchedExits() + recorder.unclosedFrames() + reader.skippedEvents() > 0) {
            ErrorLog.warning(NLS.bind(Messages.EcctAnalysis_Faults, new Object[] { trace.getName(), recorder.unmatchedExits(),
                    recorder.unclosedFrames(), reader.skippedEvents(), reader.firstSkippedNs() }));
        }
        return new TraceEccts(store, List.copyOf(executions), stacks, reader.stackEvents(), recorder.unmatchedExits(),
                recorder.unclosedFrames(), reader.skippedEvents(), openAtEnd);
    }
}
