package org.featurecompass.model.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.ExecutionValues;
import org.featurecompass.model.compare.diff.GroupComparison;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.CrossFilterTestTables;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAccumulator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.report.FoldedStacksWriter;
import org.featurecompass.model.report.PprofWriter;
import org.featurecompass.model.report.StackProfile;
import org.featurecompass.tests.support.PythonVirtualenv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files of the report formats (issue 14): a comparison small enough to work out by hand,
 * three executions per group, whose files under {@code golden/} were written by hand from the
 * values below, not copied from the writers' output. The numbers are derived exactly by
 * {@code golden/golden_comparison.py} (fractions and closed forms of the t distribution with 2
 * and 4 degrees of freedom, no SciPy, no Feature Compass), which the test runs on the golden CSV.
 * The frame {@code <script>alert("a,b;c|é")</script>} pins each format's escaping: CSV quotes
 * and doubles quotes, Markdown writes entities and escapes the pipe, folded stacks turn the
 * {@code ;} into {@code :}, pprof keeps the name as it is (read back by {@code go tool pprof
 * -raw}, the peer, whose text is the golden form of the binary profile); {@code +only-in-B}
 * pins the CSV formula guard.
 *
 * <pre>
 * self ns per execution   main    &lt;script&gt;  g      +only-in-B
 * A1                      23000   4000      2000   -
 * A2                      26000   7000      5000   -
 * A3                      29000   10000     8000   -
 * B1                      14600   13400     9000   35000
 * B2                      17600   16400     6000   23000
 * B3                      20600   19400     3000   11000
 * </pre>
 *
 * Inclusive means A → B: main 38 → 63 µs, &lt;script&gt; 7 → 16.4 µs, g 5 → 6 µs, +only-in-B 0 →
 * 23 µs. Welch (TraceCompare §3.4.2) p-values: main and the root 664/24389, &lt;script&gt;
 * 2754/148877, g 88/125, +only-in-B 2/25; Benjamini-Hochberg over those five gives q = 3320/73167
 * to main and &lt;script&gt; (significant at 0.05), 0.1 and 0.704 to the others.
 *
 * <p>
 * The answer (first line of the Markdown): the root takes 29, 38, 47 µs in A and 72, 63, 54 µs in
 * B, means 38 and 63 µs, both sd 9 µs, so B − A = +25 µs (+65.8 % of 38 µs) and Welch's 95 %
 * interval is 25 ± t<sub>0.975,4</sub> · 9 · √(2/3) = 25 ± 20.40 µs (t<sub>0.975,4</sub> = 2.7764,
 * the closed form for ν = 4); main carries the whole difference (100 %), &lt;script&gt; 9.4 / 25 =
 * 38 % of it; +only-in-B (92 %) is not significant, so not named.
 */
class ComparisonReportGoldenTest {

    private static final String SCRIPT = "<script>alert(\"a,b;c|\u00e9\")</script>"; //$NON-NLS-1$
    /** Self ns per execution of main, &lt;script&gt;, g, +only-in-B; A's three then B's three. */
    private static final long[][] SELF = { { 23000, 4000, 2000, 0 }, { 26000, 7000, 5000, 0 }, { 29000, 10000, 8000, 0 },
            { 14600, 13400, 9000, 35000 }, { 17600, 16400, 6000, 23000 }, { 20600, 19400, 3000, 11000 } };

    private final EcctStore fStore;
    private final CrossFilter fFilter;
    private final ComparisonReport fReport;

