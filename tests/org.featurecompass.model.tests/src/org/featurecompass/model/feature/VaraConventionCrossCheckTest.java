package org.featurecompass.model.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cross-checks exclusive time per interaction against an independent transcription of
 * VaRA-Tool-Suite's {@code get_feature_performance_from_tef_report} rule, applied per thread:
 * when a region closes, its duration is added to the interaction of all open regions plus it and
 * subtracted from the interaction of the regions still open. For properly nested input the two
 * must agree exactly; {@link RegionMatchingTest#nonLifoCloseIsMatchedByIdAndFlagged()} documents
 * where they differ on purpose. (The peer run of VaRA's own Python code is the core bundle's
 * job, issue 4.)
 */
class VaraConventionCrossCheckTest {

    private static final String[] NAMES = { "Base", "FR(A)", "FR(B)", "FR(A,B)", "FR()", "FR(C)", "FR(B,C)" };

    @ParameterizedTest
    @ValueSource(longs = { 1, 2, 3, 42, 2022 })
    void randomNestedTracesAgreeWithVaraRule(long seed) {
        Random random = new Random(seed);
        List<RegionEvent> events = new ArrayList<>();
        List<Deque<RegionEvent>> stacks = List.of(new ArrayDeque<>(), new ArrayDeque<>(), new ArrayDeque<>());
        long t = 0;
        for (int i = 0; i < 3000; i++) {
            t += random.nextInt(3); // ties included
            int tid = random.nextInt(3);
            Deque<RegionEvent> stack = stacks.get(tid);
            if (!stack.isEmpty() && (stack.size() > 6 || random.nextBoolean())) {
                RegionEvent open = stack.pop();
                events.add(RegionEvent.end(t, 1, tid, open.regionId(), open.regionName()));
            } else {
                int region = random.nextInt(NAMES.length);
                RegionEvent begin = RegionEvent.begin(t, 1, tid, region, NAMES[region]);
                stack.push(begin);
                events.add(begin);
            }
        }
        for (Deque<RegionEvent> stack : stacks) {
            while (!stack.isEmpty()) {
                RegionEvent open = stack.pop();
                events.add(RegionEvent.end(t, 1, open.tid(), open.regionId(), open.regionName()));
            }
        }

        FeatureRegionAnalysis analysis = FeatureRegionAnalysis.forWholeTrace();
        events.forEach(analysis::accept);
        FeatureRegionReport report = analysis.finish();

        Map<FeatureSet, Long> ours = new HashMap<>();
        report.exclusiveTimePerInteraction().forEach((set, bounds) -> {
            if (bounds.exactNs() != 0) {
                ours.put(set, bounds.exactNs());
            }
        });
        assertEquals(varaRule(events), ours);
        assertTrue(report.anomalies().none());
    }

    /** VaRA's rule, with a list of open begins per thread instead of one shared list. */
    private static Map<FeatureSet, Long> varaRule(List<RegionEvent> events) {
        Map<Integer, List<RegionEvent>> open = new HashMap<>();
        Map<FeatureSet, Long> performance = new HashMap<>();
        for (RegionEvent event : events) {
            List<RegionEvent> openHere = open.computeIfAbsent(event.tid(), k -> new ArrayList<>());
            if (event.phase() == RegionEvent.Phase.BEGIN) {
                openHere.add(0, event);
                continue;
            }
            RegionEvent opening = openHere.stream().filter(e -> e.regionId() == event.regionId()).findFirst()
                    .orElseThrow();
            openHere.remove(opening);
            long duration = event.timestampNs() - opening.timestampNs();
            if (!openHere.isEmpty()) {
                performance.merge(interactionOf(openHere), -duration, Long::sum);
            }
            List<RegionEvent> withClosed = new ArrayList<>(openHere);
            withClosed.add(opening);
            performance.merge(interactionOf(withClosed), duration, Long::sum);
        }
        performance.values().removeIf(v -> v == 0);
        return performance;
    }

    private static FeatureSet interactionOf(List<RegionEvent> regions) {
        FeatureSet union = FeatureSet.EMPTY;
        for (RegionEvent region : regions) {
            union = union.union(FeatureSet.parseRegionName(region.regionName()));
        }
        return union.asInteraction();
    }
}
