package org.featurecompass.benchmarks.tracecompass;


import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;

/**
 * One side of the comparison on one opened kernel trace: builds its execution graph with a fresh
 * analysis module, then extracts bounded critical paths from it.
 */
interface BenchmarkedGraph {

    /** @return the name of the implementation, for the tables */
    String name();

    /**
     * Builds the execution graph anew with a fresh analysis module (scheduled, as Trace Compass
     * runs it, and waited for), replacing the previous one.
     *
     * @throws Exception if the module cannot be made or fails
     */
    void build() throws Exception;

    /**
     * Builds the execution graph anew from events already read, without a module or a request:
     * the builder alone, as the module's request would drive it.
     *
     * @param events every event of the trace, in order (iterated once)
     */
    void buildFrom(Iterable<ITmfEvent> events);

    /** @return the vertices of the last graph built */
    long vertexCount();

    /**
     * Extracts the bounded critical path (active path) of a thread from the last graph built.
     *
     * @param tid the thread
     * @param startNs range start, ns
     * @param endNs range end, ns
     * @return the number of segments of the path
     * @throws Exception if the thread is missing or the algorithm fails
     */
    int criticalPath(long tid, long startNs, long endNs) throws Exception;

    /** Disposes of the last module and forgets its graph. */
    void dispose();
}