    ComparisonReportGoldenTest() throws Exception {
        ContextTree tree = new ContextTree(new FrameTable());
        int main = tree.child(ContextTree.ROOT, Frame.function("main")); //$NON-NLS-1$
        int[] contexts = { main, tree.child(main, Frame.function(SCRIPT)), tree.child(main, Frame.function("g")), //$NON-NLS-1$
                tree.child(main, Frame.function("+only-in-B")) }; //$NON-NLS-1$
        fStore = new EcctStore(tree);
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        int n = SELF.length;
        long[] start = new long[n];
        long[] end = new long[n];
        String[] traces = new String[n];
        String[] features = new String[n];
        for (int e = 0; e < n; e++) {
            long total = 0;
            for (int c = 0; c < contexts.length; c++) {
                if (SELF[e][c] != 0) {
                    accumulator.insert(contexts[c], SELF[e][c]);
                    total += SELF[e][c];
                }
            }
            fStore.add(accumulator.finish());
            start[e] = 1_000_000L * (e + 1);
            end[e] = start[e] + total;
            traces[e] = e < 3 ? "t1" : "t2"; //$NON-NLS-1$ //$NON-NLS-2$
            features[e] = ""; //$NON-NLS-1$
        }
        ExperimentExecutions executions = CrossFilterTestTables.of(start, end, features, traces, new HashMap<>());
        fFilter = new CrossFilter(executions, 20, HistogramEdges.Scale.LINEAR);
        List<GroupFilter> groupA = GroupFilterExpression.parse("trace = t1").resolve(executions); //$NON-NLS-1$
        List<GroupFilter> groupB = GroupFilterExpression.parse("trace = t2").resolve(executions); //$NON-NLS-1$
        fFilter.apply(Group.A, groupA);
        fFilter.apply(Group.B, groupB);
        ComparisonSettings settings = ReportFixture.SETTINGS; // absolute times per execution, as the golden numbers
        ComparisonSpec spec = new ComparisonSpec("{\"kind\": \"slice\", \"type\": \"request\"}", groupA, groupB, settings); //$NON-NLS-1$
        Map<String, MetricUnit> units = new HashMap<>();
        for (MetricColumn m : executions.metrics()) {
            units.put(m.name(), m.unit());
        }
        ReportMetadata meta = new ReportMetadata("0.1.0.test", "request", //$NON-NLS-1$ //$NON-NLS-2$
                List.of(new TraceSummary("t1", 3, 2, 1, 0, 1500, List.of()), new TraceSummary("t2", 3, 0, 0, 0, 0, List.of())), //$NON-NLS-1$ //$NON-NLS-2$
                units, null);
        fReport = new ComparisonReport(new GroupComparison(fFilter, new ExecutionValues(fStore)).compute(settings), spec,
                MetricHistogram.forReport(fFilter), meta, GroupRelation.of(fFilter));
    }

    private static byte[] golden(String name) throws IOException {
        try (InputStream in = ComparisonReportGoldenTest.class.getResourceAsStream("golden/" + name)) { //$NON-NLS-1$
            if (in == null) {
                throw new IOException("golden file " + name + " not on the test's class path"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            return in.readAllBytes();
        }
    }

    private static void assertSameBytes(String goldenName, byte[] actual) throws IOException {
        // Compared as text for a readable diff; the texts are the files' exact bytes as UTF-8.
        assertEquals(new String(golden(goldenName), StandardCharsets.UTF_8), new String(actual, StandardCharsets.UTF_8), goldenName);
    }

    private StackProfile profile(Group group) {
        BitSet members = fFilter.members(group);
        return GroupProfile.of("group " + group.name() + " of request", fStore, members); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void csvIsTheGoldenFileAndItsNumbersAreTheExactOnes(@TempDir Path dir) throws Exception {
        assertSameBytes("comparison.csv", DifferenceCsv.text(fReport).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
        Path csv = Files.write(dir.resolve("comparison.csv"), golden("comparison.csv")); //$NON-NLS-1$
        Path script = Files.write(dir.resolve("golden_comparison.py"), golden("golden_comparison.py")); //$NON-NLS-1$
        String out = PythonVirtualenv.exec(List.of("python3", script.toString(), csv.toString()), 2); //$NON-NLS-1$
        assertEquals("ok golden CSV", out.lines().reduce((a, b) -> b).orElse(""), out); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void markdownIsTheGoldenFile() throws Exception {
        assertSameBytes("comparison.md", ComparisonMarkdown.text(fReport, 20).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
    }

    @Test
    void foldedStacksAreTheGoldenFiles() throws Exception {
        assertSameBytes("group-A.folded", FoldedStacksWriter.write(profile(Group.A), 0).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
        assertSameBytes("group-B.folded", FoldedStacksWriter.write(profile(Group.B), 0).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
    }

    @Test
    void pprofReadByGoToolPprofIsTheGoldenText(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("group-B.pb.gz"), PprofWriter.toBytes(profile(Group.B))); //$NON-NLS-1$
        String raw;
        try {
            raw = PythonVirtualenv.exec(List.of("go", "tool", "pprof", "-raw", file.toString()), 2); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        } catch (IOException e) {
            throw new AssertionError("the peer, go tool pprof, is not installed (tools/setup/install-deps.sh installs it): " + e, e); //$NON-NLS-1$
        }
        assertSameBytes("group-B.pprof-raw.txt", raw.getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
    }
}
