package org.featurecompass.model.ecct;

/**
 * What a frame of an ECCT stands for (TraceCompare §3.1: ordinary frames, artificial wait frames
 * and the stacks of other threads concatenated under a thread marker).
 */
public enum FrameKind {
    /** A function from instrumented enter/exit events (TEF B/E/X, LTTng UST func_entry/exit). */
    FUNCTION,
    /** A function from a sampled stack: its time is known to the sampling period only. */
    SAMPLED,
    /** A feature region, {@code FR(A,B)}, nested with the functions of its thread. */
    FEATURE_REGION,
    /** The marker under which another thread's stack is appended: {@code [thread name of process]}. */
    THREAD,
    /** An artificial frame named after an off-CPU wait reason (timer, network, preempted...). */
    WAIT
}
