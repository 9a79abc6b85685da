package org.featurecompass.core.kernel;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.featurecompass.model.kernel.OnCpuTimes.ThreadTime;

/**
 * One thread of the Kernel Activity tree ({@link KernelActivityDataProvider}): its labels, one per
 * {@link KernelActivityDataProvider#headers()} column, and the model's {@link ThreadTime} for
 * clients in the same process that sort by value.
 */
public class KernelActivityEntry extends TmfTreeDataModel {

    private final ThreadTime fThread;

    /**
     * @param id the entry id (unique in the tree)
     * @param labels the column texts
     * @param thread the thread's on-CPU time and slices
     */
    public KernelActivityEntry(long id, List<String> labels, ThreadTime thread) {
        super(id, -1, labels);
        fThread = thread;
    }

    /** @return the thread's on-CPU time (ns) and slices */
    public ThreadTime getThread() {
        return fThread;
    }
}
