package org.featurecompass.model.graph.network;

/**
 * What {@link TcpPacketMatcher} did with the packets it was fed, so that nothing is dropped
 * silently. An unmatched packet is expired (older than the timeout), evicted (the pending table
 * was full) or still pending.
 *
 * @param sends send events fed
 * @param receives receive events fed
 * @param matched segments matched
 * @param retransmissions sends of a segment already pending as sent, kept with it
 * @param duplicateSends sends of a segment already matched (a spurious retransmission, or a
 *            copy beyond the kept ones), ignored
 * @param duplicateReceives receptions of a segment already received, ignored
 * @param expiredSends segments sent and never received within the timeout
 * @param expiredReceives segments received and never seen sent within the timeout
 * @param evictedSends unmatched sends dropped because the pending table was full
 * @param evictedReceives unmatched receptions dropped because the pending table was full
 * @param pendingSends sends still waiting for their reception
 * @param pendingReceives receptions still waiting for their send
 * @param timeoutNs the expiry timeout in force at the end, ns ({@link Long#MAX_VALUE}: none)
 */
public record MatchReport(long sends, long receives, long matched, long retransmissions, long duplicateSends,
        long duplicateReceives, long expiredSends, long expiredReceives, long evictedSends, long evictedReceives,
        long pendingSends, long pendingReceives, long timeoutNs) {

    /** @return sends never matched: expired, evicted or pending */
    public long unmatchedSends() {
        return expiredSends + evictedSends + pendingSends;
    }

    /** @return receptions never matched: expired, evicted or pending */
    public long unmatchedReceives() {
        return expiredReceives + evictedReceives + pendingReceives;
    }
}
