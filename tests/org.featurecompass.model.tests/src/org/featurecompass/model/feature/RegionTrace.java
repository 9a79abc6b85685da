package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A scripted feature trace for tests: region events and coverage gaps in stream order, replayed
 * into a {@link FeatureRegionAnalysis}. Events go to the current thread, pid 1 / tid 1 unless
 * changed with {@link #on(int, int)}.
 */
final class RegionTrace {

    /** One second, ns. */
    static final long S = 1_000_000_000L;

    private final List<Object> fInputs = new ArrayList<>();
    private final List<RegionInstance> fInstances = new ArrayList<>();
    private final List<String> fChanges = new ArrayList<>();
    private int fPid = 1;
    private int fTid = 1;

    RegionTrace on(int pid, int tid) {
        fPid = pid;
        fTid = tid;
        return this;
    }

    RegionTrace begin(long timestampNs, long id, String name) {
        fInputs.add(RegionEvent.begin(timestampNs, fPid, fTid, id, name));
        return this;
    }

    RegionTrace end(long timestampNs, long id, String name) {
        fInputs.add(RegionEvent.end(timestampNs, fPid, fTid, id, name));
        return this;
    }

    RegionTrace gap(CoverageGap gap) {
        fInputs.add(gap);
        return this;
    }

    FeatureRegionReport analyze(long traceEndNs) {
        return replay(FeatureRegionAnalysis.forWholeTrace(recorder())).finish(traceEndNs);
    }

    FeatureRegionReport analyze(AnalysisWindow window, long traceEndNs) {
        return replay(FeatureRegionAnalysis.forWindow(window, recorder())).finish(traceEndNs);
    }

    /** @return instances reported to the listener by the last analysis, in close order */
    List<RegionInstance> instances() {
        return fInstances;
    }

    /** @return interaction and active-thread changes reported by the last analysis */
    List<String> changes() {
        return fChanges;
    }

    private FeatureRegionAnalysis replay(FeatureRegionAnalysis analysis) {
        for (Object input : fInputs) {
            if (input instanceof RegionEvent event) {
                analysis.accept(event);
            } else {
                analysis.gap((CoverageGap) input);
            }
        }
        return analysis;
    }

    private FeatureRegionListener recorder() {
        fInstances.clear();
        fChanges.clear();
        return new FeatureRegionListener() {
            @Override
            public void instanceClosed(RegionInstance instance) {
                fInstances.add(instance);
            }

            @Override
            public void interactionChanged(int pid, int tid, long timestampNs, @Nullable FeatureSet interaction) {
                fChanges.add(timestampNs + " " + pid + "/" + tid + " -> " + (interaction == null ? "idle" : "[" + interaction + "]"));
            }

            @Override
            public void activeThreadsChanged(String feature, long timestampNs, int activeThreads) {
                fChanges.add(timestampNs + " " + feature + " x" + activeThreads);
            }
        };
    }

    /** @return the instance of that region that began at that time */
    RegionInstance instance(String name, long startNs) {
        return fInstances.stream().filter(i -> i.region().name().equals(name) && i.startNs() == startNs).findFirst()
                .orElseThrow();
    }
}
