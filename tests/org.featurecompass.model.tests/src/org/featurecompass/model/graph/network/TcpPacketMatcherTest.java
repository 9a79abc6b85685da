package org.featurecompass.model.graph.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;

/** Tests {@link TcpPacketMatcher} (Giraldeau 2015, §5.3.2 and §5.4.6). Times in ns. */
class TcpPacketMatcherTest {

    private static final int SYN = 0x02;
    private static final int ACK = 0x10;

    private static TcpSegmentKey key(long seq) {
        return new TcpSegmentKey("10.0.0.1", 40000, "10.0.0.2", 80, seq, 7, ACK);
    }

    private final TcpPacketMatcher<String> fMatcher = new TcpPacketMatcher<>(100, Long.MAX_VALUE, false);

    @Test
    void sendThenReceiveMatchesAcrossHosts() {
        assertNull(fMatcher.send("a", 100, key(1), "tx"));
        @Nullable PacketMatch<String> match = fMatcher.receive("b", 150, key(1), "rx");
        assertNotNull(match);
        assertEquals("a", match.firstSend().host());
        assertEquals(100, match.firstSend().timeNs());
        assertEquals("tx", match.firstSend().context());
        assertEquals("b", match.receive().host());
        assertEquals("rx", match.receive().context());
        MatchReport report = fMatcher.report();
        assertEquals(1, report.matched());
        assertEquals(0, report.unmatchedSends());
        assertEquals(0, report.unmatchedReceives());
    }

    /** Each field of the key takes part: a segment differing in one field does not match. */
    @Test
    void everyKeyFieldCounts() {
        TcpSegmentKey base = new TcpSegmentKey("10.0.0.1", 40000, "10.0.0.2", 80, 1, 7, SYN);
        List<TcpSegmentKey> others = List.of(new TcpSegmentKey("10.0.0.9", 40000, "10.0.0.2", 80, 1, 7, SYN),
                new TcpSegmentKey("10.0.0.1", 40001, "10.0.0.2", 80, 1, 7, SYN),
                new TcpSegmentKey("10.0.0.1", 40000, "10.0.0.3", 80, 1, 7, SYN),
                new TcpSegmentKey("10.0.0.1", 40000, "10.0.0.2", 81, 1, 7, SYN),
                new TcpSegmentKey("10.0.0.1", 40000, "10.0.0.2", 80, 2, 7, SYN),
                new TcpSegmentKey("10.0.0.1", 40000, "10.0.0.2", 80, 1, 8, SYN),
                new TcpSegmentKey("10.0.0.1", 40000, "10.0.0.2", 80, 1, 7, SYN | ACK));
        fMatcher.send("a", 0, base, "tx");
        for (TcpSegmentKey other : others) {
            assertNull(fMatcher.receive("b", 10, other, "rx"), other::toString);
        }
        assertNotNull(fMatcher.receive("b", 10, base, "rx"));
        assertEquals(others.size(), fMatcher.report().pendingReceives());
    }

    /** Skewed clocks or per-trace reading: receptions may come first, in any order. */
    @Test
    void receptionsBeforeSendsAndOutOfOrderMatch() {
        assertNull(fMatcher.receive("b", 10, key(3), "rx3"));
        assertNull(fMatcher.receive("b", 11, key(1), "rx1"));
        assertNull(fMatcher.send("a", 500, key(2), "tx2"));
        PacketMatch<String> m1 = fMatcher.send("a", 501, key(1), "tx1");
        PacketMatch<String> m3 = fMatcher.send("a", 502, key(3), "tx3");
        PacketMatch<String> m2 = fMatcher.receive("b", 12, key(2), "rx2");
        assertNotNull(m1);
        assertNotNull(m2);
        assertNotNull(m3);
        assertEquals("rx1", m1.receive().context());
        assertEquals("tx2", m2.firstSend().context());
        assertEquals("rx3", m3.receive().context());
        assertEquals(3, fMatcher.report().matched());
        assertEquals(0, fMatcher.pendingCount());
    }

    /**
     * A segment lost and retransmitted (from the timer softirq) is one match with both
     * transmissions: synchronisation uses the first, the graph the last before the reception.
     */
    @Test
    void retransmissionBeforeReception() {
        fMatcher.send("a", 100, key(1), "first");
        fMatcher.send("a", 300, key(1), "retransmitted");
        PacketMatch<String> match = fMatcher.receive("b", 350, key(1), "rx");
        assertNotNull(match);
        assertEquals(2, match.sends().size());
        assertEquals("first", match.firstSend().context());
        PacketEvent<String> cause = match.lastSendNotAfter(350);
        assertNotNull(cause);
        assertEquals("retransmitted", cause.context());
        PacketEvent<String> early = match.lastSendNotAfter(200);
        assertNotNull(early);
        assertEquals("first", early.context());
        assertNull(match.lastSendNotAfter(50));
        assertEquals(1, fMatcher.report().retransmissions());
    }

