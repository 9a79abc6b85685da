package org.featurecompass.model.graph.network;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Matches TCP segments sent on one host with their reception on another ({@code PKT}, the set
 * of unmatched packets of Giraldeau 2015, §5.3.2, Algorithm 3), on the {@link TcpSegmentKey}.
 * Symmetric: a reception fed before its send (traces not yet synchronized, §5.3.1) waits for it.
 * <p>
 * Duplicates: a segment sent again before it is received is a retransmission, kept with the
 * original (up to {@value #MAX_COPIES} copies), so the match lists every transmission; once
 * matched, a segment's key is remembered for the same timeout, so a late copy of either end is
 * counted as a duplicate rather than left pending.
 * <p>
 * Memory is bounded (§5.4.6): pending packets older than the timeout are expired, and at most
 * {@code maxPending} packets (and as many recently matched keys) are kept, the oldest evicted
 * first. All are counted in the {@link MatchReport}. Age is measured against the latest time fed,
 * so time expiry only makes sense once the feed is in one (synchronized) clock; before, use
 * {@link Long#MAX_VALUE}. The adaptive timeout of §5.4.6 (six standard deviations of the delay
 * over its mean, once {@value #ADAPTIVE_MIN_SAMPLES} delays are known, never above the given
 * timeout) likewise assumes synchronized times. Times in ns.
 *
 * @param <T> what the caller attaches to each event
 */
public final class TcpPacketMatcher<T> {

    /** Transmissions kept per pending segment. */
    static final int MAX_COPIES = 8;
    /** Delays needed before the adaptive timeout applies. */
    static final int ADAPTIVE_MIN_SAMPLES = 32;

    /** An unmatched segment: its transmissions, or its reception. */
    private static final class Pending<T> {
        final long firstNs;
        final List<PacketEvent<T>> sends = new ArrayList<>(1);
        @Nullable PacketEvent<T> receive;

        Pending(long firstNs) {
            this.firstNs = firstNs;
        }
    }

    private final int fMaxPending;
    private final long fTimeoutNs;
    private final boolean fAdaptive;
    private final LinkedHashMap<TcpSegmentKey, Pending<T>> fPending = new LinkedHashMap<>();
    private final LinkedHashMap<TcpSegmentKey, Long> fMatched = new LinkedHashMap<>();

    private long fNowNs = Long.MIN_VALUE;
    private long fSends;
    private long fReceives;
    private long fMatchCount;
    private long fRetransmissions;
    private long fDuplicateSends;
    private long fDuplicateReceives;
    private long fExpiredSends;
    private long fExpiredReceives;
    private long fEvictedSends;
    private long fEvictedReceives;
    /** Welford accumulator of the delays, ns. */
    private long fDelayCount;
    private double fDelayMean;
    private double fDelayM2;

    /**
     * @param maxPending most unmatched packets kept at once, {@code > 0}
     * @param timeoutNs age after which an unmatched packet expires, ns, {@code > 0};
     *            {@link Long#MAX_VALUE} for none
     * @param adaptiveTimeout whether to shorten the timeout to mean + 6σ of the delays seen
     */
    public TcpPacketMatcher(int maxPending, long timeoutNs, boolean adaptiveTimeout) {
        if (maxPending <= 0 || timeoutNs <= 0) {
            throw new IllegalArgumentException("maxPending " + maxPending + " and timeout " + timeoutNs
                    + " ns must be positive");
        }
        fMaxPending = maxPending;
        fTimeoutNs = timeoutNs;
        fAdaptive = adaptiveTimeout;
    }

    /**
     * A segment leaves {@code host}.
     *
     * @param host the sending host
     * @param timeNs send time, ns
     * @param key the segment
     * @param context the caller's attachment
     * @return the match, if its reception was already fed; otherwise {@code null}
     */
    public @Nullable PacketMatch<T> send(String host, long timeNs, TcpSegmentKey key, T context) {
        fSends++;
        advance(timeNs);
        PacketEvent<T> event = new PacketEvent<>(host, timeNs, context);
        @Nullable Pending<T> pending = fPending.get(key);
        if (pending != null) {
            @Nullable PacketEvent<T> receive = pending.receive;
            if (receive != null) {
                fPending.remove(key);
                return matched(key, List.of(event), receive);
            }
            if (pending.sends.size() < MAX_COPIES) {
                pending.sends.add(event);
                fRetransmissions++;
            } else {
                fDuplicateSends++;
            }
            return null;
        }
        if (fMatched.containsKey(key)) {
            fDuplicateSends++;
            return null;
        }
        Pending<T> created = new Pending<>(timeNs);
        created.sends.add(event);
        add(key, created);
        return null;
    }

    /**
     * A segment arrives at {@code host}.
     *
     * @param host the receiving host
     * @param timeNs reception time, ns
     * @param key the segment
     * @param context the caller's attachment
     * @return the match, if the segment was already fed as sent; otherwise {@code null}
     */
    public @Nullable PacketMatch<T> receive(String host, long timeNs, TcpSegmentKey key, T context) {
        fReceives++;
        advance(timeNs);
        PacketEvent<T> event = new PacketEvent<>(host, timeNs, context);
        @Nullable Pending<T> pending = fPending.get(key);
        if (pending != null) {
            if (pending.receive != null) {
                fDuplicateReceives++;
                return null;
            }
            fPending.remove(key);
            return matched(key, pending.sends, event);
        }
        if (fMatched.containsKey(key)) {
            fDuplicateReceives++;
            return null;
        }
        Pending<T> created = new Pending<>(timeNs);
        created.receive = event;
        add(key, created);
        return null;
    }

    /** @return the counts so far; pending packets are those not yet matched nor dropped */
    public MatchReport report() {
        long pendingSends = 0;
        long pendingReceives = 0;
        for (Pending<T> pending : fPending.values()) {
            if (pending.receive == null) {
                pendingSends++;
            } else {
                pendingReceives++;
            }
        }
        return new MatchReport(fSends, fReceives, fMatchCount, fRetransmissions, fDuplicateSends,
                fDuplicateReceives, fExpiredSends, fExpiredReceives, fEvictedSends, fEvictedReceives, pendingSends,
                pendingReceives, timeoutNs());
    }

    /** @return the number of unmatched packets held */
    public int pendingCount() {
        return fPending.size();
    }

    /** @return the expiry timeout in force, ns: adaptive if enabled and enough delays are known */
    public long timeoutNs() {
        if (!fAdaptive || fDelayCount < ADAPTIVE_MIN_SAMPLES) {
            return fTimeoutNs;
        }
        double sigma = Math.sqrt(fDelayM2 / (fDelayCount - 1));
        double adaptive = Math.ceil(fDelayMean + 6 * sigma);
        return adaptive >= fTimeoutNs ? fTimeoutNs : Math.max(1, (long) adaptive);
    }

    private PacketMatch<T> matched(TcpSegmentKey key, List<PacketEvent<T>> sends, PacketEvent<T> receive) {
        fMatchCount++;
        PacketMatch<T> match = new PacketMatch<>(key, sends, receive);
        fMatched.put(key, receive.timeNs());
        if (fMatched.size() > fMaxPending) {
            Iterator<TcpSegmentKey> oldest = fMatched.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
        double delay = receive.timeNs() - match.firstSend().timeNs();
        fDelayCount++;
        double shift = delay - fDelayMean;
        fDelayMean += shift / fDelayCount;
        fDelayM2 += shift * (delay - fDelayMean);
        return match;
    }

    private void add(TcpSegmentKey key, Pending<T> pending) {
        fPending.put(key, pending);
        if (fPending.size() > fMaxPending) {
            Iterator<Pending<T>> oldest = fPending.values().iterator();
            Pending<T> evicted = oldest.next();
            oldest.remove();
            if (evicted.receive == null) {
                fEvictedSends++;
            } else {
                fEvictedReceives++;
            }
        }
    }

    /** Expires what is older than the timeout, oldest first (the tables are in arrival order). */
    private void advance(long timeNs) {
        if (timeNs > fNowNs) {
            fNowNs = timeNs;
        }
        long timeout = timeoutNs();
        if (timeout == Long.MAX_VALUE) {
            return;
        }
        Iterator<Pending<T>> it = fPending.values().iterator();
        while (it.hasNext()) {
            Pending<T> pending = it.next();
            if (!isOlder(pending.firstNs, timeout)) {
                break;
            }
            it.remove();
            if (pending.receive == null) {
                fExpiredSends++;
            } else {
                fExpiredReceives++;
            }
        }
        Iterator<Map.Entry<TcpSegmentKey, Long>> matched = fMatched.entrySet().iterator();
        while (matched.hasNext() && isOlder(matched.next().getValue().longValue(), timeout)) {
            matched.remove();
        }
    }

    private boolean isOlder(long timeNs, long timeout) {
        // fNowNs >= timeNs for anything fed so far; saturate rather than overflow
        long age = fNowNs - timeNs;
        return age < 0 ? fNowNs > timeNs : age > timeout;
    }
}
