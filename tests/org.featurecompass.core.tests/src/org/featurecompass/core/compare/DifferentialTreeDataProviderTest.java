package org.featurecompass.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.Verdict;
import org.featurecompass.model.compare.diff.VerdictChoice;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.diff.StatisticalTest;
import org.featurecompass.model.compare.diff.WidthMode;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.io.ComparisonFile;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.tests.support.DifferentialTreePeer;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential tree's data provider queried as a remote client queries it (found through
 * {@link DataProviderLookup}, asked with a parameter map, asked again while RUNNING), on the
 * node-demo trace's top-level slices as executions. Every entry is checked against the
 * independent peer {@link DifferentialTreePeer} run by the test ({@code differential_tree_peer.py},
 * numpy and SciPy 1.16.3 in the test's virtualenv): from the raw per-execution ECCTs (self time
 * per node and the tree's parent links) and the groups' members it computes inclusive or self
 * times, n, means, standard deviations, Welch's t or Mann-Whitney's U and p, Benjamini-Hochberg
 * q and significance by itself.
 */
class DifferentialTreeDataProviderTest {

    private static final String TYPE = "top"; //$NON-NLS-1$

    private record Fixture(ITmfTrace trace, DifferentialTreeDataProvider provider) {
    }

    private static @Nullable Fixture fixture;

    private static Fixture fixture() {
        return Objects.requireNonNull(fixture);
    }

    @BeforeAll
    static void open() throws Exception {
        ITmfTrace trace = openTrace();
        DifferentialTreeDataProvider provider = Objects.requireNonNull(DataProviderLookup.get(trace, DifferentialTreeDataProvider.ID, DifferentialTreeDataProvider.class),
                "the factory is registered for traces with the execution analysis");
        fixture = new Fixture(trace, provider);
    }

    /** @return node-demo.json opened as the workbench opens it, its top-level slices the executions */
    private static ITmfTrace openTrace() throws Exception {
        Path file = RepositoryFiles.resolve("doc/samples/node-demo.json"); //$NON-NLS-1$
        TefTmfTrace tef = new TefTmfTrace();
        tef.initTrace(null, file.toString(), TmfEvent.class, file.getFileName().toString(), TefTmfTrace.TRACE_TYPE_ID);
        ITmfTrace trace = tef;
        TmfTraceOpenedSignal opened = new TmfTraceOpenedSignal(DifferentialTreeDataProviderTest.class, trace, null);
        tef.traceOpened(opened);
        TmfTraceManager.getInstance().traceOpened(opened);
        ExecutionAnalysis module = Objects.requireNonNull(
                TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID));
        module.setDefinitions(List.of(new ExecutionDefinition.Slice(TYPE, 0, null, List.of())));
        module.schedule();
        assertTrue(module.waitForCompletion(new NullProgressMonitor()));
        return trace;
    }

    /**
     * The command line disposes of the registry before it exits: every session goes, and the
     * registry, used again, listens to the signals again (a closed trace's session is dropped).
     */
    @Test
    void disposeDropsEverySessionAndTheRegistryListensAgainWhenUsed() throws Exception {
        ComparisonSessions sessions = ComparisonSessions.getInstance();
        ITmfTrace other = openTrace();
        try {
            ComparisonSession first = Objects.requireNonNull(sessions.open(other, TYPE, new NullProgressMonitor()));
            sessions.setCurrent(first);
            assertEquals(first, sessions.find(other, TYPE));
            sessions.dispose();
            assertEquals(null, sessions.find(other, TYPE), "disposed");
            assertEquals(null, sessions.current(other), "disposed");
            assertEquals(null, sessions.find(fixture().trace(), TYPE), "every trace's sessions go");
            ComparisonSession again = Objects.requireNonNull(sessions.open(other, TYPE, new NullProgressMonitor()));
            assertTrue(again != first, "a new session after dispose");
            sessions.setCurrent(again);
            List<@Nullable ComparisonSession> told = new ArrayList<>();
            ComparisonSessions.CurrentListener listener = (trace, session) -> {
                if (trace == other) {
                    told.add(session);
                }
            };
            sessions.addListener(listener);
            try {
                TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(DifferentialTreeDataProviderTest.class, other));
            } finally {
                sessions.removeListener(listener);
            }
            assertEquals(Collections.singletonList(null), told, "listening again: the closed trace's session was dropped");
        } finally {
            TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(DifferentialTreeDataProviderTest.class, other));
            other.dispose();
        }
    }

    @AfterAll
    static void close() {
        ITmfTrace trace = fixture().trace();
        TmfTraceClosedSignal closed = new TmfTraceClosedSignal(DifferentialTreeDataProviderTest.class, trace);
        TmfSignalManager.dispatchSignal(closed); // as the workbench closes a trace: every manager and the session registry hear it
        assertEquals(null, ComparisonSessions.getInstance().find(trace, TYPE), "closing the trace drops its sessions");
        trace.dispose();
        ComparisonSessions.getInstance().dispose(); // no listener left registered when the test runtime stops
    }

    /** @return the answer once it is no longer RUNNING, as a polling client gets it */
    private static TmfModelResponse<TmfTreeModel<DifferentialTreeEntry>> fetch(Map<String, Object> parameters) {
        return DataProviderQuery.fetchTree(fixture().provider(), parameters, new NullProgressMonitor());
    }

    @Test
    void sessionGroupsWithWelchMatchTheScipyPeer(@TempDir Path dir) throws Exception {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DifferentialTreeDataProvider.TYPE_KEY, TYPE);
        TmfModelResponse<TmfTreeModel<DifferentialTreeEntry>> response = fetch(parameters);
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        DifferentialTreeModel model = (DifferentialTreeModel) Objects.requireNonNull(response.getModel());
        ComparisonSession session = Objects.requireNonNull(model.getSession());
        assertEquals(session, ComparisonSessions.getInstance().find(fixture().trace(), TYPE), "the provider serves the shared session");
        // A new session compares the slowest 10 % (B) with the rest (A).
        ExecutionTable table = session.tables().get(0);
        BitSet b = session.members(Group.B);
        BitSet a = session.members(Group.A);
        assertEquals(table.size(), a.cardinality() + b.cardinality());
        assertEquals(Math.ceil(0.1 * table.size()), b.cardinality(), 2, "slowest 10 %");
        double slowestOfA = a.stream().mapToDouble(r -> table.duration(r)).max().orElseThrow();
        b.stream().forEach(r -> assertTrue(table.duration(r) > slowestOfA, "B holds the slowest"));
        assertMatchesPeer(dir, session.eccts(), a, b, ComparisonSettings.DEFAULT, model);
    }

    @Test
    void comparisonParameterWithMannWhitneyOnSelfTimesMatchesTheScipyPeerAndLeavesTheSessionAlone(@TempDir Path dir) throws Exception {
        Map<String, Object> first = new HashMap<>();
        first.put(DifferentialTreeDataProvider.TYPE_KEY, TYPE);
        ComparisonSession session = Objects.requireNonNull(((DifferentialTreeModel) Objects.requireNonNull(fetch(first).getModel())).getSession());
        List<GroupFilter> groupABefore = session.filters(Group.A);
        AtomicInteger changes = new AtomicInteger();
        session.addListener((s, change) -> changes.incrementAndGet());

        ExecutionTable table = session.tables().get(0);
        double median = java.util.stream.IntStream.range(0, table.size()).mapToDouble(table::duration).sorted().toArray()[table.size() / 2];
        BitSet a = new BitSet();
        BitSet b = new BitSet();
        for (int r = 0; r < table.size(); r++) {
            (table.duration(r) < median ? a : b).set(r);
        }
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DifferentialTreeDataProvider.TYPE_KEY, TYPE);
        for (ComparisonSettings settings : List.of(
                // forced per-execution tests, and the verdict chosen from groups cut on the duration: selection, no test
                new ComparisonSettings(StatisticalTest.MANN_WHITNEY, 0.05, 0, 0.02, Measure.INCLUSIVE, WidthMode.UNION, VerdictChoice.EXECUTIONS),
                new ComparisonSettings(StatisticalTest.WELCH, 0.1, 100, 0, Measure.SELF, WidthMode.B))) {
            ComparisonSpec spec = new ComparisonSpec(null,
                    List.of(new GroupFilter.MetricRange(MetricColumn.DURATION, Double.NEGATIVE_INFINITY, median)),
                    List.of(new GroupFilter.MetricRange(MetricColumn.DURATION, median, Double.POSITIVE_INFINITY)), settings);
            parameters.put(DifferentialTreeDataProvider.COMPARISON_KEY, ComparisonFile.toJson(spec)); // as a remote client sends it
            TmfModelResponse<TmfTreeModel<DifferentialTreeEntry>> response = fetch(parameters);
            assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
            DifferentialTreeModel model = (DifferentialTreeModel) Objects.requireNonNull(response.getModel());
            int significant = assertMatchesPeer(dir, session.eccts(), a, b, settings, model);
            if (settings.measure() == Measure.INCLUSIVE) {
                assertTrue(significant > 0, "B = the executions at least as long as the median: at least the root differs");
            } else {
                assertEquals(Verdict.SELECTION, Objects.requireNonNull(model.getTree()).verdict(), "groups cut on the duration");
                assertEquals(0, significant, "no test, intervals pending: nothing significant yet");
                int share = DifferentialTreeModel.HEADERS.indexOf("share"); //$NON-NLS-1$
                double sum = model.getEntries().stream().mapToDouble(e -> Double.parseDouble(e.getLabels().get(share))).sum();
                assertEquals(1, sum, 1e-9, "the self times' shares of the root's difference add up to 1");
            }
        }
        assertEquals(groupABefore, session.filters(Group.A), "the session's groups are untouched");
        assertEquals(0, changes.get(), "no listener was told");

        parameters.put(DifferentialTreeDataProvider.COMPARISON_KEY, "{\"format\": \"featurecompass-comparison\", \"version\": 7}"); //$NON-NLS-1$
        TmfModelResponse<TmfTreeModel<DifferentialTreeEntry>> bad = fetch(parameters);
        assertEquals(ITmfResponse.Status.FAILED, bad.getStatus());
        assertTrue(bad.getStatusMessage().contains("version"), bad.getStatusMessage()); //$NON-NLS-1$
        parameters.put(DifferentialTreeDataProvider.TYPE_KEY, "no such type"); //$NON-NLS-1$
        parameters.remove(DifferentialTreeDataProvider.COMPARISON_KEY);
        TmfModelResponse<TmfTreeModel<DifferentialTreeEntry>> unknown = fetch(parameters);
        assertEquals(ITmfResponse.Status.FAILED, unknown.getStatus());
        assertTrue(unknown.getStatusMessage().contains("no such type"), unknown.getStatusMessage()); //$NON-NLS-1$
    }

    /**
     * A client changes the comparison the views show through the parameters only: groups as text,
     * {@code share=true}. The groups' sizes are counted directly over the execution table (not by
     * the cross-filter); a bad definition fails with its message and changes nothing.
     */
    @Test
    void groupsAsTextAndShareChangeTheSharedComparison() throws Exception {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DifferentialTreeDataProvider.TYPE_KEY, TYPE);
        DifferentialTreeModel before = (DifferentialTreeModel) Objects.requireNonNull(fetch(parameters).getModel());
        ComparisonSession session = Objects.requireNonNull(before.getSession());
        ComparisonSpec original = session.spec();
        try {
            ExecutionTable table = session.tables().get(0);
            long threshold = 1_000_000; // 1 ms
            int shorter = 0;
            for (int row = 0; row < table.size(); row++) {
                shorter += table.duration(row) < threshold ? 1 : 0;
            }
            assertTrue(shorter > 0 && shorter < table.size(), "both groups have executions");
            parameters.put(DifferentialTreeDataProvider.GROUP_A_KEY, "duration < 1ms"); //$NON-NLS-1$
            parameters.put(DifferentialTreeDataProvider.GROUP_B_KEY, "duration >= 1ms"); //$NON-NLS-1$
            DifferentialTreeModel asked = (DifferentialTreeModel) Objects.requireNonNull(fetch(parameters).getModel());
            assertEquals(shorter, asked.getEntries().get(0).getDifference().nA());
            assertEquals(table.size() - shorter, asked.getEntries().get(0).getDifference().nB());
            assertEquals(original, session.spec(), "without share, the session keeps its groups");

            parameters.put(DifferentialTreeDataProvider.SHARE_KEY, Boolean.TRUE);
            DifferentialTreeModel shared = (DifferentialTreeModel) Objects.requireNonNull(fetch(parameters).getModel());
            assertEquals(shorter, session.members(Group.A).cardinality(), "shared: the session's group A");
            assertEquals(table.size() - shorter, session.members(Group.B).cardinality());
            assertEquals(session, ComparisonSessions.getInstance().current(fixture().trace()), "and the trace's current session");
            assertEquals(shorter, shared.getEntries().get(0).getDifference().nA());

            parameters.put(DifferentialTreeDataProvider.GROUP_A_KEY, "duration <"); //$NON-NLS-1$
            TmfModelResponse<TmfTreeModel<DifferentialTreeEntry>> bad = fetch(parameters);
            assertEquals(ITmfResponse.Status.FAILED, bad.getStatus());
            assertTrue(String.valueOf(bad.getStatusMessage()).contains("not a valid comparison"), bad.getStatusMessage()); //$NON-NLS-1$
            assertEquals(shorter, session.members(Group.A).cardinality(), "a bad definition changes nothing");
        } finally {
            session.apply(original);
        }
    }

    @Test
    void groupChangesReachListenersAndTheNextAnswer() throws Exception {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DifferentialTreeDataProvider.TYPE_KEY, TYPE);
        DifferentialTreeModel before = (DifferentialTreeModel) Objects.requireNonNull(fetch(parameters).getModel());
        ComparisonSession session = Objects.requireNonNull(before.getSession());
        List<ComparisonChange> seen = new ArrayList<>();
        ComparisonListener listener = (s, change) -> seen.add(change);
        session.addListener(listener);
        try {
            ComparisonSpec original = session.spec();
            session.setGroups(List.of(), List.of()); // both groups: every execution
            DifferentialTreeModel same = (DifferentialTreeModel) Objects.requireNonNull(fetch(parameters).getModel());
            DifferentialTreeEntry root = same.getEntries().get(0);
            assertEquals(0, root.getDifference().difference(), "identical groups");
            assertTrue(same.getEntries().stream().noneMatch(e -> e.getDifference().significant()), "identical groups: nothing significant");
            // The answer, for remote clients: on the root entry only, and it says why nothing differs.
            int answer = DifferentialTreeModel.HEADERS.indexOf("answer"); //$NON-NLS-1$
            assertTrue(root.getLabels().get(answer).startsWith("Groups A and B are the same " + session.executions().size() + " executions"), //$NON-NLS-1$ //$NON-NLS-2$
                    root.getLabels().get(answer));
            assertTrue(same.getEntries().stream().skip(1).allMatch(e -> e.getLabels().get(answer).isEmpty()), "answer on the root only"); //$NON-NLS-1$
            session.setSettings(session.settings().withMeasure(Measure.SELF));
            session.selectContext(3);
            session.apply(original);
            assertEquals(List.of(ComparisonChange.GROUPS, ComparisonChange.SETTINGS, ComparisonChange.SELECTION, ComparisonChange.GROUPS,
                    ComparisonChange.SETTINGS), seen);
            assertEquals(original.groupB(), session.filters(Group.B));
        } finally {
            session.removeListener(listener);
        }
    }

    /** @return number of significant contexts */
    private static int assertMatchesPeer(Path dir, EcctStore store, BitSet a, BitSet b, ComparisonSettings settings, DifferentialTreeModel model)
            throws Exception {
        ContextTree tree = store.tree();
        DifferentialTree answer = Objects.requireNonNull(model.getTree());
        Map<Integer, DifferentialTreePeer.Context> peer = StorePeer.run(dir, store, a, b, settings, answer.verdictReason());
        List<DifferentialTreeEntry> entries = model.getEntries();
        assertEquals(peer.keySet(), entries.stream().map(e -> (int) e.getId()).collect(java.util.stream.Collectors.toSet()),
                "one entry per context reached by either group, and the root");
        int significant = 0;
        for (DifferentialTreeEntry entry : entries) {
            DifferentialTreePeer.Context p = peer.get((int) entry.getId());
            List<String> labels = entry.getLabels();
            String where = "context " + entry.getId() + " " + labels.get(1); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(entry.getId() == 0 ? -1 : tree.parent((int) entry.getId()), entry.getParentId(), where);
            assertEquals(Integer.toString(p.nA()), labels.get(2), where + " nA");
            assertEquals(Integer.toString(p.nB()), labels.get(3), where + " nB");
            assertEquals(Integer.toString(p.reachedA()), labels.get(4), where + " reached in A");
            assertEquals(Integer.toString(p.reachedB()), labels.get(5), where + " reached in B");
            String[] names = { "meanA", "meanB", "sdA", "sdB", "statistic", "p", "q" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
            double[] expected = { p.meanA(), p.meanB(), p.sdA(), p.sdB(), p.statistic(), p.p(), p.q() };
            for (int k = 0; k < names.length; k++) {
                String text = labels.get(DifferentialTreeModel.HEADERS.indexOf(names[k]));
                double actual = text.isEmpty() ? Double.NaN : Double.parseDouble(text);
                if (Double.isNaN(expected[k]) || Double.isInfinite(expected[k])) {
                    assertEquals(expected[k], actual, where + " " + names[k]);
                } else {
                    assertEquals(expected[k], actual, 1e-9 * Math.max(1, Math.abs(expected[k])) + (k >= 5 ? 1e-12 : 0), where + " " + names[k]);
                }
            }
            assertEquals(Boolean.toString(p.significant()), labels.get(DifferentialTreeModel.HEADERS.indexOf("significant")), where + " significant"); //$NON-NLS-1$
            significant += p.significant() ? 1 : 0;
        }
        // Boxes nest: each child lies within its parent, siblings side by side.
        Map<Long, DifferentialTreeEntry> byId = new HashMap<>();
        entries.forEach(e -> byId.put(e.getId(), e));
        Map<Long, Double> childWidths = new HashMap<>();
        for (DifferentialTreeEntry entry : entries) {
            DifferentialTreeEntry parent = byId.get(entry.getParentId());
            if (parent != null) {
                double eps = 1e-9 * Math.max(1, parent.getWidth());
                assertTrue(entry.getX() >= parent.getX() - eps && entry.getX() + entry.getWidth() <= parent.getX() + parent.getWidth() + eps,
                        "context " + entry.getId() + " nests in its parent"); //$NON-NLS-1$
                childWidths.merge(parent.getId(), entry.getWidth(), Double::sum);
            }
        }
        childWidths.forEach((id, sum) -> assertTrue(sum <= byId.get(id).getWidth() * (1 + 1e-9) + 1e-9, "children of " + id + " fit")); //$NON-NLS-1$ //$NON-NLS-2$
        if (settings.widthMode() == WidthMode.B && settings.measure() == Measure.INCLUSIVE) {
            assertEquals(peer.get(0).meanB(), byId.get(0L).getWidth(), 1e-6, "width B: the root is B's mean");
        }
        System.out.println("DifferentialTreeDataProviderTest: " + settings.test() + " " + settings.measure() + ": " + entries.size() //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + " contexts, " + a.cardinality() + " vs " + b.cardinality() + " executions, " + significant + " significant (SciPy peer)"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        return significant;
    }
}
