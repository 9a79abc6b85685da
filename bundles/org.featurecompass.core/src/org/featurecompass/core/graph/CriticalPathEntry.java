package org.featurecompass.core.graph;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;

/**
 * One row of the critical path served by {@link CriticalPathDataProvider}: a thread (worker) that
 * the path passes through, with its labels (one per {@link CriticalPathDataProvider#headers()}
 * column: name, tid, host, time on the path).
 */
public class CriticalPathEntry extends TimeGraphEntryModel {

    /**
     * @param id the entry id, stable across queries of one provider
     * @param labels the column texts
     * @param startNs the path's start, ns, in the clock of the followed thread's host
     * @param endNs its end, ns
     */
    public CriticalPathEntry(long id, List<String> labels, long startNs, long endNs) {
        super(id, -1, labels, startNs, endNs);
    }
}
