package org.featurecompass.benchmarks.graph;

import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.TaskStatus;
import org.featurecompass.model.graph.builder.WakeupEventKind;

/**
 * Kernel event sequences whose critical path has a chosen shape and length, fed to the
 * {@link ExecutionGraphBuilder} ({@code sched_waking} trace, one host). Thread {@value #STUDIED}
 * is the thread whose path is measured. Times in ns.
 */
final class PathShapes {

    static final String HOST = "bench"; //$NON-NLS-1$
    /** The thread whose path the benchmark computes. */
    static final int STUDIED = 1;
    private static final int BLOCKED = 1; // prev_state TASK_INTERRUPTIBLE

    private PathShapes() {
    }

    /**
     * A token ring, the wake-up chain: threads 1 to 4 on two CPUs; the holder wakes the next
     * thread, which is switched in on the other CPU, and blocks. Thread 1's path over the whole
     * trace is about 2 segments per pass, each wait resolved by the three other threads' work.
     *
     * @param graph an empty graph
     * @param passes how many times the token moves
     * @return the trace end, ns
     */
    static long tokenRing(ExecutionGraph graph, long passes) {
        ExecutionGraphBuilder builder = new ExecutionGraphBuilder(graph, HOST, WakeupEventKind.WAKING);
        long t = 0;
        builder.statedumpTask(t, STUDIED, "ring-1", TaskStatus.RUNNING, 0); //$NON-NLS-1$
        for (int tid = 2; tid <= 4; tid++) {
            builder.statedumpTask(t, tid, "ring-" + tid, TaskStatus.BLOCKED, -1); //$NON-NLS-1$
        }
        int holder = STUDIED;
        for (long pass = 0; pass < passes; pass++) {
            int cpu = (int) (pass & 1);
            int nextTid = holder % 4 + 1;
            builder.wakeup(t += 1000, cpu, WakeupEventKind.WAKING, nextTid);
            builder.schedSwitch(t += 200, cpu, holder, "", BLOCKED, 0, ""); //$NON-NLS-1$ //$NON-NLS-2$
            builder.schedSwitch(t += 300, 1 - cpu, 0, "", 0, nextTid, ""); //$NON-NLS-1$ //$NON-NLS-2$
            holder = nextTid;
        }
        t += 1000;
        builder.finish(t);
        return t;
    }

    /**
     * Nested blocking: a chain of {@code depth} threads, thread {@code i} on CPU {@code i - 1},
     * serving requests. Thread 1 (the client) works, wakes thread 2 and blocks; each server
     * works, wakes the next and blocks until the reply; the last one works and replies; each
     * server then works on the reply, wakes the previous thread and blocks until the next
     * request. Every wait of the client therefore holds {@code depth - 1} nested waits, and its
     * bounded path has about {@code 2 × depth} segments per request.
     *
     * @param graph an empty graph
     * @param depth threads in the chain, at least 2
     * @param requests how many requests the client makes
     * @return the trace end, ns
     */
    static long rpcChain(ExecutionGraph graph, int depth, long requests) {
        ExecutionGraphBuilder builder = new ExecutionGraphBuilder(graph, HOST, WakeupEventKind.WAKING);
        long t = 0;
        builder.statedumpTask(t, STUDIED, "rpc-1", TaskStatus.RUNNING, 0); //$NON-NLS-1$
        for (int tid = 2; tid <= depth; tid++) {
            builder.statedumpTask(t, tid, "rpc-" + tid, TaskStatus.BLOCKED, -1); //$NON-NLS-1$
        }
        for (long request = 0; request < requests; request++) {
            for (int tid = STUDIED; tid < depth; tid++) { // the request goes down the chain
                t = pass(builder, t, tid, tid + 1);
            }
            for (int tid = depth; tid > STUDIED; tid--) { // the reply comes back
                t = pass(builder, t, tid, tid - 1);
            }
        }
        t += 1000;
        builder.finish(t);
        return t;
    }

    /** {@code from} works 1 µs, wakes {@code to}, blocks; {@code to} is switched in on its CPU. */
    private static long pass(ExecutionGraphBuilder builder, long t, int from, int to) {
        builder.wakeup(t += 1000, from - 1, WakeupEventKind.WAKING, to);
        builder.schedSwitch(t += 200, from - 1, from, "", BLOCKED, 0, ""); //$NON-NLS-1$ //$NON-NLS-2$
        builder.schedSwitch(t += 300, to - 1, 0, "", 0, to, ""); //$NON-NLS-1$ //$NON-NLS-2$
        return t;
    }
}
