package org.featurecompass.core.trace;

import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;

/**
 * The times a data provider query asks for under Trace Compass's
 * {@link DataProviderParameterUtils#REQUESTED_TIME_KEY}, read once: they bound the range from the
 * smallest to the largest (the first and last of a sampled query), and a query without them
 * (the key absent, or an empty list) asks for the whole trace.
 *
 * @param times the requested times (ns), or null when none were given
 */
public record RequestedTimes(@Nullable List<Long> times) {

    /**
     * The first thing a provider reads of a query.
     *
     * @param parameters the query
     * @param monitor its monitor
     * @return its requested times; {@code CANCELLED} when the monitor is cancelled, or
     *         {@code FAILED} ({@link ResultOrStatus#badParameters()}) when the key is there but is
     *         not a list of numbers
     */
    public static ResultOrStatus<RequestedTimes> of(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        if (ResultOrStatus.isCancelled(monitor)) {
            return ResultOrStatus.cancelled();
        }
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        if (times == null && parameters.containsKey(DataProviderParameterUtils.REQUESTED_TIME_KEY)) {
            return ResultOrStatus.badParameters();
        }
        return ResultOrStatus.completed(new RequestedTimes(times));
    }

    /**
     * @param parameters a query
     * @return its requested times; malformed ones count as none (the whole trace)
     */
    public static RequestedTimes orWhole(Map<String, Object> parameters) {
        return new RequestedTimes(DataProviderParameterUtils.extractTimeRequested(parameters));
    }

    /** @return whether times were given (else the query is for the whole trace) */
    public boolean given() {
        List<Long> list = times;
        return list != null && !list.isEmpty();
    }

    /** @return the first requested time, ns (the time of a tooltip query), or {@link Long#MIN_VALUE} when none was given */
    public long first() {
        List<Long> list = times;
        return list == null || list.isEmpty() ? Long.MIN_VALUE : list.get(0).longValue();
    }

    /** @return the smallest requested time, ns, or {@link Long#MIN_VALUE} when none was given */
    public long start() {
        List<Long> list = times;
        return list == null || list.isEmpty() ? Long.MIN_VALUE : list.stream().mapToLong(Long::longValue).min().getAsLong();
    }

    /** @return the largest requested time, ns, or {@link Long#MAX_VALUE} when none was given */
    public long end() {
        List<Long> list = times;
        return list == null || list.isEmpty() ? Long.MAX_VALUE : list.stream().mapToLong(Long::longValue).max().getAsLong();
    }
}
