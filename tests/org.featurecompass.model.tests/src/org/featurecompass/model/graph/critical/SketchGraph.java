package org.featurecompass.model.graph.critical;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;

/**
 * Hand-drawn execution graphs for path tests: workers named by a letter, chains written as
 * {@code chain("A", 0).run(10).blocked(50)}, links between the vertices at given times. Also
 * renders a path as pieces, one per stay on a worker, e.g. {@code "A[0,20] B[20,50]"}, the way
 * Giraldeau 2015's Table 4.1 lists paths.
 */
final class SketchGraph {

    /** One worker's chain under construction. */
    final class Chain {
        final Worker worker;

        Chain(Worker worker) {
            this.worker = worker;
        }

        Chain run(long t) {
            worker.append(t, EdgeLabel.RUNNING, 0);
            return this;
        }

        Chain blocked(long t) {
            return edge(EdgeLabel.BLOCKED, t);
        }

        Chain edge(EdgeLabel label, long t) {
            if (label.carriesCpu()) {
                worker.append(t, label, 0);
            } else {
                worker.append(t, label);
            }
            return this;
        }

        Chain edge(EdgeLabel label, String qualifier, long t) {
            worker.append(t, label, qualifier);
            return this;
        }
    }

    final ExecutionGraph graph = new ExecutionGraph();
    private final Map<String, @Nullable Worker> fWorkers = new HashMap<>();

    Chain chain(String name, long start) {
        return chainOn("host", name, start);
    }

    Chain chainOn(String host, String name, long start) {
        Worker worker = graph.createWorker(host, fWorkers.size() + 1, name);
        worker.start(start);
        fWorkers.put(name, worker);
        return new Chain(worker);
    }

    Worker worker(String name) {
        Worker worker = fWorkers.get(name);
        if (worker == null) {
            throw new IllegalArgumentException(name);
        }
        return worker;
    }

    /** Wake-up from the last vertex of {@code from} at {@code tFrom} to that of {@code to} at {@code tTo}. */
    SketchGraph wake(String from, long tFrom, String to, long tTo) {
        return link(from, tFrom, to, tTo, LinkKind.WAKE_UP);
    }

    SketchGraph link(String from, long tFrom, String to, long tTo, LinkKind kind) {
        graph.link(worker(from), vertexAt(worker(from), tFrom), worker(to), vertexAt(worker(to), tTo), kind);
        return this;
    }

    /**
     * A waits from 10 to 100,000 ns for B, which runs in 10,000 steps of 10 ns until it wakes A:
     * a range that ends early inside the wait must not walk B's later history.
     */
    SketchGraph wakerWithLongHistory() {
        chain("A", 0).run(10).blocked(100_000).run(100_010);
        Chain b = chain("B", 0);
        for (long t = 10; t <= 100_000; t += 10) {
            b.run(t);
        }
        return wake("B", 100_000, "A", 100_000);
    }

    private static int vertexAt(Worker worker, long t) {
        int v = worker.floorIndex(t);
        assertEquals(t, worker.time(v), () -> worker + " has no vertex at " + t);
        return v;
    }

    /** Consecutive segments on one worker merged, as "NAME[start,end]" separated by spaces. */
    static String pieces(CriticalPath path) {
        return render(merge(path.segments()));
    }

    static List<Piece> merge(List<PathSegment> segments) {
        List<Piece> pieces = new ArrayList<>();
        for (PathSegment s : segments) {
            Piece last = pieces.isEmpty() ? null : pieces.get(pieces.size() - 1);
            if (last != null && last.worker.equals(s.worker().name()) && last.end == s.startNs()) {
                pieces.set(pieces.size() - 1, new Piece(last.worker, last.start, s.endNs()));
            } else {
                pieces.add(new Piece(s.worker().name(), s.startNs(), s.endNs()));
            }
        }
        return pieces;
    }

    static String render(List<Piece> pieces) {
        StringBuilder sb = new StringBuilder();
        for (Piece p : pieces) {
            sb.append(sb.length() == 0 ? "" : " ").append(p);
        }
        return sb.toString();
    }

    /** An interval on a named worker. */
    record Piece(String worker, long start, long end) {
        @Override
        public String toString() {
            return worker + "[" + start + "," + end + "]";
        }
    }

    /** Segments rendered one by one, as "NAME:LABEL[start,end]" with "?" for unresolved ones. */
    static String segments(CriticalPath path) {
        StringBuilder sb = new StringBuilder();
        for (PathSegment s : path.segments()) {
            @Nullable String q = s.qualifier();
            sb.append(sb.length() == 0 ? "" : " ").append(s.worker().name()).append(':').append(s.label())
                    .append(q == null ? "" : "(" + q + ")").append(s.unresolved() ? "?" : "").append('[')
                    .append(s.startNs()).append(',').append(s.endNs()).append(']');
        }
        return sb.toString();
    }
}
