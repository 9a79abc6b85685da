package org.featurecompass.model.ecct;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.featurecompass.model.graph.network.LinearTransform;

/**
 * Which threads used a block device when: the {@code blockdevice/threads} attribute of
 * TraceCompare's state history (§3.3.2), here as the intervals during which each thread had a
 * block request in flight (issue to completion), per host. The paper does not list the block
 * events it used; a reader fills this from whatever its trace has. Not thread-safe while filled.
 */
public final class BlockDeviceUsage {

    /** A thread's use of the block devices within a queried range. */
    public record User(ThreadKey thread, String name, long firstNs, long overlapNs) {
    }

    /** The requests of one host, in the order added; sorted by start on first query. */
    private static final class HostRequests {
        final List<ThreadKey> threads = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        long[] starts = new long[16];
        long[] ends = new long[16];
        /** Largest end among requests [0, i], for the range query. */
        long[] maxEnds = new long[0];
        int size;
        boolean sorted;

        void add(ThreadKey thread, String name, long startNs, long endNs) {
            if (size == starts.length) {
                starts = Arrays.copyOf(starts, 2 * size);
                ends = Arrays.copyOf(ends, 2 * size);
            }
            threads.add(thread);
            names.add(name);
            starts[size] = startNs;
            ends[size] = endNs;
            size++;
            sorted = false;
        }

        void sort() {
            if (sorted) {
                return;
            }
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            long[] s = starts;
            Arrays.sort(order, (a, b) -> Long.compare(s[a], s[b]));
            List<ThreadKey> t = new ArrayList<>(size);
            List<String> n = new ArrayList<>(size);
            long[] ns = new long[size];
            long[] ne = new long[size];
            maxEnds = new long[size];
            for (int i = 0; i < size; i++) {
                int j = order[i];
                t.add(threads.get(j));
                n.add(names.get(j));
                ns[i] = starts[j];
                ne[i] = ends[j];
                maxEnds[i] = Math.max(i > 0 ? maxEnds[i - 1] : Long.MIN_VALUE, ne[i]);
            }
            threads.clear();
            threads.addAll(t);
            names.clear();
            names.addAll(n);
            starts = ns;
            ends = ne;
            sorted = true;
        }
    }

    private final Map<String, HostRequests> fHosts = new HashMap<>();

    /**
     * Records a block request in flight.
     *
     * @param thread the thread that issued it (on whose behalf the device works)
     * @param name the thread's name
     * @param startNs issue time, ns
     * @param endNs completion time, ns, {@code >= startNs}
     */
    public void request(ThreadKey thread, String name, long startNs, long endNs) {
        if (endNs < startNs) {
            throw new IllegalArgumentException("block request of " + thread + " completes at " + endNs //$NON-NLS-1$ //$NON-NLS-2$
                    + " ns before its issue at " + startNs + " ns"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        fHosts.computeIfAbsent(thread.host(), h -> new HostRequests()).add(thread, name, startNs, endNs);
    }

    /**
     * Records every request of another usage, its times mapped to another clock (e.g. one host's
     * requests in the clock of an execution graph of several hosts).
     *
     * @param other the requests, threads keyed with their host
     * @param clock the map from their clock to this usage's
     */
    public void addAll(BlockDeviceUsage other, LinearTransform clock) {
        for (HostRequests requests : other.fHosts.values()) {
            for (int i = 0; i < requests.size; i++) {
                request(requests.threads.get(i), requests.names.get(i), clock.apply(requests.starts[i]), clock.apply(requests.ends[i]));
            }
        }
    }

    /**
     * @param host a host
     * @param startNs range start, ns
     * @param endNs range end, ns
     * @return the threads of that host with a request in flight during the range, in order of
     *         first use, each with the start of its first overlap and its total overlap (the
     *         union of its requests within the range), ns
     */
    public List<User> users(String host, long startNs, long endNs) {
        HostRequests requests = fHosts.get(host);
        if (requests == null || endNs <= startNs) {
            return List.of();
        }
        requests.sort();
        // the requests overlapping the range start after the last one whose prefix ends before it
        int lo = 0;
        int hi = requests.size - 1;
        int first = requests.size;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (requests.maxEnds[mid] > startNs) {
                first = mid;
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        Map<ThreadKey, long[]> byThread = new LinkedHashMap<>(); // first, covered-until, overlap
        Map<ThreadKey, String> names = new HashMap<>();
        for (int i = first; i < requests.size && requests.starts[i] < endNs; i++) {
            long from = Math.max(startNs, requests.starts[i]);
            long to = Math.min(endNs, requests.ends[i]);
            if (to <= from) {
                continue;
            }
            ThreadKey thread = requests.threads.get(i);
            long[] use = byThread.get(thread);
            if (use == null) {
                byThread.put(thread, new long[] { from, to, to - from });
                names.put(thread, requests.names.get(i));
            } else if (to > use[1]) {
                use[2] += to - Math.max(from, use[1]);
                use[1] = to;
            }
        }
        List<User> users = new ArrayList<>(byThread.size());
        byThread.forEach((thread, use) -> users.add(new User(thread, names.getOrDefault(thread, ""), use[0], use[2]))); //$NON-NLS-1$
        return users;
    }
}
