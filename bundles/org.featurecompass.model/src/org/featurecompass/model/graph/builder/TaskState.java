package org.featurecompass.model.graph.builder;

import org.featurecompass.model.graph.Worker;

/**
 * The builder's knowledge of one task: its worker and the state of its open interval, the one
 * that the next vertex of the worker will close (labels are retroactive, Giraldeau 2015, §4.4).
 */
final class TaskState {

    /** State of the open interval. */
    enum Phase {
        /** On {@link TaskState#cpu}. */
        RUNNING,
        /** In a run queue. */
        RUNNABLE,
        /** Forked, not yet woken by {@code sched_wakeup_new}. */
        NEW,
        /** In a wait queue since {@link TaskState#sinceNs}. */
        BLOCKED,
        /** Not known. */
        UNKNOWN,
        /** Gone; the worker has no open interval. */
        EXITED
    }

    final Worker worker;
    Phase phase;
    /** CPU of the last switch-in, -1 if never seen running. */
    int cpu = -1;
    /** When the open interval began, ns. */
    long sinceNs;
    /** {@code sched_process_exit} seen; the next switch-out ends the task. */
    boolean exiting;

    TaskState(Worker worker, Phase phase, long sinceNs) {
        this.worker = worker;
        this.phase = phase;
        this.sinceNs = sinceNs;
    }
}
