package org.featurecompass.model.execution;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/** Builds delimiter events for tests, ranks in creation order. */
final class Events {

    private final List<DelimiterEvent> fEvents = new ArrayList<>();

    Events instant(long time, String name, int tid, Map<String, Object> fields) {
        return add(time, name, null, DelimiterPhase.INSTANT, tid, null, DelimiterEvent.NO_DURATION, fields);
    }

    Events begin(long time, String name, int tid) {
        return add(time, name, null, DelimiterPhase.SLICE_BEGIN, tid, null, DelimiterEvent.NO_DURATION, Map.of());
    }

    Events end(long time, String name, int tid) {
        return add(time, name, null, DelimiterPhase.SLICE_END, tid, null, DelimiterEvent.NO_DURATION, Map.of());
    }

    Events complete(long time, long duration, String name, int tid) {
        return add(time, name, null, DelimiterPhase.COMPLETE, tid, null, duration, Map.of());
    }

    Events async(long time, boolean begin, String name, String id, int tid) {
        return add(time, name, "cat", begin ? DelimiterPhase.ASYNC_BEGIN : DelimiterPhase.ASYNC_END, tid, id, //$NON-NLS-1$
                DelimiterEvent.NO_DURATION, Map.of());
    }

    Events add(long time, String name, @Nullable String category, DelimiterPhase phase, int tid, @Nullable String asyncId, long duration,
            Map<String, Object> fields) {
        fEvents.add(new DelimiterEvent(time, fEvents.size(), name, category, phase, 1, tid, asyncId, duration, fields));
        return this;
    }

    List<DelimiterEvent> list() {
        return fEvents;
    }

    /** Matches every event (sorted by time, stable) with the definition. */
    Matched match(ExecutionDefinition definition) {
        List<MatchedExecution> executions = new ArrayList<>();
        ExecutionMatcher matcher = java.util.Objects.requireNonNull(ExecutionMatcher.of(definition, executions::add));
        List<DelimiterEvent> sorted = new ArrayList<>(fEvents);
        sorted.sort((a, b) -> Long.compare(a.timeNs(), b.timeNs()));
        for (DelimiterEvent event : sorted) {
            matcher.accept(event);
        }
        matcher.finish();
        executions.sort((a, b) -> Long.compare(a.startNs(), b.startNs()));
        return new Matched(executions, matcher.report());
    }

    record Matched(List<MatchedExecution> executions, MatchingReport report) {
    }
}
