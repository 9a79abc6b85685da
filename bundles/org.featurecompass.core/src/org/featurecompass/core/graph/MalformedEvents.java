package org.featurecompass.core.graph;

/**
 * Events of one kind that the execution graph skipped because they lacked something it needs, so
 * that the user can see which events, why, and where the first one is.
 *
 * @param host the host of the trace the events are in
 * @param eventName the events' name (or {@code "lost events"} for lost-event records)
 * @param problem what they lacked, e.g. {@code "no field tid"} or {@code "no CPU"}
 * @param count how many were skipped
 * @param firstNs the time of the first, ns, in the graph's clock
 */
public record MalformedEvents(String host, String eventName, String problem, long count, long firstNs) {
}
