package org.featurecompass.model.graph.critical;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.featurecompass.model.graph.critical.SketchGraph.Piece;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The six basic sub-graphs of Giraldeau 2015, Figure 4.2, against the paths of its Table 4.1.
 * <p>
 * <b>Reconstruction.</b> The figure itself is not in the text, so each graph is rebuilt from
 * §4.3.1's prose and from the table: plain (running) and dashed (blocked) horizontal edges,
 * vertical wake-ups. Times are chosen so that every point named in the table exists: a point
 * Xn is the time of a vertex of one task projected on another task (e.g. in (a), X0 is B at the
 * time A blocks, A2). A wake-up starts a task's chain (B0 is B's first vertex, linked from the
 * waking vertex of A) and ends a blocked edge of the waiting task at the same time as the
 * waker's vertex. Where two table points must coincide for the table to hold, they do: in (d),
 * B1 (B wakes C) is at A2 (A blocks), since the approximation lists B1 right after A2; in (f),
 * B0 = A0 so that the theoretical path B0,B1,A2,A3 spans the whole range.
 * <p>
 * <b>Oracles.</b> The bounded path ({@link ActivePathAlgorithm}) must equal the table's
 * "Approximation" column. The unbounded path ({@link UnboundedPathAlgorithm}) must equal the
 * "Exact" column for (a)–(e). For (f) the exact column, (A0,X0,X1,B1,A2,A3), assumes the lock
 * holder is known (§4.3.1, "lock holder" criterion), which kernel events cannot tell; the
 * unbounded path is the "theoretical critical path (B0,B1,A2,A3)" of the same paragraph. The
 * "Incorrect" (approximation minus exact) and "Missing" (exact minus approximation) columns are
 * checked by interval arithmetic per task. One erratum: for (c) the table lists (X0,B1) as
 * missing, but it is in the approximation and not in the exact path, and the text says "the edge
 * (X0,B1) of task B is incorrectly identified by the approximation"; it is checked as incorrect.
 */
class BasicSubgraphsTest {

    /** One row of Table 4.1, with the graph it is about. */
    record Row(String name, Consumer<SketchGraph> graph, Map<String, Long> points, String exact, String approx,
            String unbounded, String incorrect, String missing) {
        @Override
        public String toString() {
            return "(" + name + ")";
        }
    }

