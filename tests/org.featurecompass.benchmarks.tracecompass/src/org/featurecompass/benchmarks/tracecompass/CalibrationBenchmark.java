package org.featurecompass.benchmarks.tracecompass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.benchmarks.Bench;
import org.featurecompass.benchmarks.calibration.CalibrationComparison;
import org.featurecompass.benchmarks.calibration.CalibrationDraws;
import org.featurecompass.benchmarks.calibration.CalibrationDraws.Draw;
import org.featurecompass.benchmarks.calibration.CalibrationRate;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.GroupComparison;
import org.featurecompass.model.compare.diff.WidthMode;
import org.featurecompass.model.compare.expression.DifferenceCondition;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.junit.jupiter.api.Test;

/**
 * Issue 20 item 5 on real recordings: the false-alarm rate, the power and the false-discovery
 * proportion of {@code compare --fail-if significant} with the default settings, measured on the
 * campaign of {@code tools/record/record-calibration.sh} (a folder with {@code manifest.tsv}:
 * fc-demo and fc-netdemo recorded with kernel events, without and with an injected regression
 * of known size, {@code --inject}). Every trace is opened once and all the traces of a program go
 * into one {@link ComparisonSession}; each comparison is then {@link GroupComparison#compare} on
 * that session's values with the groups as the rows of its runs, and the contexts flagged are
 * those {@link DifferenceCondition} {@code significant} matches, as the command line's gate does.
 * Hundreds of comparisons take seconds instead of the command line's 9 s each.
 * <ul>
 * <li>A/A: runs of one configuration, every pair 1 against 1, and random splits 3 against 3 and
 * 5 against 5: the share of comparisons with at least one flagged context;</li>
 * <li>regressions: n runs without against n runs with the injection (2, 5, 10, 20 % of the mean
 * execution duration of the recording script's pilot), n = 3, 5, 10: the power (the injected
 * context flagged) and the false-discovery proportion (flagged contexts that are neither the
 * injected one nor one of its ancestors, over the flagged ones).</li>
 * </ul>
 * The injected context follows from the demos' sources: fc-demo's work goes into every item's
 * {@code FR(Encryption)} (region 2), a child of the item's root; fc-netdemo's into the server's
 * {@code FR(Handle)}, which the recorder does not trace (it runs in the process the client forks),
 * so it is the server thread's time directly under the request, {@code FR(Base);FR(Request);[… server …]} (the client runs in main, inside Base).
 * Checked: one execution per item (64) and per request (40) in every run, the demos' parameters;
 * a comparison through the group filter {@code trace in {…}} and the session, as the command line
 * makes it, flags the same contexts as the harness's. A few comparisons are written to
 * {@code calibration-crosscheck.tsv} for {@code run.sh calibration} to repeat through the command
 * line. Not a test: tycho-surefire runs it only with
 * {@code -Pgraph-peer -Dfc.bench.class=CalibrationBenchmark} ({@code run.sh calibration}); the
 * campaign folder is {@code fc.bench.traces}, the comparisons per cell {@code fc.bench.iterations}.
 */
class CalibrationBenchmark {

    /** Runs per group of the regression cells (issue 20: 3, 5 and 10). */
    private static final int[] RUNS_PER_GROUP = { 3, 5, 10 };
    private static final long SEED = 20261204L;

    /** A calibrated configuration: its execution type, its injected context and executions per run. */
    private record Program(String name, String type, Pattern injected, int executionsPerRun) {
    }

