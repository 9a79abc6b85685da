package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.List;

import org.featurecompass.core.graph.PathDivergence.Part;

/**
 * The documented causes of differences between our bounded critical path and Trace Compass 6.2's
 * (doc/critical-path.md, "The causes", numbered as there; checked in this order), each a predicate over one {@link PathDivergence}
 * window, checked against TC's own graph and the trace's events. Each cause is a behaviour of TC
 * 6.2's handlers ({@code TraceEventHandlerSched}, {@code TraceEventHandlerExecutionGraph},
 * {@code TraceEventHandlerStatedump}) or bounded algorithm read in its source (tag v6.2.0) where
 * our builder follows Giraldeau 2015 §4.4 (Algorithm 1) instead. A window no cause explains
 * fails the test.
 */
enum DifferenceCause {

    /**
     * (1) A wait ended from a softirq other than timer, hrtimer, block, network and sched, or
     * from a hard IRQ other than 0: TC labels it BLOCKED with no vertical edge (unresolved), ours
     * INTERRUPTED with the vector or IRQ name (Algorithm 1's labelof(interrupt)). Followed
     * directly, TC's path shows the BLOCKED edge; inside the sub-path of another thread's wait,
     * TC's walk finds no explanation for it and leaves it out (a gap) or fills it with UNKNOWN.
     * Predicate: at every instant of the window our path has a thread INTERRUPTED, TC's graph has
     * that thread BLOCKED there with nothing linking into the edge's end, and TC's path has it
     * BLOCKED or UNKNOWN, or nothing.
     */
    INTERRUPT_WAIT_BLOCKED_IN_TC {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            return window.parts().stream().allMatch(p -> {
                PathSegmentKey ours = p.ours();
                PathSegmentKey theirs = p.theirs();
                return ours != null && ours.label().equals("INTERRUPTED") //$NON-NLS-1$
                        && (theirs == null || theirs.tid() == ours.tid() && (theirs.label().equals("BLOCKED") || theirs.label().equals("UNKNOWN"))) //$NON-NLS-1$ //$NON-NLS-2$
                        && evidence.peer().edges(ours.tid()).stream().anyMatch(e -> e.type().equals("BLOCKED") && !e.wokenAtEnd() //$NON-NLS-1$
                                && e.startNs() <= p.startNs() && e.endNs() >= p.endNs());
            });
        }
    },

    /**
     * (2) Inside a resolved sub-path TC glues non-contiguous edges with edges of type DEFAULT
     * ({@code appendPathComponent}, "glue body"): the time of a wait in the sub-path that TC could
     * not resolve. Ours shows that wait: an interrupt wait (1) or a blocked one, unresolved.
     * Predicate: same thread at every instant, ours INTERRUPTED or BLOCKED, TC's DEFAULT.
     */
    UNRESOLVED_WAIT_DEFAULT_IN_TC {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            return window.parts().stream().allMatch(p -> p.sameThread("INTERRUPTED", "DEFAULT") || p.sameThread("BLOCKED", "DEFAULT")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        }
    },

    /**
     * (3) TC has one worker for the idle task of every CPU ({@code HostThread(host, 0)}: its
     * {@code TraceEventHandlerSched} finds the worker by host and thread id), so switching the
     * idle task out on one CPU marks it waiting for all of them; ours has one idle worker per CPU
     * (their runs are independent, §4.4). Predicate: the paths parted on thread 0 (the window's
     * last part has thread 0 on both sides), or the followed thread is 0.
     */
    IDLE_TASKS_ONE_WORKER_IN_TC {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            PathSegmentKey ours = window.last().ours();
            PathSegmentKey theirs = window.last().theirs();
            return evidence.followed() == 0 || ours != null && theirs != null && ours.tid() == 0 && theirs.tid() == 0;
        }
    },

    /**
     * (4) A forked thread: ours links parent to child at {@code sched_process_fork} (§4.4
     * links a fork like a wake-up); TC links a child only at {@code sched_wakeup_new} (absent in
     * many-threads, 8.4 µs later in bug446190), so TC's child starts at its first scheduler event
     * with nothing linking into it; TC's backward walk dead-ends there, and the rest of the wait
     * is UNKNOWN or left out in TC's path (while ours shows the child runnable since the fork,
     * or follows the fork link into the parent). Predicate: in the window TC's path starts a
     * segment of a forked thread at that thread's first vertex in TC's graph, which nothing links
     * into, right after an UNKNOWN segment or a gap.
     */
    TC_DEAD_END_AT_FORKED_CHILD {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            return deadEnds(window, evidence).stream().anyMatch(evidence.facts().forked()::containsKey);
        }
    },

    /**
     * (5) A thread known from the statedump before its first scheduler event: TC creates no
     * vertex at the statedump, so its chain starts at the first scheduler event; TC's bounded walk
     * reaching that vertex has nowhere to go and fills the window with UNKNOWN. Ours starts the
     * thread at its statedump entry with the state reported and follows it. Predicate: as for a
     * forked child, for a thread with a statedump entry.
     */
    TC_DEAD_END_AT_STATEDUMP_THREAD {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            return deadEnds(window, evidence).stream().anyMatch(evidence.facts().statedump()::containsKey);
        }
    },

    /**
     * (6) Ours links a parent to its child at {@code sched_process_fork}, TC at the child's
     * {@code sched_wakeup_new}, which comes later (8.4 µs in bug446190): over that interval ours
     * shows the child runnable, TC the parent still running. Predicate: in the window our path
     * has a segment of a forked thread starting at its fork.
     */
    FORK_LINKED_AT_FORK_IN_OURS {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            return window.ours().stream().anyMatch(s -> Long.valueOf(s.startNs()).equals(evidence.facts().forked().get(s.tid()))
                    && s.startNs() >= window.startNs());
        }
    },

    /**
     * (7) TC has a worker of thread id -1 per CPU ({@code kernel/N}) for work in interrupt context
     * that it cannot charge to a thread; ours has no such thread (an interrupt's work is the
     * label and qualifier of the wait it ends). Predicate: the followed thread is -1.
     */
    KERNEL_WORKER_IN_TC {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            return evidence.followed() == -1;
        }
    },

    /**
     * (8) TC's stale "old status": TC's graph handler labels an interval with the thread's status
     * before the scheduler handler's last change. A wake-up that reaches a thread while it still
     * runs (the waker runs try_to_wake_up before the wakee's schedule(), frequent with futexes),
     * after a switch-in that had no wake-up, makes TC end a wait edge (BLOCKED, BLOCK_DEVICE, ...)
     * over the thread's running time, linked from the waker, and TC's path then shows the waker's
     * work. A forked child's first switch-in never has a wake-up in TC (no sched_wakeup_new), so
     * TC labels its first run with the status it was created with (PREEMPTED) and a wake-up
     * during that run ends it. Ours counts such a wake-up as spurious (the thread is not
     * blocked). Predicate: where the window ends (where both backward walks parted) our path has
     * a thread running, and TC's graph has on that thread an edge other than RUNNING covering
     * that instant and ending at a wake-up of that thread (an incoming link, or, for a wake-up
     * from interrupt context, which TC links to nothing, a wake-up event at that time).
     */
    TC_WAIT_OVER_RUNNING_THREAD {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            Part last = window.last();
            PathSegmentKey ours = last.ours();
            return ours != null && ours.label().equals("RUNNING") && evidence.peer().edges(ours.tid()).stream() //$NON-NLS-1$
                    .anyMatch(e -> !e.type().equals("RUNNING") && (e.wokenAtEnd() || evidence.facts().wokenAt(ours.tid(), e.endNs())) //$NON-NLS-1$
                            && e.startNs() < last.endNs() && e.endNs() >= last.endNs());
        }
    },

    /**
     * (9) TC fills the part of a wait its waker's history does not reach back to with UNKNOWN (the
     * "glue head" of {@code CriticalPathAlgorithmBounded.appendPathComponent}); ours keeps that
     * part with the wait's own label, unresolved ({@code PathSegment.unexplained}). Predicate:
     * at every instant both paths are on the same thread, ours BLOCKED, TC's UNKNOWN, and TC's
     * graph has that thread blocked there too.
     */
    UNREACHED_WAIT_UNKNOWN_IN_TC {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            return window.parts().stream().allMatch(p -> p.sameThread("BLOCKED", "UNKNOWN") //$NON-NLS-1$ //$NON-NLS-2$
                    && evidence.peer().edges(p.theirs().tid()).stream().anyMatch(
                            e -> e.type().equals("BLOCKED") && e.startNs() <= p.startNs() && e.endNs() >= p.endNs())); //$NON-NLS-1$
        }
    },

    /**
     * (10) TC applies every {@code lttng_statedump_process_state} to its thread, even one it saw
     * running moments before; the status is sampled asynchronously, so TC labels running time
     * PREEMPTED (or another wait). Ours ignores statedump entries of threads already seen
     * (counted in the build report). Predicate: somewhere in the window our path has a thread
     * running where TC's path has the same thread in another state, overlapping an edge of TC's
     * graph (not RUNNING) that contains the thread's statedump entry.
     */
    TC_STATEDUMP_OVER_RUNNING_THREAD {
        @Override
        boolean explains(PathDivergence window, Evidence evidence) {
            return window.parts().stream().anyMatch(p -> {
                PathSegmentKey ours = p.ours();
                PathSegmentKey theirs = p.theirs();
                Long statedump = ours == null ? null : evidence.facts().statedump().get(ours.tid());
                return ours != null && theirs != null && statedump != null && ours.tid() == theirs.tid()
                        && ours.label().equals("RUNNING") && !theirs.label().equals("RUNNING") //$NON-NLS-1$ //$NON-NLS-2$
                        && evidence.peer().edges(ours.tid()).stream().anyMatch(e -> e.startNs() < p.endNs() && e.endNs() > p.startNs()
                                && !e.type().equals("RUNNING") && e.startNs() <= statedump && statedump <= e.endNs()); //$NON-NLS-1$
            });
        }
    };

    /**
     * @return the threads whose first vertex in TC's graph (nothing linking into it) starts a
     *         segment of TC's path in the window right after an UNKNOWN segment or a gap
     */
    static List<Long> deadEnds(PathDivergence window, Evidence evidence) {
        List<Long> threads = new ArrayList<>();
        for (PathSegmentKey s : window.theirs()) {
            if (!Long.valueOf(s.startNs()).equals(evidence.peer().deadEndHead(s.tid()))) {
                continue;
            }
            boolean afterGapOrUnknown = true;
            for (PathSegmentKey before : window.theirs()) {
                if (before.endNs() == s.startNs() && !before.label().equals("UNKNOWN")) { //$NON-NLS-1$
                    afterGapOrUnknown = false;
                }
            }
            if (afterGapOrUnknown) {
                threads.add(s.tid());
            }
        }
        return threads;
    }

    /**
     * What a predicate may consult.
     *
     * @param peer TC's graph
     * @param facts the trace's forks and statedump entries
     * @param followed the thread whose path is compared
     */
    record Evidence(TraceCompassPeer peer, KernelTraceFacts facts, long followed) {

        Evidence following(long tid) {
            return new Evidence(peer, facts, tid);
        }
    }

    /** @return whether this cause explains the window */
    abstract boolean explains(PathDivergence window, Evidence evidence);
}
