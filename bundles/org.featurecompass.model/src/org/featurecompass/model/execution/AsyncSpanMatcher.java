package org.featurecompass.model.execution;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Matches TEF async spans: a begin ({@code b}, {@code S}) and an end ({@code e}, {@code F}) with
 * the same category, name and id (the id carries its scope, and its process when it is
 * process-local). An end closes the latest pending begin of its key.
 */
final class AsyncSpanMatcher extends ExecutionMatcher {

    private final ExecutionDefinition.Async fDefinition;
    private final Map<String, Deque<DelimiterEvent>> fPending = new HashMap<>();

    AsyncSpanMatcher(ExecutionDefinition.Async definition, Consumer<MatchedExecution> sink) {
        super(sink);
        fDefinition = definition;
    }

    @Override
    protected void handle(DelimiterEvent event) {
        boolean begin = event.phase() == DelimiterPhase.ASYNC_BEGIN;
        if (!begin && event.phase() != DelimiterPhase.ASYNC_END) {
            return;
        }
        String name = fDefinition.name();
        String category = fDefinition.category();
        if ((name != null && !name.equals(event.name())) || (category != null && !category.equals(event.category()))) {
            return;
        }
        String id = event.asyncId();
        if (id == null) {
            report().count(MatchingProblem.ASYNC_ID_MISSING, event, "async event " + event.name() + " has no id"); //$NON-NLS-1$ //$NON-NLS-2$
            return;
        }
        String key = Objects.toString(event.category(), "") + '\u0000' + event.name() + '\u0000' + id; //$NON-NLS-1$
        if (begin) {
            fPending.computeIfAbsent(key, k -> new ArrayDeque<>()).push(event);
            return;
        }
        Deque<DelimiterEvent> pending = fPending.get(key);
        if (pending == null || pending.isEmpty()) {
            report().count(MatchingProblem.END_BEFORE_BEGIN, event, "async end " + event.name() + " id " + id //$NON-NLS-1$ //$NON-NLS-2$
                    + " with no earlier begin"); //$NON-NLS-1$
            return;
        }
        DelimiterEvent start = pending.pop();
        if (pending.isEmpty()) {
            fPending.remove(key);
        }
        emit(between(start, event));
    }

    @Override
    public void finish() {
        for (Deque<DelimiterEvent> pending : fPending.values()) {
            for (DelimiterEvent begin : pending) {
                report().count(MatchingProblem.UNCLOSED_BEGIN, begin, "async span " + begin.name() + " id " //$NON-NLS-1$ //$NON-NLS-2$
                        + begin.asyncId() + " never ended"); //$NON-NLS-1$
            }
        }
        fPending.clear();
    }
}
