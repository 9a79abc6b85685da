package org.featurecompass.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.model.kernel.KernelActivity;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link KernelActivityAnalysis} inside Trace Compass on real LTTng kernel traces and
 * compares every figure with the peer babeltrace2 ({@link BabeltraceReference}).
 */
class KernelActivityAnalysisTest {

    private static KernelActivity analyse(String relative) throws Exception {
        try (KernelTraceFixture fixture = new KernelTraceFixture(relative)) {
            return fixture.result(KernelActivityAnalysis.class, KernelActivityAnalysis.ID);
        }
    }

    @Test
    void manyThreadsMatchesBabeltrace2() throws Exception {
        Path path = SharedTraces.resolve("lttng/many-threads");
        KernelActivity activity = analyse("lttng/many-threads");
        BabeltraceReference ref = BabeltraceReference.read(path);

        assertEquals(240_644, activity.census().total(), "babeltrace2 prints 240,644 events");
        assertEquals(ref.countsByName, activity.census().byName());
        assertEquals(28_325, activity.census().byName().get("sched_switch"));
        assertEquals(ref.first, activity.census().firstNs());
        assertEquals(ref.last, activity.census().lastNs());
        assertEquals(ref.onCpuNsByTid, onCpuByTid(activity));
        assertEquals(8, activity.onCpu().cpuCount());
        assertEquals(0, activity.lostEvents());
        assertEquals(0, activity.malformedSwitches());
        assertEquals(0, activity.onCpu().inconsistentSwitches());
    }

    @Test
    void bug446190MatchesBabeltrace2() throws Exception {
        Path path = SharedTraces.resolve("lttng/bug446190");
        KernelActivity activity = analyse("lttng/bug446190");
        BabeltraceReference ref = BabeltraceReference.read(path);
        assertEquals(ref.countsByName, activity.census().byName());
        assertEquals(ref.onCpuNsByTid, onCpuByTid(activity));
    }

    private static Map<Long, Long> onCpuByTid(KernelActivity activity) {
        Map<Long, Long> map = new TreeMap<>();
        activity.onCpu().threads().forEach((tid, t) -> map.put(tid, t.onCpuNs()));
        return map;
    }
}
