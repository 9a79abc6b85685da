package org.featurecompass.model.ecct;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Pairs the block layer's request events into the requests in flight of a
 * {@link BlockDeviceUsage} (TraceCompare §3.3.2: the {@code blockdevice/threads} attribute, the
 * threads using a disk when a thread waits on it): a request is issued to the device
 * ({@code block_rq_issue}, in the context of the thread it is for) and completed
 * ({@code block_rq_complete}, usually in an interrupt), both naming it by device and first
 * sector. Requests of one (device, sector) complete in the order issued. Completions without an
 * issue (issued before the trace) and issues never completed are counted, not guessed. Events in
 * time order.
 */
public final class BlockRequestMatcher {

    private record Issued(ThreadKey thread, String name, long timeNs) {
    }

    private record RequestKey(String host, long device, long sector) {
    }

    private final BlockDeviceUsage fUsage = new BlockDeviceUsage();
    private final Map<RequestKey, Deque<Issued>> fInFlight = new HashMap<>();
    private long fRequests;
    private long fUnmatchedCompletions;

    /**
     * @param thread the thread the request is for (the issuing context)
     * @param name the thread's name
     * @param device the device number
     * @param sector the first sector
     * @param timeNs issue time, ns
     */
    public void issue(ThreadKey thread, String name, long device, long sector, long timeNs) {
        fInFlight.computeIfAbsent(new RequestKey(thread.host(), device, sector), k -> new ArrayDeque<>())
                .addLast(new Issued(thread, name, timeNs));
    }

    /**
     * @param host the host
     * @param device the device number
     * @param sector the first sector
     * @param timeNs completion time, ns
     */
    public void complete(String host, long device, long sector, long timeNs) {
        Deque<Issued> issued = fInFlight.get(new RequestKey(host, device, sector));
        Issued request = issued == null ? null : issued.pollFirst();
        if (request == null) {
            fUnmatchedCompletions++;
            return;
        }
        fUsage.request(request.thread(), request.name(), request.timeNs(), Math.max(timeNs, request.timeNs()));
        fRequests++;
    }

    /** @return the requests completed so far */
    public BlockDeviceUsage usage() {
        return fUsage;
    }

    /** @return requests issued and completed */
    public long requests() {
        return fRequests;
    }

    /** @return completions without an issue in the trace */
    public long unmatchedCompletions() {
        return fUnmatchedCompletions;
    }

    /** @return requests issued and not (yet) completed */
    public long unfinishedIssues() {
        long open = 0;
        for (Deque<Issued> issued : fInFlight.values()) {
            open += issued.size();
        }
        return open;
    }
}