    private static final List<Program> PROGRAMS = List.of(
            new Program("demo", "item", Pattern.compile("FR\\(Encryption\\)"), 64), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            new Program("netdemo", "request", Pattern.compile("FR\\(Base\\);FR\\(Request\\);\\[[^;\\]]*server[^;\\]]*\\]"), 40)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

    /** A recording of the campaign. */
    private record Run(String program, String group, long injectedNs, Path file, String load) {
    }

    /** The session over all the runs of one program, and where each run's rows are. */
    private record Campaign(Program program, List<Run> runs, ComparisonSession session, int[] firstRow, BitSet injectedNodes,
            BitSet ancestorNodes) {

        BitSet rows(int[] runIndices) {
            BitSet rows = new BitSet();
            for (int r : runIndices) {
                rows.set(firstRow[r], firstRow[r + 1]);
            }
            return rows;
        }

        int[] pool(String group) {
            return java.util.stream.IntStream.range(0, runs.size()).filter(i -> runs.get(i).group().equals(group)).toArray();
        }
    }

    private final int fDraws = Integer.getInteger("fc.bench.iterations", 200).intValue(); //$NON-NLS-1$

    @Test
    void calibration() throws Exception {
        Path folder = Paths.get(System.getProperty("fc.bench.traces")); //$NON-NLS-1$
        Path definitions = Paths.get(System.getProperty("fc.repo.dir"), "tools/record/calibration-executions.json"); //$NON-NLS-1$ //$NON-NLS-2$
        String machineAtStart = Bench.machine();
        List<Run> all = manifest(folder);
        ComparisonSettings settings = ComparisonSettings.DEFAULT.withWidthMode(WidthMode.MAX); // the command line's
        DifferenceCondition gate = DifferenceCondition.parse("significant"); //$NON-NLS-1$
        StringBuilder out = new StringBuilder();
        StringBuilder raw = new StringBuilder("program\tcell\trunsA\trunsB\tflagged\tinjectedFlagged\tfalseDiscoveries\n"); //$NON-NLS-1$
        StringBuilder crosscheck = new StringBuilder();
        out.append(Bench.format("CalibrationBenchmark, %s, commit %s; at start: %s; campaign %s; settings %s; gate --fail-if significant%n%n", //$NON-NLS-1$
                LocalDate.now(), System.getProperty("fc.bench.commit", "unknown"), machineAtStart, folder, settings)); //$NON-NLS-1$ //$NON-NLS-2$
        for (Program program : PROGRAMS) {
            List<Run> runs = all.stream().filter(r -> r.program().equals(program.name()) && !r.group().equals("pilot")).toList(); //$NON-NLS-1$
            if (runs.isEmpty()) {
                continue;
            }
            List<ITmfTrace> traces = new ArrayList<>();
            long t0 = System.nanoTime();
            try {
                Campaign campaign = open(program, runs, definitions, traces);
                double openSeconds = Bench.secondsSince(t0);
                Evaluator evaluator = new Evaluator(campaign, settings, gate, raw);
                crossCheckSessionFilters(campaign, settings, gate, evaluator);
                out.append(report(campaign, evaluator, openSeconds, crosscheck));
            } finally {
                for (ITmfTrace trace : traces) {
                    TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(this, trace));
                    trace.dispose();
                }
            }
        }
        out.append(Bench.format("%nAt end: load average %s%n", Bench.loadAverage())); //$NON-NLS-1$
        System.out.println(out);
        Path results = Paths.get(System.getProperty("fc.bench.results", "target/results/calibration.md")); //$NON-NLS-1$ //$NON-NLS-2$
        Files.createDirectories(results.toAbsolutePath().getParent());
        Files.writeString(results, out, StandardCharsets.UTF_8);
        Files.writeString(results.resolveSibling("calibration-comparisons.tsv"), raw, StandardCharsets.UTF_8); //$NON-NLS-1$
        Files.writeString(results.resolveSibling("calibration-crosscheck.tsv"), crosscheck, StandardCharsets.UTF_8); //$NON-NLS-1$
    }