    static Stream<Arguments> rows() {
        return Stream.of(
                // (a) A wakes B, then waits for B.
                new Row("a", g -> {
                    g.chain("A", 0).run(10).run(20).blocked(50).run(60);
                    g.chain("B", 10).run(50);
                    g.wake("A", 10, "B", 10).wake("B", 50, "A", 50);
                }, Map.of("A0", 0L, "A1", 10L, "A2", 20L, "A3", 50L, "A4", 60L, "B0", 10L, "B1", 50L, "X0", 20L),
                        "A0,A1,B0,B1,A3,A4", "A0,A2,X0,B1,A3,A4", "A0,A1,B0,B1,A3,A4", "(A1,A2)", "(B0,X0)"),
                // (b) (a) twice: A wakes B, waits for it, then wakes C, waits for it.
                new Row("b", g -> {
                    g.chain("A", 0).run(10).run(20).blocked(50).run(60).run(70).blocked(100).run(110);
                    g.chain("B", 10).run(50);
                    g.chain("C", 60).run(100);
                    g.wake("A", 10, "B", 10).wake("B", 50, "A", 50).wake("A", 60, "C", 60).wake("C", 100, "A", 100);
                }, Map.ofEntries(Map.entry("A0", 0L), Map.entry("A1", 10L), Map.entry("A2", 20L), Map.entry("A3", 50L),
                        Map.entry("A4", 60L), Map.entry("A5", 70L), Map.entry("A6", 100L), Map.entry("A7", 110L),
                        Map.entry("B0", 10L), Map.entry("B1", 50L), Map.entry("C0", 60L), Map.entry("C1", 100L),
                        Map.entry("X0", 20L), Map.entry("X1", 70L)),
                        "A0,A1,B0,B1,A3,A4,C0,C1,A6,A7", "A0,A2,X0,B1,A3,A4,A5,X1,C1,A6,A7",
                        "A0,A1,B0,B1,A3,A4,C0,C1,A6,A7", "(A1,A2),(A4,A5)", "(B0,X0),(C0,X1)"),
                // (c) fork-join: A wakes B then C, waits for B, then for C, which ends last.
                new Row("c", g -> {
                    g.chain("A", 0).run(10).run(20).run(30).blocked(60).run(70).blocked(100).run(110);
                    g.chain("B", 10).run(60);
                    g.chain("C", 20).run(100);
                    g.wake("A", 10, "B", 10).wake("A", 20, "C", 20).wake("B", 60, "A", 60).wake("C", 100, "A", 100);
                }, Map.ofEntries(Map.entry("A0", 0L), Map.entry("A1", 10L), Map.entry("A2", 20L), Map.entry("A3", 30L),
                        Map.entry("A4", 60L), Map.entry("A5", 70L), Map.entry("A6", 100L), Map.entry("A7", 110L),
                        Map.entry("B0", 10L), Map.entry("B1", 60L), Map.entry("C0", 20L), Map.entry("C1", 100L),
                        Map.entry("X0", 30L), Map.entry("X1", 70L)),
                        "A0,A2,C0,C1,A6,A7", "A0,A3,X0,B1,A4,A5,X1,C1,A6,A7", "A0,A2,C0,C1,A6,A7",
                        "(A2,A3),(X0,B1),(A4,A5)", "(C0,X1)"),
                // (d) nested: A wakes B, which wakes C and waits for it; A waits for B.
                new Row("d", g -> {
                    g.chain("A", 0).run(10).run(20).blocked(80).run(90);
                    g.chain("B", 10).run(20).run(30).blocked(60).run(80);
                    g.chain("C", 20).run(60);
                    g.wake("A", 10, "B", 10).wake("B", 20, "C", 20).wake("C", 60, "B", 60).wake("B", 80, "A", 80);
                }, Map.ofEntries(Map.entry("A0", 0L), Map.entry("A1", 10L), Map.entry("A2", 20L), Map.entry("A3", 80L),
                        Map.entry("A4", 90L), Map.entry("B0", 10L), Map.entry("B1", 20L), Map.entry("B2", 30L),
                        Map.entry("B3", 60L), Map.entry("B4", 80L), Map.entry("C0", 20L), Map.entry("C1", 60L),
                        Map.entry("X0", 30L)),
                        "A0,A1,B0,B1,C0,C1,B3,B4,A3,A4", "A0,A2,B1,B2,X0,C1,B3,B4,A3,A4",
                        "A0,A1,B0,B1,C0,C1,B3,B4,A3,A4", "(A1,A2),(B1,B2)", "(B0,B1),(C0,X0)"),
                // (e) asynchronous: A wakes B and never waits for it.
                new Row("e", g -> {
                    g.chain("A", 0).run(10).run(20);
                    g.chain("B", 10).run(40);
                    g.wake("A", 10, "B", 10);
                }, Map.of("A0", 0L, "A1", 10L, "A2", 20L, "B0", 10L, "B1", 40L), "A0,A2", "A0,A2", "A0,A2", "", ""),
                // (f) A waits for B with no prior signal (barrier, lock contention). B takes the
                // lock at X1 = 10 (X0 is A then) and releases it at B1; A blocks at A1 = 30 (X2 is B
                // then).
                new Row("f", g -> {
                    g.chain("A", 0).run(30).blocked(60).run(70);
                    g.chain("B", 0).run(60);
                    g.wake("B", 60, "A", 60);
                }, Map.of("A0", 0L, "A1", 30L, "A2", 60L, "A3", 70L, "B0", 0L, "B1", 60L, "X0", 10L, "X1", 10L,
                        "X2", 30L), "A0,X0,X1,B1,A2,A3", "A0,A1,X2,B1,A2,A3", "B0,B1,A2,A3", "(X0,A1)", "(X1,X2)"))
                .map(Arguments::of);
    }

