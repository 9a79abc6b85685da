package org.featurecompass.model.execution;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Turns a trace's events, read once in time order, into the executions of one definition
 * (TraceCompare §3.3: "when it encounters an event associated with the beginning of an
 * execution, the current timestamp and current thread are saved in a list of pending
 * executions"). Pending, nested, parallel and interleaved executions are matched; every event
 * that could not be matched is counted in the {@link #report()}.
 * <p>
 * Feature-region definitions have no matcher: their executions are the instances the
 * feature-region analysis already matched.
 */
public abstract class ExecutionMatcher {

    private final Consumer<MatchedExecution> fSink;
    private final MatchingReport fReport = new MatchingReport();

    /** @param sink receives each execution when its end is read */
    protected ExecutionMatcher(Consumer<MatchedExecution> sink) {
        fSink = sink;
    }

    /**
     * @param definition what an execution is
     * @param sink receives each execution when its end is read
     * @return the matcher, or null for a feature-region definition
     */
    public static @Nullable ExecutionMatcher of(ExecutionDefinition definition, Consumer<MatchedExecution> sink) {
        return switch (definition.kind()) {
        case EVENT_PAIR -> new EventPairMatcher((ExecutionDefinition.EventPair) definition, sink);
        case SLICE -> new SliceMatcher((ExecutionDefinition.Slice) definition, sink);
        case ASYNC -> new AsyncSpanMatcher((ExecutionDefinition.Async) definition, sink);
        case FEATURE_REGION -> null; // matched by the feature-region analysis, not from delimiter events
        };
    }

    /**
     * Reads the next event; events must come in time order.
     *
     * @param event the event
     */
    public final void accept(DelimiterEvent event) {
        fReport.eventRead();
        handle(event);
    }

    /** Called at the end of the trace: counts what is still pending. */
    public abstract void finish();

    /** @return the problems met so far */
    public final MatchingReport report() {
        return fReport;
    }

    /** @param event the next event, in time order */
    protected abstract void handle(DelimiterEvent event);

    /** @param execution a matched execution, handed to the sink */
    protected final void emit(MatchedExecution execution) {
        fReport.executionMatched();
        fSink.accept(execution);
    }

    /**
     * @param begin the begin event
     * @param end the end event
     * @return the execution between them, with the numeric fields of both
     */
    static MatchedExecution between(DelimiterEvent begin, DelimiterEvent end) {
        Map<String, Double> arguments = new HashMap<>();
        addNumericFields(begin, "begin.", arguments); //$NON-NLS-1$
        addNumericFields(end, "end.", arguments); //$NON-NLS-1$
        return new MatchedExecution(begin.timeNs(), end.timeNs(), begin.pid(), begin.tid(), end.tid(), begin.position(),
                end.position(), begin.name(), begin.phase().isCall(), arguments);
    }

    /**
     * Adds the numeric fields of an event, prefixed.
     *
     * @param event the event
     * @param prefix e.g. {@code begin.}
     * @param arguments receives {@code prefix + field} to value
     */
    static void addNumericFields(DelimiterEvent event, String prefix, Map<String, Double> arguments) {
        event.fields().forEach((field, value) -> {
            if (value instanceof Number number) {
                arguments.put(prefix + field, number.doubleValue());
            }
        });
    }
}
