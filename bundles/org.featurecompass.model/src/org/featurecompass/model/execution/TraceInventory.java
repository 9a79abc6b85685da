package org.featurecompass.model.execution;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What a trace holds, as far as execution definitions care: event counts per name and phase,
 * async span names, feature regions, function entries and kernel scheduling events. Collected
 * from (a sample of) the trace's events, then given to {@link DefaultDefinitions}.
 */
public final class TraceInventory {

    /** Category of VaRA-style feature-region events. */
    public static final String FEATURE_CATEGORY = "Feature"; //$NON-NLS-1$

    private final Map<String, Map<DelimiterPhase, Long>> fCounts = new TreeMap<>();
    private final Map<String, Long> fAsyncBegins = new HashMap<>();
    private final Map<String, Long> fRegions = new TreeMap<>();
    private long fEvents;
    private long fSlices;
    private boolean fScheduling;

    /**
     * @param event an event of the trace
     */
    public void accept(DelimiterEvent event) {
        fEvents++;
        fCounts.computeIfAbsent(event.name(), k -> new HashMap<>()).merge(event.phase(), 1L, Long::sum);
        switch (event.phase()) {
        case ASYNC_BEGIN:
            fAsyncBegins.merge(event.name(), 1L, Long::sum);
            break;
        case SLICE_BEGIN:
            if (FEATURE_CATEGORY.equals(event.category())) {
                fRegions.merge(event.name(), 1L, Long::sum);
            } else {
                fSlices++;
            }
            break;
        case COMPLETE:
            fSlices++;
            break;
        default:
            break;
        }
        if (event.name().equals("sched_switch") || event.name().endsWith(":sched_switch")) { //$NON-NLS-1$ //$NON-NLS-2$
            fScheduling = true;
        }
    }

    /** @return events seen */
    public long events() {
        return fEvents;
    }

    /**
     * @param name an event name
     * @param phase a phase, or null for any
     * @return events of that name (and phase)
     */
    public long count(String name, @Nullable DelimiterPhase phase) {
        Map<DelimiterPhase, Long> byPhase = fCounts.get(name);
        if (byPhase == null) {
            return 0;
        }
        return phase == null ? byPhase.values().stream().mapToLong(Long::longValue).sum() : byPhase.getOrDefault(phase, 0L);
    }

    /** @return event names seen, sorted */
    public Iterable<String> names() {
        return fCounts.keySet();
    }

    /** @return async span names with their number of begins */
    public Map<String, Long> asyncBegins() {
        return Map.copyOf(fAsyncBegins);
    }

    /** @return feature-region names with their number of begins, sorted by name */
    public Map<String, Long> regions() {
        return new TreeMap<>(fRegions);
    }

    /** @return slice begins and complete events seen, feature regions excluded */
    public long slices() {
        return fSlices;
    }

    /** @return whether the trace has scheduler switches, so executions get critical paths */
    public boolean hasScheduling() {
        return fScheduling;
    }

    @Override
    public String toString() {
        return fEvents + " events, " + fCounts.size() + " names, " + fSlices + " slices, " + fAsyncBegins.size() //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + " async names, " + fRegions.size() + " regions" + (fScheduling ? ", scheduling" : ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }
}
