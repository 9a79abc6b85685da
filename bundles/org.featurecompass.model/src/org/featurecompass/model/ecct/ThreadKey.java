package org.featurecompass.model.ecct;

import org.featurecompass.model.graph.Worker;

/**
 * A thread as stacks are keyed: its host and thread id (the execution graph's {@link Worker}
 * identity without the graph).
 *
 * @param host the host, as the execution graph names it ({@code ""} for a single-host trace)
 * @param tid the thread id on that host
 */
public record ThreadKey(String host, long tid) {

    /**
     * @param worker a worker of the execution graph
     * @return its thread key
     */
    public static ThreadKey of(Worker worker) {
        return new ThreadKey(worker.host(), worker.tid());
    }

    @Override
    public String toString() {
        return host.isEmpty() ? Long.toString(tid) : tid + "@" + host; //$NON-NLS-1$
    }
}