    /** Which task each X point lies on, per graph (the other points name their task). */
    private static final Map<String, Map<String, String>> X_OWNERS = Map.of("a", Map.of("X0", "B"), "b",
            Map.of("X0", "B", "X1", "C"), "c", Map.of("X0", "B", "X1", "C"), "d", Map.of("X0", "C"), "e", Map.of(),
            "f", Map.of("X0", "A", "X1", "B", "X2", "B"));

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void boundedPathIsTheApproximation(Row row) {
        SketchGraph g = build(row);
        CriticalPath path = new ActivePathAlgorithm(g.graph).compute(g.worker("A"), 0, Long.MAX_VALUE);
        assertEquals(SketchGraph.render(toPieces(row, row.approx())), SketchGraph.pieces(path));
        assertEquals(0, path.unresolvedNs());
        assertContiguous(path);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void unboundedPathIsTheExactPathWithoutLockInformation(Row row) {
        SketchGraph g = build(row);
        CriticalPath path = new UnboundedPathAlgorithm(g.graph).compute(g.worker("A"), 0, Long.MAX_VALUE);
        assertEquals(SketchGraph.render(toPieces(row, row.unbounded())), SketchGraph.pieces(path));
        assertContiguous(path);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void incorrectAndMissingIntervals(Row row) {
        SketchGraph g = build(row);
        List<Piece> approx = SketchGraph.merge(
                new ActivePathAlgorithm(g.graph).compute(g.worker("A"), 0, Long.MAX_VALUE).segments());
        List<Piece> exact = toPieces(row, row.exact());
        assertEquals(SketchGraph.render(pairs(row, row.incorrect())), SketchGraph.render(minus(approx, exact)));
        assertEquals(SketchGraph.render(pairs(row, row.missing())), SketchGraph.render(minus(exact, approx)));
    }

    private static SketchGraph build(Row row) {
        SketchGraph g = new SketchGraph();
        row.graph().accept(g);
        return g;
    }

    /**
     * A path written as the table does: the points it passes, a stay on a task being the run
     * of consecutive points on that task (e.g. "A3,A4,A5" in (b)).
     */
    private static List<Piece> toPieces(Row row, String points) {
        String[] names = points.split(",");
        List<Piece> pieces = new ArrayList<>();
        int first = 0;
        for (int i = 1; i <= names.length; i++) {
            if (i == names.length || !owner(row, names[i]).equals(owner(row, names[first]))) {
                pieces.add(piece(row, names[first], names[i - 1]));
                first = i;
            }
        }
        return pieces;
    }

    /** Intervals written as "(P,Q),(R,S)". */
    private static List<Piece> pairs(Row row, String intervals) {
        List<Piece> pieces = new ArrayList<>();
        if (intervals.isEmpty()) {
            return pieces;
        }
        for (String pair : intervals.substring(1, intervals.length() - 1).split("\\),\\(")) {
            String[] ends = pair.split(",");
            pieces.add(piece(row, ends[0], ends[1]));
        }
        return pieces;
    }

    private static Piece piece(Row row, String from, String to) {
        String task = owner(row, from);
        assertEquals(task, owner(row, to), from + " and " + to + " must be on the same task");
        return new Piece(task, row.points().get(from), row.points().get(to));
    }

    private static String owner(Row row, String point) {
        return point.startsWith("X") ? X_OWNERS.get(row.name()).get(point) : point.substring(0, 1);
    }

    /** Per-task interval difference {@code a \ b}, in the order of {@code a}. */
    private static List<Piece> minus(List<Piece> a, List<Piece> b) {
        List<Piece> result = new ArrayList<>();
        for (Piece p : a) {
            List<Piece> rest = List.of(p);
            for (Piece q : b) {
                if (!q.worker().equals(p.worker())) {
                    continue;
                }
                List<Piece> next = new ArrayList<>();
                for (Piece r : rest) {
                    if (q.start() > r.start()) {
                        next.add(new Piece(r.worker(), r.start(), Math.min(r.end(), q.start())));
                    }
                    if (q.end() < r.end()) {
                        next.add(new Piece(r.worker(), Math.max(r.start(), q.end()), r.end()));
                    }
                }
                rest = next.stream().filter(r -> r.end() > r.start()).toList();
            }
            result.addAll(rest);
        }
        return result;
    }

    static void assertContiguous(CriticalPath path) {
        long t = path.startNs();
        for (PathSegment s : path.segments()) {
            assertEquals(t, s.startNs(), () -> "gap or overlap before " + s);
            t = s.endNs();
        }
        assertEquals(path.endNs(), t, "path does not reach its end");
    }
}
