package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.segments.FeatureRegionSegment;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.feature.state.FeatureRegionAttributes;
import org.featurecompass.core.feature.state.FeatureRegionStateAnalysis;
import org.featurecompass.core.tef.TefTmfTrace;

/**
 * A TEF trace opened through the Trace Compass trace type, with the feature-region analyses found
 * through their plugin.xml registration, as the UI finds them; the trace is opened for Trace
 * Compass's trace manager too, so that the data provider manager finds it. Stale state-system files of an
 * earlier run are deleted first, so every test builds the state system with the current code.
 */
final class FeatureTraceFixture implements AutoCloseable {

    private final TefTmfTrace fTrace;
    private final Path fFile;

    FeatureTraceFixture(Path file) throws Exception {
        fFile = file;
        TefTmfTrace trace = new TefTmfTrace();
        // The five-argument form is what Trace Compass calls when it opens a trace.
        trace.initTrace(null, file.toString(), TmfEvent.class, file.getFileName().toString(), TefTmfTrace.TRACE_TYPE_ID);
        Files.deleteIfExists(Paths.get(TmfTraceManager.getSupplementaryFileDir(trace), FeatureRegionStateAnalysis.ID + ".ht"));
        TmfTraceOpenedSignal opened = new TmfTraceOpenedSignal(this, trace, null);
        trace.traceOpened(opened);
        // opened for Trace Compass's managers too, so that DataProviderManager finds it
        TmfTraceManager.getInstance().traceOpened(opened);
        fTrace = trace;
    }

    /**
     * @param dir a temporary folder
     * @param name a file name, made unique so that no supplementary files are shared
     * @param events the TEF events, one JSON object each
     * @return a trace of a VaRA-style TEF file ({@code "timestampUnit":"ns"})
     */
    static FeatureTraceFixture ofEvents(Path dir, String name, String... events) throws Exception {
        return ofJson(dir, name, "{\"timestampUnit\":\"ns\",\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n"
                + String.join(",\n", events) + "\n]}\n");
    }

    static FeatureTraceFixture ofJson(Path dir, String name, String json) throws Exception {
        Path file = dir.resolve(name + '-' + System.nanoTime() + ".json");
        Files.writeString(file, json);
        return new FeatureTraceFixture(file);
    }

    /** @return a VaRA-style event with top-level ID and UUID */
    static String vara(String ph, String name, long ts, int pid, int tid, String id) {
        return "{\"name\":\"" + name + "\",\"cat\":\"Feature\",\"ph\":\"" + ph + "\",\"ts\":" + ts + ",\"pid\":" + pid
                + ",\"tid\":" + tid + ",\"ID\":" + id + ",\"UUID\":" + id + "}";
    }

    /** @return the trace file */
    Path file() {
        return fFile;
    }

    TefTmfTrace trace() {
        return fTrace;
    }

    FeatureStatistics statistics() {
        FeatureRegionSegmentAnalysis module = segmentModule();
        FeatureStatistics statistics = module.getStatistics();
        if (statistics == null) {
            throw new AssertionError("segment analysis completed without statistics");
        }
        return statistics;
    }

    /** @return the region instances, by start time then depth */
    List<FeatureRegionSegment> segments() {
        List<FeatureRegionSegment> segments = new ArrayList<>();
        for (ISegment segment : segmentStore()) {
            segments.add((FeatureRegionSegment) segment);
        }
        segments.sort(Comparator.comparingLong(FeatureRegionSegment::getStart).thenComparingInt(FeatureRegionSegment::getDepth)
                .thenComparingInt(FeatureRegionSegment::getTid));
        return segments;
    }

    /** @return the segment store of the completed segment analysis */
    ISegmentStore<ISegment> segmentStore() {
        ISegmentStore<ISegment> store = segmentModule().getSegmentStore();
        if (store == null) {
            throw new AssertionError("no segment store");
        }
        return store;
    }

    ITmfStateSystem stateSystem() {
        FeatureRegionStateAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(fTrace, FeatureRegionStateAnalysis.class,
                FeatureRegionStateAnalysis.ID);
        if (module == null) {
            throw new AssertionError("state analysis not registered for TEF traces");
        }
        module.schedule();
        assertTrue(module.waitForCompletion(), "state analysis did not complete");
        ITmfStateSystem ss = module.getStateSystem();
        if (ss == null) {
            throw new AssertionError("no state system");
        }
        return ss;
    }

    /** @return the ongoing-or-past value of {@code Threads/pid/tid/path...} at a time, or null */
    static @Nullable Object threadValue(ITmfStateSystem ss, long t, int pid, int tid, String... path) throws Exception {
        String[] full = new String[3 + path.length];
        full[0] = FeatureRegionAttributes.THREADS;
        full[1] = Integer.toString(pid);
        full[2] = Integer.toString(tid);
        System.arraycopy(path, 0, full, 3, path.length);
        int quark = ss.optQuarkAbsolute(full);
        return quark < 0 ? null : ss.querySingleState(t, quark).getValue();
    }

    /** @return the segment analysis, completed */
    FeatureRegionSegmentAnalysis segmentModule() {
        FeatureRegionSegmentAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(fTrace,
                FeatureRegionSegmentAnalysis.class, FeatureRegionSegmentAnalysis.ID);
        if (module == null) {
            throw new AssertionError("segment analysis not registered for TEF traces");
        }
        module.schedule();
        assertTrue(module.waitForCompletion(), "segment analysis did not complete");
        return module;
    }

    @Override
    public void close() throws IOException {
        TmfTraceClosedSignal closed = new TmfTraceClosedSignal(this, fTrace);
        DataProviderManager.getInstance().traceClosed(closed);
        TmfTraceManager.getInstance().traceClosed(closed);
        fTrace.dispose();
    }
}
