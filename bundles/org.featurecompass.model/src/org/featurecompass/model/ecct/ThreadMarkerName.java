package org.featurecompass.model.ecct;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The run-invariant name of another thread in an ECCT's thread marker (the {@code thread} node
 * TraceCompare's Figs. 5–6 leave undefined, §3.3.2): what stays the same when the program runs
 * again, so that the same context of two runs is one context (§3.3.4 matches contexts by their
 * root paths). Thread and process ids, and which instance of a kernel pool served, change from
 * run to run and are never part of it; they are kept beside the context ({@link ThreadIds}).
 * <p>
 * The rule (doc/ecct.md, "Thread markers"):
 * <ul>
 * <li>the thread's name (its command), folded for the kernel's pooled and per-CPU threads
 * ({@link #fold});</li>
 * <li>followed by {@code " of "} and its process's name when that is known and differs from
 * the thread's own name (a process's main thread and kernel threads name their process);</li>
 * </ul>
 * Threads of one pool with the same name (two {@code fc-worker} threads) thus get one marker,
 * and their time adds.
 */
public final class ThreadMarkerName {

    /** Per-CPU workers: {@code kworker/CPU:ID}, {@code H} for a high-priority pool, {@code -WQ} the work's queue in /proc. */
    private static final Pattern PER_CPU_WORKER = Pattern.compile("kworker/\\d+:\\d+(H?)(?:-.*)?"); //$NON-NLS-1$
    /** Unbound workers: {@code kworker/uPOOL:ID} (pool ids are made at boot and by attributes, not stable). */
    private static final Pattern UNBOUND_WORKER = Pattern.compile("kworker/u\\d+:\\d+(?:-.*)?"); //$NON-NLS-1$
    /** A per-CPU kernel thread {@code NAME/CPU}, or this suite's interrupt place-holder {@code interrupt/CPU}. */
    private static final Pattern PER_CPU_THREAD = Pattern.compile("([a-z_]+)/\\d+"); //$NON-NLS-1$
    /** The kernel's per-CPU threads (kernel/softirq.c, stop_machine.c, cpu.c, rcu, watchdog) and the graph's place-holders. */
    private static final Set<String> PER_CPU_THREADS = Set.of("ksoftirqd", "migration", "cpuhp", "idle_inject", "rcuc", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            "rcuop", "rcuos", "rcuob", "watchdog", "irq_work", "swapper", "interrupt"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$

    private ThreadMarkerName() {
    }

    /**
     * Folds the names that name an instance rather than a role:
     * <ul>
     * <li>{@code kworker/N:M} (a per-CPU pool's worker) → {@code kworker/*:*}, and
     * {@code kworker/N:MH} (high-priority per-CPU pool) → {@code kworker/*:*H}: the CPU and the
     * worker's number depend on where and when the work was queued;</li>
     * <li>{@code kworker/uN:M} (an unbound pool's worker) → {@code kworker/u*:*};</li>
     * <li>a {@code -queue} suffix (the work's queue, as /proc shows it) is dropped: it is the last
     * work the worker ran, not the worker;</li>
     * <li>a per-CPU kernel thread ({@code ksoftirqd/N}, {@code migration/N}, {@code cpuhp/N},
     * {@code rcuc/N}, {@code rcuop/N}, …) and the execution graph's interrupt place-holder
     * {@code interrupt/N} → {@code NAME/*}: which CPU served depends on the scheduler.</li>
     * </ul>
     * Other names, rescuers ({@code kworker/R-queue}, one per queue) and threads named by the
     * program included, are kept as they are.
     *
     * @param threadName a thread's name
     * @return the name with instance numbers folded
     */
    public static String fold(String threadName) {
        if (threadName.startsWith("kworker/")) { //$NON-NLS-1$
            Matcher perCpu = PER_CPU_WORKER.matcher(threadName);
            if (perCpu.matches()) {
                return "kworker/*:*" + perCpu.group(1); //$NON-NLS-1$
            }
            if (UNBOUND_WORKER.matcher(threadName).matches()) {
                return "kworker/u*:*"; //$NON-NLS-1$
            }
            return threadName;
        }
        Matcher perCpu = PER_CPU_THREAD.matcher(threadName);
        if (perCpu.matches() && PER_CPU_THREADS.contains(perCpu.group(1))) {
            return perCpu.group(1) + "/*"; //$NON-NLS-1$
        }
        return threadName;
    }

    /**
     * @param threadName the thread's name (command), may be empty
     * @param processName its process's name, or {@code null} if the trace does not say
     * @return the marker's name: {@code fc-worker-1 of fc-demo}, {@code kworker/u*:*}, {@code fc-demo}
     */
    public static String of(String threadName, @Nullable String processName) {
        String thread = fold(threadName);
        if (processName == null || processName.isEmpty()) {
            return thread;
        }
        String process = fold(processName);
        if (process.equals(thread)) {
            return thread;
        }
        return thread.isEmpty() ? "of " + process : thread + " of " + process; //$NON-NLS-1$ //$NON-NLS-2$
    }
}