    private static List<Run> manifest(Path folder) throws Exception {
        List<String> lines = Files.readAllLines(folder.resolve("manifest.tsv")); //$NON-NLS-1$
        List<Run> runs = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t"); //$NON-NLS-1$
            runs.add(new Run(f[0], f[1], Long.parseLong(f[2]), folder.resolve(f[3]), f[4]));
        }
        assertFalse(runs.isEmpty(), "no run in " + folder); //$NON-NLS-1$
        return runs;
    }

    /** Opens every run (fresh supplementary files), defines the executions and builds one session. */
    private Campaign open(Program program, List<Run> runs, Path definitionsFile, List<ITmfTrace> traces) throws Exception {
        List<ExecutionDefinition> definitions;
        try (Reader reader = Files.newBufferedReader(definitionsFile)) {
            definitions = ExecutionDefinitionsJson.read(reader).stream().filter(d -> d.type().equals(program.type())).toList();
        }
        assertEquals(1, definitions.size(), program.type() + " in " + definitionsFile); //$NON-NLS-1$
        for (Run run : runs) {
            TefKernelTrace trace = new TefKernelTrace();
            trace.initTrace(null, run.file().toString(), TmfEvent.class);
            Path supplementary = Paths.get(TmfTraceManager.getSupplementaryFileDir(trace));
            if (Files.exists(supplementary)) {
                Bench.deleteTree(supplementary);
            }
            trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
            traces.add(trace);
            ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
            assertNotNull(module);
            module.setDefinitions(definitions);
            module.schedule();
            assertTrue(module.waitForCompletion(new NullProgressMonitor()), run.file().toString());
        }
        ComparisonSession session = ComparisonSession.create(traces, program.type(), new NullProgressMonitor());
        assertNotNull(session);
        List<ExecutionTable> tables = session.tables();
        int[] firstRow = new int[runs.size() + 1];
        for (int i = 0; i < runs.size(); i++) {
            assertEquals(program.executionsPerRun(), tables.get(i).size(), runs.get(i).file() + ": executions (the demo's parameters)"); //$NON-NLS-1$
            firstRow[i + 1] = firstRow[i] + tables.get(i).size();
        }
        ContextTree contexts = session.eccts().tree();
        BitSet injected = new BitSet();
        BitSet ancestors = new BitSet();
        for (int c = 0; c < contexts.size(); c++) {
            if (program.injected().matcher(contexts.folded(c)).matches()) {
                injected.set(c);
                for (int p = contexts.parent(c); p >= 0; p = p == ContextTree.ROOT ? -1 : contexts.parent(p)) {
                    ancestors.set(p);
                }
            }
        }
        if (injected.isEmpty()) {
            List<String> near = new ArrayList<>();
            for (int c = 1; c < contexts.size() && near.size() < 40; c++) {
                if (contexts.depth(c) <= 4) {
                    near.add(contexts.folded(c));
                }
            }
            throw new AssertionError(program.name() + ": no context matches " + program.injected() + "; contexts of depth 1 to 4: " + near); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new Campaign(program, runs, session, firstRow, injected, ancestors);
    }

    /** Runs comparisons on one campaign and sorts what they flag. */
    private static final class Evaluator {
        private final Campaign fCampaign;
        private final ComparisonSettings fSettings;
        private final DifferenceCondition fGate;
        private final StringBuilder fRaw;
        private long fComputeNs;
        private int fComputed;

        Evaluator(Campaign campaign, ComparisonSettings settings, DifferenceCondition gate, StringBuilder raw) {
            fCampaign = campaign;
            fSettings = settings;
            fGate = gate;
            fRaw = raw;
        }

        List<CalibrationComparison> run(String cell, List<Draw> draws) {
            List<CalibrationComparison> results = new ArrayList<>();
            for (Draw draw : draws) {
                long t0 = System.nanoTime();
                DifferentialTree tree = GroupComparison.compare(fCampaign.session().values(), fCampaign.rows(draw.a()), fCampaign.rows(draw.b()),
                        fSettings);
                CalibrationComparison c = classify(draw, fGate.matches(tree), tree.tree());
                fComputeNs += System.nanoTime() - t0;
                fComputed++;
                results.add(c);
                fRaw.append(fCampaign.program().name()).append('\t').append(cell).append('\t').append(names(draw.a())).append('\t')
                        .append(names(draw.b())).append('\t').append(String.join(" | ", c.flagged())).append('\t') //$NON-NLS-1$
                        .append(c.injectedFlagged()).append('\t').append(String.join(" | ", c.falseDiscoveries())).append('\n'); //$NON-NLS-1$
            }
            return results;
        }

        CalibrationComparison classify(Draw draw, List<Integer> matches, ContextTree contexts) {
            List<String> flagged = new ArrayList<>();
            List<String> falseDiscoveries = new ArrayList<>();
            boolean injected = false;
            for (int c : matches) {
                String path = c == ContextTree.ROOT ? "(root)" : contexts.folded(c); //$NON-NLS-1$
                flagged.add(path);
                if (fCampaign.injectedNodes().get(c)) {
                    injected = true;
                } else if (!fCampaign.ancestorNodes().get(c)) {
                    falseDiscoveries.add(path);
                }
            }
            return new CalibrationComparison(draw.a(), draw.b(), flagged, injected, falseDiscoveries);
        }

        String names(int[] runs) {
            return Arrays.stream(runs).mapToObj(r -> fCampaign.runs().get(r).file().getFileName().toString()).collect(Collectors.joining(",")); //$NON-NLS-1$
        }

        double millisPerComparison() {
            return fComputed == 0 ? Double.NaN : fComputeNs / 1e6 / fComputed;
        }
    }

    /**
     * The command line's way on two comparisons: groups as {@code trace in {…}} filters resolved on
     * the session's executions and the session's own tree; it must flag what the harness flags.
     */
    private static void crossCheckSessionFilters(Campaign campaign, ComparisonSettings settings, DifferenceCondition gate, Evaluator evaluator)
            throws Exception {
        int[] none = campaign.pool("none"); //$NON-NLS-1$
        List<Draw> draws = new ArrayList<>(CalibrationDraws.pairs(Arrays.copyOf(none, 2)));
        String strongest = campaign.runs().stream().map(Run::group).filter(g -> g.startsWith("inject")).distinct() //$NON-NLS-1$
                .max(Comparator.comparingInt(g -> Integer.parseInt(g.substring("inject".length())))).orElse(null); //$NON-NLS-1$
        if (strongest != null && none.length >= 3 && campaign.pool(strongest).length >= 3) {
            draws.addAll(CalibrationDraws.across(none, campaign.pool(strongest), 3, 1, SEED));
        }
        ComparisonSession session = campaign.session();
        session.setSettings(settings);
        for (Draw draw : draws) {
            session.setGroups(GroupFilterExpression.parse(traceFilter(campaign, draw.a())).resolve(session.executions()),
                    GroupFilterExpression.parse(traceFilter(campaign, draw.b())).resolve(session.executions()));
            assertEquals(campaign.rows(draw.a()), session.members(Group.A), "group A of " + traceFilter(campaign, draw.a())); //$NON-NLS-1$
            assertEquals(campaign.rows(draw.b()), session.members(Group.B), "group B of " + traceFilter(campaign, draw.b())); //$NON-NLS-1$
            DifferentialTree tree = session.compute();
            CalibrationComparison viaSession = evaluator.classify(draw, gate.matches(tree), tree.tree());
            CalibrationComparison viaHarness = evaluator.classify(draw, gate.matches(
                    GroupComparison.compare(session.values(), campaign.rows(draw.a()), campaign.rows(draw.b()), settings)), tree.tree());
            assertEquals(viaSession.flagged(), viaHarness.flagged(), "the session and the harness flag the same contexts"); //$NON-NLS-1$
        }
    }

    private static String traceFilter(Campaign campaign, int[] runs) {
        return "trace in {" + Arrays.stream(runs).mapToObj(r -> '"' + campaign.runs().get(r).file().getFileName().toString() + '"') //$NON-NLS-1$
                .collect(Collectors.joining(", ")) + '}'; //$NON-NLS-1$
    }

    private String report(Campaign campaign, Evaluator evaluator, double openSeconds, StringBuilder crosscheck) {
        Program program = campaign.program();
        int[] none = campaign.pool("none"); //$NON-NLS-1$
        StringBuilder out = new StringBuilder();
        double meanNs = meanDuration(campaign, none);
        Map<String, int[]> injectedPools = new TreeMap<>(Comparator.comparingInt(g -> Integer.parseInt(g.substring("inject".length())))); //$NON-NLS-1$
        for (Run run : campaign.runs()) {
            if (run.group().startsWith("inject")) { //$NON-NLS-1$
                injectedPools.put(run.group(), campaign.pool(run.group()));
            }
        }
        out.append(Bench.format("### %s: %d runs without injection, %s; type %s, %d executions a run; mean duration %.3f ms (runs without injection)%n%n", //$NON-NLS-1$
                program.name(), none.length, injectedPools.entrySet().stream().map(e -> e.getValue().length + " " + e.getKey()) //$NON-NLS-1$
                        .collect(Collectors.joining(", ")), program.type(), program.executionsPerRun(), meanNs / 1e6)); //$NON-NLS-1$
        out.append(Bench.format("Injected context: %s (%d nodes of the union ECCT). Traces opened and session built in %.1f s.%n%n", //$NON-NLS-1$
                program.injected().pattern(), campaign.injectedNodes().cardinality(), openSeconds));

        // A/A
        out.append(Bench.markdownHeader("A/A", "comparisons", "with ≥ 1 flagged", "false-alarm rate", "Wilson 95 %", "jackknife 95 %", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "flagged per comparison", "most often flagged")).append('\n'); //$NON-NLS-1$ //$NON-NLS-2$
        List<int[]> nonePool = List.of(none);
        Map<String, List<Draw>> aa = new LinkedHashMap<>();
        aa.put("1 vs 1, every pair", CalibrationDraws.pairs(none)); //$NON-NLS-1$
        for (int n : new int[] { 3, 5 }) {
            if (none.length >= 2 * n) {
                aa.put(n + " vs " + n + ", random splits", CalibrationDraws.splits(none, n, fDraws, SEED + n)); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        for (Map.Entry<String, List<Draw>> cell : aa.entrySet()) {
            List<CalibrationComparison> results = evaluator.run("A/A " + cell.getKey(), cell.getValue()); //$NON-NLS-1$
            CalibrationRate rate = CalibrationRate.of(results, c -> c.anyFlagged() ? 1 : 0, true, nonePool);
            out.append(Bench.markdownRow(cell.getKey(), Integer.toString(results.size()), Long.toString(results.stream().filter(CalibrationComparison::anyFlagged).count()),
                    percent(rate.value()), interval(rate.wilsonLow(), rate.wilsonHigh()), interval(rate.jackknifeLow(), rate.jackknifeHigh()),
                    Bench.format("%.2f", results.stream().mapToInt(c -> c.flagged().size()).average().orElse(0)), //$NON-NLS-1$
                    mostOften(results, CalibrationComparison::flagged))).append('\n');
            crossCheckLines(program, cell.getKey(), results, evaluator, crosscheck);
        }
        out.append('\n');

        // Injected regressions
        out.append(Bench.markdownHeader("injected", "ns per execution", "runs per group", "comparisons", "power", "Wilson 95 %", "jackknife 95 %", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
                "mean FDP", "jackknife 95 %", "with a false discovery", "most often falsely flagged")).append('\n'); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        for (Map.Entry<String, int[]> pool : injectedPools.entrySet()) {
            long ns = campaign.runs().get(pool.getValue()[0]).injectedNs();
            for (int n : RUNS_PER_GROUP) {
                if (none.length < n || pool.getValue().length < n) {
                    continue;
                }
                String cell = pool.getKey() + ' ' + n + " vs " + n; //$NON-NLS-1$
                List<CalibrationComparison> results = evaluator.run(cell,
                        CalibrationDraws.across(none, pool.getValue(), n, fDraws, SEED + 1000L * n + pool.getKey().hashCode()));
                List<int[]> pools = List.of(none, pool.getValue());
                CalibrationRate power = CalibrationRate.of(results, c -> c.injectedFlagged() ? 1 : 0, true, pools);
                CalibrationRate fdp = CalibrationRate.of(results, CalibrationComparison::falseDiscoveryProportion, false, pools);
                CalibrationRate anyFalse = CalibrationRate.of(results, c -> c.falseDiscoveries().isEmpty() ? 0 : 1, true, pools);
                out.append(Bench.markdownRow(Bench.format("%s %% (%.1f %% measured)", pool.getKey().substring("inject".length()), 100.0 * ns / meanNs), //$NON-NLS-1$ //$NON-NLS-2$
                        Bench.format("%,d", ns), Integer.toString(n), Integer.toString(results.size()), percent(power.value()), //$NON-NLS-1$
                        interval(power.wilsonLow(), power.wilsonHigh()), interval(power.jackknifeLow(), power.jackknifeHigh()), percent(fdp.value()),
                        interval(fdp.jackknifeLow(), fdp.jackknifeHigh()), percent(anyFalse.value()), mostOften(results, CalibrationComparison::falseDiscoveries)))
                        .append('\n');
                crossCheckLines(program, cell, results, evaluator, crosscheck);
            }
        }
        out.append(Bench.format("%n%,d comparisons, %.1f ms each (differential tree and gate).%n%n", evaluator.fComputed, evaluator.millisPerComparison())); //$NON-NLS-1$
        return out.toString();
    }

    /** The first comparison of a cell with a flagged context and the first without, for the command line. */
    private static void crossCheckLines(Program program, String cell, List<CalibrationComparison> results, Evaluator evaluator, StringBuilder out) {
        for (boolean flagged : new boolean[] { true, false }) {
            results.stream().filter(c -> c.anyFlagged() == flagged).findFirst().ifPresent(c -> out.append(program.type()).append('\t').append(cell)
                    .append('\t').append(evaluator.names(c.runsA())).append('\t').append(evaluator.names(c.runsB())).append('\t')
                    .append(c.flagged().size()).append('\n'));
        }
    }

    private static double meanDuration(Campaign campaign, int[] runs) {
        BitSet rows = campaign.rows(runs);
        var executions = campaign.session().executions();
        MetricColumn duration = executions.metrics().get(executions.metricIndex(MetricColumn.DURATION));
        double sum = 0;
        for (int row = rows.nextSetBit(0); row >= 0; row = rows.nextSetBit(row + 1)) {
            sum += duration.get(row);
        }
        return sum / rows.cardinality();
    }

    private static String mostOften(List<CalibrationComparison> results, java.util.function.Function<CalibrationComparison, List<String>> contexts) {
        Map<String, Long> counts = results.stream().flatMap(c -> contexts.apply(c).stream()).collect(Collectors.groupingBy(s -> s, Collectors.counting()));
        return counts.entrySet().stream().sorted(Map.Entry.<String, Long> comparingByValue().reversed()).limit(2)
                .map(e -> '`' + e.getKey() + "` " + e.getValue()).collect(Collectors.joining("; ")); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String percent(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.1f %%", 100 * value); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String interval(double low, double high) {
        return Double.isNaN(low) ? "–" : String.format(Locale.ROOT, "[%.1f, %.1f]", 100 * low, 100 * high); //$NON-NLS-1$
    }
}
