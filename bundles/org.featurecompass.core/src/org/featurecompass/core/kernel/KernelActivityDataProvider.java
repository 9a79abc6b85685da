package org.featurecompass.core.kernel;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.trace.AnalysisTreeDataProvider;
import org.featurecompass.core.trace.Milliseconds;
import org.featurecompass.core.trace.ResultOrStatus;
import org.featurecompass.model.kernel.KernelActivity;
import org.featurecompass.model.kernel.OnCpuTimes.ThreadTime;

/**
 * Serves the {@link KernelActivityAnalysis} of a kernel trace as a Trace Compass tree: one row
 * per thread with its id, command, on-CPU time (ms), share of the busy time and number of slices
 * (Giraldeau 2015, §4.3), in the order of {@link #headers()}. The model
 * ({@link KernelActivityModel}) also carries the whole result for the summary line.
 * <p>
 * Statuses: {@code RUNNING} (headers, no rows) while the analysis runs, which the first query
 * starts; {@code FAILED} when it ended without a result (cancelled, or failed: the Error Log says
 * why); {@code CANCELLED} when the monitor is cancelled; {@code COMPLETED} (in that order:
 * {@link AnalysisTreeDataProvider}). No parameter is read but the requested times, which must be
 * well formed: the analysis covers the whole trace. Registered with Trace Compass's {@code dataprovider}
 * extension point ({@link KernelActivityDataProviderFactory}) under {@link #ID}.
 */
public class KernelActivityDataProvider extends AnalysisTreeDataProvider<KernelActivityEntry, KernelActivity> {

    /** The provider id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.kernel.activity.provider"; //$NON-NLS-1$


    private final ITmfTrace fTrace;
    private final KernelActivityAnalysis fModule;

    /**
     * @param trace the kernel trace
     * @param module its Kernel Activity analysis
     */
    public KernelActivityDataProvider(ITmfTrace trace, KernelActivityAnalysis module) {
        fTrace = trace;
        fModule = module;
    }

    /** @return the column headers: thread id, command, on-CPU time (ms), share of busy time, slices */
    public static List<String> headers() {
        return List.of(Messages.KernelActivityDataProvider_ColumnTid, Messages.KernelActivityDataProvider_ColumnCommand,
                Messages.KernelActivityDataProvider_ColumnOnCpu, Messages.KernelActivityDataProvider_ColumnShare,
                Messages.KernelActivityDataProvider_ColumnSlices);
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected ResultOrStatus<KernelActivity> analysis(Query query) {
        return ResultOrStatus.of(fModule, NLS.bind(Messages.KernelActivityDataProvider_Failed, fTrace.getName()));
    }

    @Override
    protected TmfModelResponse<TmfTreeModel<KernelActivityEntry>> tree(KernelActivity activity, Query query, IProgressMonitor monitor) {
        List<KernelActivityEntry> entries = new ArrayList<>();
        long busy = activity.onCpu().busyNs();
        for (ThreadTime thread : activity.onCpu().threads().values()) {
            long tid = thread.tid();
            String command = tid == 0 ? Messages.KernelActivityDataProvider_Idle : activity.threadNames().getOrDefault(tid, ""); //$NON-NLS-1$
            double share = busy == 0 || tid == 0 ? 0 : (double) thread.onCpuNs() / busy;
            entries.add(new KernelActivityEntry(entries.size(), List.of(Long.toString(tid), command,
                    Milliseconds.of(thread.onCpuNs()), String.format("%.2f %%", 100.0 * share), //$NON-NLS-1$
                    Long.toString(thread.slices())), thread));
        }
        return ResultOrStatus.completed(activity).response(new KernelActivityModel(entries, activity));
    }

    @Override
    protected TmfTreeModel<KernelActivityEntry> empty(ResultOrStatus<?> status) {
        return new KernelActivityModel(List.of(), null);
    }
}
