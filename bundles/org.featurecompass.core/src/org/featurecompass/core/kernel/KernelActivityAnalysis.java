package org.featurecompass.core.kernel;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.core.trace.OnePassAnalysisModule;
import org.featurecompass.core.trace.TraceEventPass;
import org.featurecompass.core.trace.TraceEventPass.Outcome;
import org.featurecompass.model.kernel.EventCensus;
import org.featurecompass.model.kernel.KernelActivity;
import org.featurecompass.model.kernel.OnCpuTimeAccumulator;
import org.featurecompass.model.kernel.OnCpuTimes;

/**
 * Reads a kernel trace once and computes its {@link KernelActivity}: the event census and the
 * per-thread on-CPU time from {@code sched_switch} (Giraldeau 2015, §4.3 and Algorithm 1). Field
 * names come from the trace's {@link IKernelAnalysisEventLayout}, so every LTTng kernel layout
 * works. Runs as a background request with progress and cancellation; damage (malformed or
 * inconsistent switches, lost events) is counted and logged, never dropped silently.
 */
public class KernelActivityAnalysis extends OnePassAnalysisModule<KernelActivity> {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.kernel.activity"; //$NON-NLS-1$


    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof IKernelTrace;
    }

    @Override
    protected String getFullHelpText() {
        return Messages.KernelActivityAnalysis_HelpText;
    }

    @Override
    protected @Nullable KernelActivity compute(ITmfTrace trace, TraceEventPass pass, IProgressMonitor monitor) {
        if (!(trace instanceof IKernelTrace)) {
            ErrorLog.error(NLS.bind(Messages.KernelActivityAnalysis_NotAKernelTrace, trace.getName()), null);
            return null;
        }
        IKernelAnalysisEventLayout layout = ((IKernelTrace) trace).getKernelEventLayout();
        String schedSwitch = layout.eventSchedSwitch();
        EventCensus census = new EventCensus();
        OnCpuTimeAccumulator onCpu = new OnCpuTimeAccumulator();
        Map<Long, String> names = new HashMap<>();
        long[] damage = new long[3]; // lost events, malformed switches, first malformed ts

        Outcome outcome = pass.run(NLS.bind(Messages.KernelActivityAnalysis_TaskName, trace.getNbEvents()), monitor, event -> {
            if (event instanceof ITmfLostEvent lost) {
                damage[0] += lost.getNbLostEvents();
                return;
            }
            Integer cpu = TmfTraceUtils.resolveIntEventAspectOfClassForEvent(trace, TmfCpuAspect.class, event);
            long ts = event.getTimestamp().toNanos();
            String name = event.getName();
            census.count(name, cpu == null ? EventCensus.UNKNOWN_CPU : cpu, ts);
            if (!name.equals(schedSwitch)) {
                return;
            }
            ITmfEventField content = event.getContent();
            Long prev = content.getFieldValue(Long.class, layout.fieldPrevTid());
            Long next = content.getFieldValue(Long.class, layout.fieldNextTid());
            if (cpu == null || prev == null || next == null) {
                if (damage[1]++ == 0) {
                    damage[2] = ts;
                }
                return;
            }
            onCpu.schedSwitch(cpu, ts, prev, next);
            String prevComm = content.getFieldValue(String.class, layout.fieldPrevComm());
            String nextComm = content.getFieldValue(String.class, layout.fieldNextComm());
            if (prevComm != null) {
                names.put(prev, prevComm);
            }
            if (nextComm != null) {
                names.put(next, nextComm);
            }
        });
        if (outcome == Outcome.FAILED) {
            ErrorLog.error(NLS.bind(Messages.KernelActivityAnalysis_Failed, trace.getName(), pass.failureMessage()), pass.failure());
        }
        if (outcome != Outcome.COMPLETED) {
            return null;
        }
        OnCpuTimes times = census.total() == 0 ? onCpu.finish(0, 0) : onCpu.finish(census.firstNs(), census.lastNs());
        if (damage[1] > 0) {
            ErrorLog.warning(NLS.bind(Messages.KernelActivityAnalysis_MalformedSwitches,
                    new Object[] { trace.getName(), damage[1], damage[2] }));
        }
        if (times.inconsistentSwitches() > 0) {
            ErrorLog.warning(NLS.bind(Messages.KernelActivityAnalysis_InconsistentSwitches,
                    trace.getName(), times.inconsistentSwitches()));
        }
        return new KernelActivity(census, times, names, damage[0], damage[1]);
    }

}
