package org.featurecompass.core.graph;

import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.critical.ActivePathAlgorithm;
import org.featurecompass.model.graph.critical.CriticalPathAlgorithm;
import org.featurecompass.model.graph.critical.UnboundedPathAlgorithm;

/** Which critical path to extract (Giraldeau 2015, §4.3). */
public enum PathVariant {
    /**
     * The bounded active path (§4.3.2, Algorithms 2 and 5): a wait is replaced by its waker's
     * work within the wait's window only.
     */
    BOUNDED,
    /** The unbounded path (§4.3.1): the walk moves to the waker for good at each wait. */
    UNBOUNDED;

    /**
     * @param graph the graph to walk
     * @return the model algorithm of this variant
     */
    public CriticalPathAlgorithm algorithm(ExecutionGraph graph) {
        return this == BOUNDED ? new ActivePathAlgorithm(graph) : new UnboundedPathAlgorithm(graph);
    }
}
