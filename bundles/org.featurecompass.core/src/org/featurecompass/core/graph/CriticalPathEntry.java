package org.featurecompass.core.graph;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.featurecompass.model.graph.Worker;

/**
 * One row of the critical path served by {@link CriticalPathDataProvider}: a thread (worker) that
 * the path passes through, its labels (one per {@link CriticalPathDataProvider#headers()} column)
 * and its time on the path; the model's {@link Worker} for clients in the same process.
 */
public class CriticalPathEntry extends TimeGraphEntryModel {

    private final Worker fWorker;
    private final long fOnPathNs;

    /**
     * @param id the entry id, stable across queries of one provider
     * @param labels the column texts
     * @param startNs the path's start, ns, in the clock of the followed thread's host
     * @param endNs its end, ns
     * @param worker the worker
     * @param onPathNs the worker's time on the path, ns
     */
    public CriticalPathEntry(long id, List<String> labels, long startNs, long endNs, Worker worker, long onPathNs) {
        super(id, -1, labels, startNs, endNs);
        fWorker = worker;
        fOnPathNs = onPathNs;
    }

    /** @return the worker */
    public Worker getWorker() {
        return fWorker;
    }

    /** @return its time on the path, ns */
    public long getOnPathNs() {
        return fOnPathNs;
    }
}
