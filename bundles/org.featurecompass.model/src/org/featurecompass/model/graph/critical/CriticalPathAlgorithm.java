package org.featurecompass.model.graph.critical;

import org.featurecompass.model.graph.Worker;

/** Computes the critical path of a worker over a time range of an execution graph. */
public interface CriticalPathAlgorithm {

    /**
     * @param worker the worker whose execution is studied (the "main task")
     * @param startNs range start, ns
     * @param endNs range end, ns, not before {@code startNs}
     * @return the path covering the part of {@code [startNs, endNs]} where the worker exists
     */
    CriticalPath compute(Worker worker, long startNs, long endNs);
}
