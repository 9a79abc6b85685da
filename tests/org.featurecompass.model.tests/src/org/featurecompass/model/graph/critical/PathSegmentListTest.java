package org.featurecompass.model.graph.critical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;
import org.junit.jupiter.api.Test;

/**
 * {@link PathSegmentList}, the algorithms' column store, against a list of {@link PathSegment}
 * records doing the same appends, reversals and truncations, across chunk boundaries.
 */
class PathSegmentListTest {

    @Test
    void behavesAsAListOfRecords() {
        ExecutionGraph graph = new ExecutionGraph();
        Worker a = graph.createWorker("host", 1, "a");
        a.start(0);
        a.append(10, EdgeLabel.RUNNING, 3);
        a.append(20, EdgeLabel.INTERRUPTED, "eth0");
        Worker b = graph.createWorker("host", 2, "b");
        b.start(0);
        b.append(20, EdgeLabel.BLOCKED);

        PathSegmentList columns = new PathSegmentList(graph);
        List<PathSegment> records = new ArrayList<>();
        for (int i = 0; i < 70_000; i++) { // more than four chunks
            long start = 100L * i;
            switch (i % 5) {
            case 0 -> {
                columns.addEdge(a, 1, start, start + 7);
                records.add(PathSegment.ofEdge(a, 1, start, start + 7));
            }
            case 1 -> {
                columns.addEdge(a, 2, start, start + 9);
                records.add(PathSegment.ofEdge(a, 2, start, start + 9));
            }
            case 2 -> {
                columns.addUnexplained(b, 1, start, start + 5);
                records.add(PathSegment.unexplained(b, 1, start, start + 5));
            }
            case 3 -> {
                columns.addLinkDelay(b, start, start + 3, LinkKind.NETWORK);
                records.add(PathSegment.linkDelay(b, start, start + 3, LinkKind.NETWORK));
            }
            default -> {
                columns.addLinkDelay(a, start, start + 2, LinkKind.WAKE_UP);
                records.add(PathSegment.linkDelay(a, start, start + 2, LinkKind.WAKE_UP));
            }
            }
        }
        columns.reverse(12_345, 54_321);
        Collections.reverse(records.subList(12_345, 54_321));
        columns.truncate(60_000);
        records.subList(60_000, records.size()).clear();
        columns.addEdge(a, 1, 1, 2);
        records.add(PathSegment.ofEdge(a, 1, 1, 2));
        columns.reverse(0, columns.size());
        Collections.reverse(records);

        assertEquals(records, columns);
        CriticalPath path = new CriticalPath(a, 0, 1, columns.freeze(), 0);
        assertTrue(path.segments() == columns, "a frozen column store is kept without a copy");
        assertEquals(records, path.segments());
        assertThrows(UnsupportedOperationException.class, () -> columns.addEdge(a, 1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new PathSegmentList(graph).addEdge(a, 1, 5, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> columns.get(records.size()));
    }

    @Test
    void emptyAndShortListsFreeze() {
        ExecutionGraph graph = new ExecutionGraph();
        Worker a = graph.createWorker("host", 1, "a");
        a.start(0);
        a.append(10, EdgeLabel.RUNNING, 0);
        assertEquals(List.of(), new PathSegmentList(graph).freeze());
        PathSegmentList one = new PathSegmentList(graph);
        one.addEdge(a, 1, 0, 10);
        assertEquals(List.of(PathSegment.ofEdge(a, 1, 0, 10)), one.freeze());
    }
}
