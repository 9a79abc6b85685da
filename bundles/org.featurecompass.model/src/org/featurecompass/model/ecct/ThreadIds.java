package org.featurecompass.model.ecct;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The thread ids met under each thread marker of a union ECCT, and in how many executions: the
 * run-specific identity of the threads a marker stands for ({@link ThreadMarkerName} leaves it out
 * of the context so that two runs share their contexts). A detail of the context for the people
 * who look for it (tooltips, the JSON report), never part of its key. Not thread-safe while
 * filled.
 */
public final class ThreadIds {

    /** A thread met under a marker, and the number of executions it was met in there. */
    public record Seen(ThreadKey thread, int executions) {
    }

    private static final Comparator<Seen> ORDER = Comparator.comparingInt(Seen::executions).reversed()
            .thenComparing(s -> s.thread().host()).thenComparingLong(s -> s.thread().tid());

    private final Map<Integer, Map<ThreadKey, Integer>> fByNode = new HashMap<>();

    /**
     * Counts one execution in which {@code thread} was on the path under {@code node}'s marker.
     *
     * @param node a node whose frame is a thread marker
     * @param thread the thread it stood for
     */
    public void add(int node, ThreadKey thread) {
        add(node, thread, 1);
    }

    /** Counts {@code executions} executions at once (a saved union tree read back). */
    void add(int node, ThreadKey thread, int executions) {
        fByNode.computeIfAbsent(node, n -> new HashMap<>()).merge(thread, executions, Integer::sum);
    }

    /**
     * @param node a node
     * @return the threads met under it, the most frequent first (then by host and tid); empty
     *         for a node that is not a thread marker or was never reached
     */
    public List<Seen> at(int node) {
        Map<ThreadKey, Integer> threads = fByNode.get(node);
        if (threads == null) {
            return List.of();
        }
        List<Seen> seen = new ArrayList<>(threads.size());
        threads.forEach((thread, count) -> seen.add(new Seen(thread, count)));
        seen.sort(ORDER);
        return Collections.unmodifiableList(seen);
    }

    /** @return the nodes with threads met, in no order */
    public Iterable<Integer> nodes() {
        return Collections.unmodifiableSet(fByNode.keySet());
    }

    /**
     * Adds another tree's counts, its nodes mapped to this tree's.
     *
     * @param other the other tree's ids
     * @param nodeMap this tree's node for each of the other tree's nodes
     */
    void addAll(ThreadIds other, int[] nodeMap) {
        other.fByNode.forEach((node, threads) -> threads.forEach((thread, count) -> add(nodeMap[node], thread, count)));
    }
}
