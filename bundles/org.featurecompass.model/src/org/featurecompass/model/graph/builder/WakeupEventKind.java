package org.featurecompass.model.graph.builder;

import java.util.Collection;
import java.util.Optional;

/**
 * The wake-up event a trace is read with. A kernel emits several events for one wake-up, so
 * exactly one kind is used per trace, chosen by {@link #select(Collection)} in this priority
 * order:
 * <ol>
 * <li>{@code sched_ttwu}: the kprobe on {@code try_to_wake_up()} of Giraldeau 2015 (§5.3), emitted
 * on the waker's CPU, in the waker's context;</li>
 * <li>{@code sched_waking} (Linux ≥ 4.3): also on the waker's CPU;</li>
 * <li>{@code sched_wakeup}: on some kernels emitted on the target CPU inside an IPI, which loses
 * the wake-up source (§5.3); the last resort.</li>
 * </ol>
 * {@value #WAKEUP_NEW_EVENT} (a new task's first run-queue insertion, §4.4) is not a duplicate of
 * any of these and is used with every kind.
 */
public enum WakeupEventKind {
    /** {@code sched_ttwu}. */
    TTWU("sched_ttwu"),
    /** {@code sched_waking}. */
    WAKING("sched_waking"),
    /** {@code sched_wakeup}. */
    WAKEUP("sched_wakeup");

    /** Event name of the first wake-up of a forked task. */
    public static final String WAKEUP_NEW_EVENT = "sched_wakeup_new";

    private final String fEventName;

    WakeupEventKind(String eventName) {
        fEventName = eventName;
    }

    /** @return the kernel event name */
    public String eventName() {
        return fEventName;
    }

    /**
     * @param eventName a kernel event name
     * @return the kind with that event name, if any
     */
    public static Optional<WakeupEventKind> fromEventName(String eventName) {
        for (WakeupEventKind kind : values()) {
            if (kind.fEventName.equals(eventName)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /**
     * Chooses the wake-up kind of a trace.
     *
     * @param eventNamesInTrace the event names the trace contains (or declares)
     * @return the best kind present, or empty if the trace has no wake-up event
     */
    public static Optional<WakeupEventKind> select(Collection<String> eventNamesInTrace) {
        for (WakeupEventKind kind : values()) {
            if (eventNamesInTrace.contains(kind.fEventName)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
