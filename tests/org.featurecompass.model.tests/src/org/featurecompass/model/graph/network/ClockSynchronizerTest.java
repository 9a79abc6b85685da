package org.featurecompass.model.graph.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Tests {@link ClockSynchronizer} on three hosts in a chain q0–q1–q2 (Giraldeau 2015, §5.3.1,
 * Fig. 5.2–5.3): q0 and q2 never talk, so q2's transform is composed through q1.
 */
class ClockSynchronizerTest {

    private static final long EPOCH = 1_800_000_000_000_000_000L;
    /** True time = q0's clock. q1 = (t − b1)/m1 ... i.e. each host's clock maps to true time by these. */
    private static final LinearTransform Q1_TO_TRUE = LinearTransform.through(new BigDecimal("1.00003"), EPOCH - 5_000_000_000L,
            BigDecimal.valueOf(EPOCH));
    private static final LinearTransform Q2_TO_TRUE = LinearTransform.through(new BigDecimal("0.99996"), EPOCH + 9_000_000_000L,
            BigDecimal.valueOf(EPOCH));

    private static long clock(String host, long trueNs) {
        switch (host) {
        case "q0":
            return trueNs;
        case "q1":
            return Q1_TO_TRUE.inverse().apply(trueNs);
        case "q2":
            return Q2_TO_TRUE.inverse().apply(trueNs);
        default:
            throw new IllegalArgumentException(host);
        }
    }

    private static void exchange(ClockSynchronizer sync, String a, String b, Random random) {
        for (int i = 0; i < 300; i++) {
            long t = EPOCH + (long) (random.nextDouble() * 30_000_000_000L);
            long delay = 30_000 + random.nextInt(100_000);
            sync.addPacket(a, clock(a, t), b, clock(b, t + delay));
            sync.addPacket(b, clock(b, t + 7_000), a, clock(a, t + 7_000 + delay));
        }
    }

    @Test
    void chainOfThreeHostsIsComposedThroughTheMiddleOne() {
        ClockSynchronizer sync = new ClockSynchronizer();
        Random random = new Random(5);
        exchange(sync, "q0", "q1", random);
        exchange(sync, "q1", "q2", random);
        sync.addPacket("q2", 10, "q2", 20); // loopback
        SyncResult result = sync.solve("q0", List.of("q0", "q1", "q2"));
        assertTrue(result.isComplete(), () -> result.problems().toString());
        assertEquals(List.of(), result.problems());
        assertEquals(1, result.sameHostPackets());
        assertEquals(2, result.pairs().size());
        for (String host : List.of("q1", "q2")) {
            LinearTransform found = result.transform(host);
            assertNotNull(found);
            for (long dt = 0; dt <= 30_000_000_000L; dt += 3_000_000_000L) {
                long trueNs = EPOCH + dt;
                long error = Math.abs(found.apply(clock(host, trueNs)) - trueNs);
                assertTrue(error < 60_000, () -> host + " off by " + error + " ns"); // below the 30 µs delays, composed
            }
        }
        assertEquals(LinearTransform.IDENTITY, result.transform("q0"));
    }

    /** A host with packets in one direction only, and one with none, are named as unreachable. */
    @Test
    void failuresAreReported() {
        ClockSynchronizer sync = new ClockSynchronizer();
        Random random = new Random(6);
        exchange(sync, "q0", "q1", random);
        for (int i = 0; i < 20; i++) {
            long t = EPOCH + i * 1_000_000L;
            sync.addPacket("q1", clock("q1", t), "q2", clock("q2", t + 40_000));
        }
        SyncResult result = sync.solve("q0", List.of("q0", "q1", "q2", "q3"));
        assertFalse(result.isComplete());
        assertEquals(List.of("q2", "q3"), result.unreachableHosts());
        List<String> problems = result.problems();
        assertEquals(3, problems.size(), problems::toString);
        assertTrue(problems.get(0).startsWith("hosts q1 and q2 (20 packets q1→q2, 0 q2→q1): packets in one direction"),
                problems.get(0));
        assertTrue(problems.get(2).startsWith("host q3: no synchronised packet exchange"), problems.get(2));
        assertEquals(null, result.transform("q2"));
    }
}
