package org.featurecompass.model.graph.builder;

/**
 * What {@link ExecutionGraphBuilder} did with its input, so that nothing is dropped silently.
 * Ignored events are counted here and the anomalies they reveal are named.
 *
 * @param host the host the graph part was built for
 * @param wakeupKind the wake-up event kind used for this trace
 * @param events events accepted
 * @param wakeupsOfOtherKinds wake-up events of another kind than {@code wakeupKind}, ignored
 * @param selfWakeups wake-ups of the task running on the waking CPU, ignored
 * @param spuriousWakeups wake-ups of a task that was not blocked, ignored
 * @param wakeupsWithoutSource direct wake-ups on a CPU whose running task was not known: the
 *            blocked interval is kept, unresolved
 * @param switchesInWithoutWakeup blocked tasks switched in with no wake-up seen
 * @param inconsistentSwitches switches whose {@code prev_tid} was not the task running there
 * @param tidsReusedWithoutFork exited thread ids seen again with no fork
 * @param tidsReusedWithoutExit forked thread ids whose previous task never exited
 * @param unmatchedInterruptExits interrupt exits with no matching entry on that CPU, ignored
 * @param unclosedInterruptContexts interrupt entries dropped from a CPU stack with no exit
 * @param lostEventRecords lost-event notices received
 * @param lostEvents events the tracer reported as lost
 * @param statedumpsOfKnownTasks statedump entries for tasks already seen, ignored
 * @param switchesFromUnknownState switches whose {@code prev_state} is not known: switches the
 *            kernel did not report, inferred by the recorder from the next event of the task
 *            switched in (doc/recorder.md); the task that left is then in an unknown state
 */
public record GraphBuildReport(String host, WakeupEventKind wakeupKind, long events, long wakeupsOfOtherKinds,
        long selfWakeups, long spuriousWakeups, long wakeupsWithoutSource, long switchesInWithoutWakeup,
        long inconsistentSwitches, long tidsReusedWithoutFork, long tidsReusedWithoutExit,
        long unmatchedInterruptExits, long unclosedInterruptContexts, long lostEventRecords, long lostEvents,
        long statedumpsOfKnownTasks, long switchesFromUnknownState) {
}
