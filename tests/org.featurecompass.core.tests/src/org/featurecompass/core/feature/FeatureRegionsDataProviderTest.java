package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.feature.state.FeatureRegionStateAnalysis;
import org.featurecompass.core.tef.TefTmfTrace;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.featurecompass.core.feature.regions.FeatureRegionsDataProvider;
import org.featurecompass.core.feature.regions.FeatureRegionsEntry;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.tests.support.PythonVirtualenv;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Feature Regions data provider queried as a remote client queries it: found through Trace
 * Compass's {@code DataProviderManager} ({@link DataProviderLookup}), its tree and then every
 * row's states asked with parameter maps (entry ids, times at 1 ns resolution), and a tooltip.
 * Every interval its rows draw (each stack level's regions, each thread's interaction) is checked
 * against the peer {@code feature_regions_reference.py}, run by the test on the demo recording
 * (Python's json module, no Feature Compass code).
 */
class FeatureRegionsDataProviderTest {

    private static final String DEMO = "doc/samples/demo-recording.json";
    private static final String REFERENCE = "tests/org.featurecompass.core.tests/src/org/featurecompass/core/feature/feature_regions_reference.py";

    @RegisterExtension
    static final DemoRecording DEMO_RECORDING = new DemoRecording();

    private static FeatureRegionsDataProvider provider() {
        FeatureRegionsDataProvider provider = DataProviderLookup.get(DEMO_RECORDING.fixture().trace(), FeatureRegionsDataProvider.ID,
                FeatureRegionsDataProvider.class);
        assertNotNull(provider, "the factory is registered for TEF traces");
        assertEquals(FeatureRegionsDataProvider.ID, provider.getId());
        return provider;
    }

    private static List<String> reference() throws Exception {
        List<String> lines = PythonVirtualenv.exec(List.of("python3", RepositoryFiles.resolve(REFERENCE).toString(),
                RepositoryFiles.resolve(DEMO).toString()), 2).lines().sorted().toList();
        assertTrue(lines.stream().filter(line -> line.startsWith("level ")).count() >= 42, "the peer found the 42 instances: " + lines);
        return lines;
    }

    private static List<FeatureRegionsEntry> tree() {
        TmfModelResponse<TmfTreeModel<FeatureRegionsEntry>> response = DataProviderQuery.fetchTree(provider(), Map.of(),
                new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        return Objects.requireNonNull(response.getModel()).getEntries();
    }

    @Test
    void rowsDrawThePeersIntervals() throws Exception {
        List<FeatureRegionsEntry> entries = tree();
        Map<Long, FeatureRegionsEntry> byId = new HashMap<>();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        TreeSet<String> threads = new TreeSet<>();
        for (FeatureRegionsEntry entry : entries) {
            assertTrue(entry.getParentId() == -1 || byId.containsKey(entry.getParentId()), "parents first: " + entry);
            byId.put(entry.getId(), entry);
            start = Math.min(start, entry.getStartTime());
            end = Math.max(end, entry.getEndTime());
            if (entry.getKind() == FeatureRegionsEntry.Kind.INTERACTION) {
                threads.add(entry.getPid() + "/" + entry.getTid());
                assertEquals(FeatureRegionsDataProvider.threadName(DEMO_RECORDING.fixture().trace(), entry.getPid(), entry.getTid()),
                        entry.getName());
            }
        }
        assertEquals(FeatureRegionsEntry.Kind.TRACE, entries.get(0).getKind());

        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, new ArrayList<>(byId.keySet()));
        parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(start, start + 1, end)); // spacing 1 ns: every state
        TmfModelResponse<TimeGraphModel> rows = DataProviderQuery.await(m -> provider().fetchRowModel(parameters, m),
                new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, rows.getStatus(), rows.getStatusMessage());
        List<String> ours = new ArrayList<>();
        for (ITimeGraphRowModel row : Objects.requireNonNull(rows.getModel()).getRows()) {
            FeatureRegionsEntry entry = Objects.requireNonNull(byId.get(row.getEntryID()));
            String thread = entry.getPid() + "/" + entry.getTid();
            String prefix = entry.getKind() == FeatureRegionsEntry.Kind.STACK_LEVEL ? "level " + thread + " " + entry.getLevel()
                    : "interaction " + thread;
            long[] open = null; // [start, end) of the value being merged with contiguous equal ones, as the peer merges
            String value = null;
            for (ITimeGraphState state : row.getStates()) {
                String label = Objects.requireNonNull(state.getLabel());
                if (open != null && open[1] == state.getStartTime() && label.equals(value)) {
                    open[1] += state.getDuration();
                    continue;
                }
                if (open != null) {
                    ours.add(prefix + " " + open[0] + " " + open[1] + " " + value);
                }
                open = new long[] { state.getStartTime(), state.getStartTime() + state.getDuration() };
                value = label;
            }
            if (open != null) {
                ours.add(prefix + " " + open[0] + " " + open[1] + " " + value);
            }
        }
        ours.sort(null);
        List<String> expected = reference();
        assertEquals(expected, ours);
        assertEquals(expected.stream().map(line -> line.split(" ")[1]).collect(java.util.stream.Collectors.toCollection(TreeSet::new)),
                threads, "one thread row per thread with regions");
    }

    /** The tooltip of a region: its inclusive time is the instance's length in the peer's intervals. */
    @Test
    void tooltipOfARegion() throws Exception {
        DEMO_RECORDING.fixture().segmentModule(); // the exclusive time comes from the segment store
        String line = reference().stream().filter(l -> l.startsWith("level ") && l.contains(" FR(Encryption) ")).findFirst().orElseThrow();
        String[] fields = line.split(" ", 6); // level PID/TID LEVEL START END NAME #ID
        FeatureRegionsEntry level = tree().stream().filter(e -> e.getKind() == FeatureRegionsEntry.Kind.STACK_LEVEL
                && (e.getPid() + "/" + e.getTid()).equals(fields[1]) && e.getLevel() == Integer.parseInt(fields[2])).findFirst().orElseThrow();
        long start = Long.parseLong(fields[3]);
        long end = Long.parseLong(fields[4]);
        TmfModelResponse<Map<String, String>> response = provider().fetchTooltip(Map.of(DataProviderParameterUtils.REQUESTED_ITEMS_KEY,
                List.of(level.getId()), DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of((start + end) / 2)), new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus());
        Map<String, String> tooltip = Objects.requireNonNull(response.getModel());
        assertEquals("FR(Encryption)", tooltip.get("Region"), tooltip.toString());
        assertEquals(fields[5].substring(fields[5].lastIndexOf('#') + 1), tooltip.get("ID"));
        assertEquals(String.format("%,.3f ms", (end - start) / 1e6), tooltip.get("Inclusive"), tooltip.toString());
    }

    @Test
    void cancelledQueries() {
        NullProgressMonitor cancelled = new NullProgressMonitor();
        cancelled.setCanceled(true);
        TmfModelResponse<TmfTreeModel<FeatureRegionsEntry>> response = provider().fetchTree(Map.of(), cancelled);
        assertEquals(ITmfResponse.Status.CANCELLED, response.getStatus());
        assertEquals(List.of(), Objects.requireNonNull(response.getModel()).getEntries());
        assertEquals(ITmfResponse.Status.CANCELLED, provider().fetchRowModel(Map.of(), cancelled).getStatus());
        assertEquals(ITmfResponse.Status.CANCELLED, DataProviderQuery.fetchTree(provider(), Map.of(), cancelled).getStatus());
    }

    /** A trace whose thread names wait, the first time one is asked for once armed, until the test lets them go on. */
    private static final class PausingTrace extends TefTmfTrace {
        final CountDownLatch fPaused = new CountDownLatch(1);
        final CountDownLatch fResume = new CountDownLatch(1);
        volatile boolean fArmed;

        @Override
        public @Nullable String getThreadName(int pid, int tid) {
            if (fArmed) {
                fArmed = false;
                fPaused.countDown();
                try {
                    fResume.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return super.getThreadName(pid, tid);
        }
    }

    /**
     * Two row queries on a fresh provider: the first builds the entries and is held while it names
     * the first thread (by then the trace's and the first process's entries exist); the second,
     * asked meanwhile, must answer every row, not the rows built so far (it waits for the whole
     * tree). Deterministic: the first query is held until the second has either answered or is
     * waiting for the entries inside the provider.
     */
    @Test
    void aQueryDuringTheFirstSeesEveryRow() throws Exception {
        DEMO_RECORDING.fixture().stateSystem(); // built: the queries answer at once
        FeatureRegionStateAnalysis module = Objects.requireNonNull(TmfTraceUtils.getAnalysisModuleOfClass(DEMO_RECORDING.fixture().trace(),
                FeatureRegionStateAnalysis.class, FeatureRegionStateAnalysis.ID));
        TmfModelResponse<TimeGraphModel> all = DataProviderQuery.await(m -> provider().fetchRowModel(Map.of(), m), new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, all.getStatus(), all.getStatusMessage());
        List<Long> expected = Objects.requireNonNull(all.getModel()).getRows().stream().map(ITimeGraphRowModel::getEntryID).sorted().toList();
        assertTrue(expected.size() >= 4, "the demo recording has thread and stack-level rows: " + expected);

        PausingTrace names = new PausingTrace();
        Path file = DEMO_RECORDING.fixture().file();
        names.initTrace(null, file.toString(), TmfEvent.class, "pausing-" + file.getFileName(), TefTmfTrace.TRACE_TYPE_ID);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            FeatureRegionsDataProvider fresh = new FeatureRegionsDataProvider(names, module);
            names.fArmed = true;
            Future<TmfModelResponse<TimeGraphModel>> first = threads.submit(() -> fresh.fetchRowModel(Map.of(), new NullProgressMonitor()));
            assertTrue(names.fPaused.await(60, TimeUnit.SECONDS), "the first query reached the thread names");
            Thread[] second = new Thread[1];
            Future<TmfModelResponse<TimeGraphModel>> during = threads.submit(() -> {
                second[0] = Thread.currentThread();
                return fresh.fetchRowModel(Map.of(), new NullProgressMonitor());
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!during.isDone() && !waitsInside(second[0], FeatureRegionsDataProvider.class) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            names.fResume.countDown();
            for (Map.Entry<String, Future<TmfModelResponse<TimeGraphModel>>> query : Map.of("the first query", first,
                    "the query asked during the first", during).entrySet()) {
                TmfModelResponse<TimeGraphModel> response = query.getValue().get(60, TimeUnit.SECONDS);
                assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
                assertEquals(expected, Objects.requireNonNull(response.getModel()).getRows().stream().map(ITimeGraphRowModel::getEntryID)
                        .sorted().toList(), "every row in the answer to " + query.getKey());
            }
        } finally {
            names.fResume.countDown();
            threads.shutdownNow();
            names.dispose();
        }
    }

    /** @return whether the thread is blocked or waiting with a method of that class on top of its stack */
    private static boolean waitsInside(@Nullable Thread thread, Class<?> type) {
        if (thread == null || (thread.getState() != Thread.State.BLOCKED && thread.getState() != Thread.State.WAITING)) {
            return false;
        }
        StackTraceElement[] stack = thread.getStackTrace();
        return stack.length > 0 && stack[0].getClassName().equals(type.getName());
    }
}
