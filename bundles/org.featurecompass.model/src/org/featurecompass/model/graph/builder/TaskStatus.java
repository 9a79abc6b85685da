package org.featurecompass.model.graph.builder;

/**
 * State of a task when the trace began, as the statedump reports it (Giraldeau 2015, §4.4,
 * Algorithm 1, the initial {@code TASK} set).
 */
public enum TaskStatus {
    /** On a CPU. */
    RUNNING,
    /** In a run queue. */
    RUNNABLE,
    /** In a wait queue. */
    BLOCKED,
    /** Not reported or not understood. */
    UNKNOWN
}