    /** A spurious retransmission received twice: the copies are counted, never left pending. */
    @Test
    void duplicatesAfterMatchAreCounted() {
        fMatcher.send("a", 100, key(1), "tx");
        assertNotNull(fMatcher.receive("b", 150, key(1), "rx"));
        assertNull(fMatcher.send("a", 300, key(1), "tx again"));
        assertNull(fMatcher.receive("b", 350, key(1), "rx again"));
        assertNull(fMatcher.receive("b", 360, key(2), "rx"));
        assertNull(fMatcher.receive("b", 370, key(2), "rx again")); // duplicate before its send
        MatchReport report = fMatcher.report();
        assertEquals(1, report.matched());
        assertEquals(1, report.duplicateSends());
        assertEquals(2, report.duplicateReceives());
        assertEquals(0, report.pendingSends());
        assertEquals(1, report.pendingReceives());
    }

    /** Unmatched packets (untraced peer, loss) expire after the timeout and are counted. */
    @Test
    void unmatchedPacketsExpire() {
        TcpPacketMatcher<String> matcher = new TcpPacketMatcher<>(100, 1_000, false);
        matcher.send("a", 0, key(1), "lost");
        matcher.receive("b", 10, key(9), "from an untraced host");
        matcher.send("a", 900, key(2), "tx");
        assertEquals(3, matcher.pendingCount());
        matcher.send("a", 1_011, key(3), "tx"); // 1011 and 1001 ns after the first two
        assertEquals(2, matcher.pendingCount());
        assertNotNull(matcher.receive("b", 1_500, key(2), "rx")); // 600 ns old: still there
        MatchReport report = matcher.report();
        assertEquals(1, report.expiredSends());
        assertEquals(1, report.expiredReceives());
        assertEquals(1, report.pendingSends());
        assertEquals(2, report.unmatchedSends());
    }

    /** The pending table is bounded: the oldest packet is evicted and counted. */
    @Test
    void pendingPacketsAreBounded() {
        TcpPacketMatcher<String> matcher = new TcpPacketMatcher<>(2, Long.MAX_VALUE, false);
        matcher.send("a", 0, key(1), "tx");
        matcher.receive("b", 1, key(2), "rx");
        matcher.send("a", 2, key(3), "tx");
        assertEquals(2, matcher.pendingCount());
        assertNull(matcher.receive("b", 3, key(1), "rx")); // evicted: now pending as a reception
        MatchReport report = matcher.report();
        assertEquals(1, report.evictedSends());
        assertEquals(1, report.evictedReceives());
        assertEquals(0, report.matched());
    }

    /** §5.4.6: with synchronized times, the timeout shrinks to mean + 6σ of the delays. */
    @Test
    void adaptiveTimeoutIsSixSigmaAboveTheMeanDelay() {
        TcpPacketMatcher<String> matcher = new TcpPacketMatcher<>(100, 1_000_000, true);
        double sum = 0;
        double sumSq = 0;
        int n = TcpPacketMatcher.ADAPTIVE_MIN_SAMPLES;
        for (int i = 0; i < n; i++) {
            long delay = 1_000 + (i % 2 == 0 ? 100 : -100);
            assertEquals(1_000_000, matcher.timeoutNs());
            matcher.send("a", i * 10_000L, key(i), "tx");
            matcher.receive("b", i * 10_000L + delay, key(i), "rx");
            sum += delay;
            sumSq += (double) delay * delay;
        }
        double mean = sum / n;
        double sigma = Math.sqrt((sumSq - n * mean * mean) / (n - 1));
        assertEquals(Math.ceil(mean + 6 * sigma), matcher.timeoutNs(), 1);
        matcher.send("a", 400_000, key(1000), "lost");
        matcher.send("a", 402_000, key(1001), "tx"); // 2000 ns later > 1000 + 6 * 101.6
        assertEquals(1, matcher.report().expiredSends());
    }

    @Test
    void rejectsNonPositiveBounds() {
        assertThrows(IllegalArgumentException.class, () -> new TcpPacketMatcher<String>(0, 1, false));
        assertThrows(IllegalArgumentException.class, () -> new TcpPacketMatcher<String>(1, 0, false));
    }

    @Test
    void packetLayerSelection() {
        assertEquals(PacketLayer.SOCKET, PacketLayer.select(
                List.of("net_dev_queue", "netif_receive_skb", "inet_sock_local_out", "inet_sock_local_in")));
        assertEquals(PacketLayer.DEVICE, PacketLayer.select(List.of("sched_switch", "net_dev_queue",
                "netif_receive_skb")));
        assertNull(PacketLayer.select(List.of("sched_switch", "inet_sock_local_out")));
        // LTTng-modules 2.7+ name the receive event net_if_receive_skb: a candidate of the trace's layout.
        PacketLayer lttng = new PacketLayer("net_dev_queue", "net_if_receive_skb");
        List<String> lttngEvents = List.of("sched_switch", "net_dev_queue", "net_if_receive_skb");
        assertNull(PacketLayer.select(lttngEvents));
        assertEquals(lttng, PacketLayer.select(lttngEvents, List.of(PacketLayer.SOCKET, PacketLayer.DEVICE, lttng)));
    }
}
