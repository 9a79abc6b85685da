package org.featurecompass.model.execution;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * When each thread began calls (TEF {@code B} and {@code X} slices, LTTng UST function entries),
 * to count the calls inside an execution: the number of calls of its thread that begin in
 * [begin, end), its own delimiting slice excluded. Fed in time order.
 */
public final class CallIndex {

    private static final class Times {
        long[] times = new long[16];
        int size;
    }

    private final Map<Long, Times> fThreads = new HashMap<>();

    /**
     * Records an event if it begins a call.
     *
     * @param event an event, in time order
     */
    public void accept(DelimiterEvent event) {
        if (!event.phase().isCall()) {
            return;
        }
        Times times = fThreads.computeIfAbsent(key(event.pid(), event.tid()), k -> new Times());
        if (times.size == times.times.length) {
            times.times = Arrays.copyOf(times.times, times.size * 2);
        }
        // Complete events of one time may arrive in any order, but never before an earlier time.
        times.times[times.size++] = event.timeNs();
    }

    /**
     * @param execution an execution
     * @return the calls of its thread that begin inside it, its own slice excluded
     */
    public long callsIn(MatchedExecution execution) {
        Times times = fThreads.get(key(execution.pid(), execution.tid()));
        if (times == null) {
            return 0;
        }
        long inside = lowerBound(times, execution.endNs()) - lowerBound(times, execution.startNs());
        return execution.beginIsCall() && execution.endNs() > execution.startNs() ? Math.max(0, inside - 1) : inside;
    }

    private static int lowerBound(Times times, long value) {
        int low = 0;
        int high = times.size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (times.times[mid] < value) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    private static long key(int pid, int tid) {
        return ((long) pid << 32) | (tid & 0xffffffffL);
    }
}
