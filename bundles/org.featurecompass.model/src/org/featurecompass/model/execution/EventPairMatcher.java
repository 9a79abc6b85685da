package org.featurecompass.model.execution;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Matches a begin and an end event paired by a {@link MatchKey} (TraceCompare §3.2.1, §3.3). An
 * end closes the latest pending begin of its key. An event that both selectors select (same
 * name, no phase or field to tell them apart) is an end when a begin of its key is pending, a
 * begin otherwise.
 */
final class EventPairMatcher extends ExecutionMatcher {

    private final ExecutionDefinition.EventPair fDefinition;
    private final Map<String, Deque<DelimiterEvent>> fPending = new HashMap<>();
    private boolean fSawBegin;
    private boolean fSawEnd;

    EventPairMatcher(ExecutionDefinition.EventPair definition, Consumer<MatchedExecution> sink) {
        super(sink);
        fDefinition = definition;
    }

    @Override
    protected void handle(DelimiterEvent event) {
        fSawBegin |= fDefinition.begin().matchesName(event);
        fSawEnd |= fDefinition.end().matchesName(event);
        boolean begin = fDefinition.begin().matches(event);
        boolean end = fDefinition.end().matches(event);
        if (!begin && !end) {
            return;
        }
        String key = fDefinition.key().of(event);
        if (key == null) {
            report().count(MatchingProblem.KEY_FIELD_MISSING, event, (begin ? "begin" : "end") + " event " + event.name() //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    + " has no field " + fDefinition.key().field()); //$NON-NLS-1$
            return;
        }
        Deque<DelimiterEvent> pending = fPending.get(key);
        if (end && (!begin || (pending != null && !pending.isEmpty()))) {
            close(event, key, pending);
        } else {
            fPending.computeIfAbsent(key, k -> new ArrayDeque<>()).push(event);
        }
    }

    private void close(DelimiterEvent end, String key, Deque<DelimiterEvent> pending) {
        if (pending == null || pending.isEmpty() || pending.peek().timeNs() > end.timeNs()) {
            report().count(MatchingProblem.END_BEFORE_BEGIN, end, "end event " + end.name() + " with key " + key //$NON-NLS-1$ //$NON-NLS-2$
                    + " and no earlier begin"); //$NON-NLS-1$
            return;
        }
        DelimiterEvent begin = pending.pop();
        if (pending.isEmpty()) {
            fPending.remove(key);
        }
        emit(between(begin, end));
    }

    @Override
    public void finish() {
        for (Map.Entry<String, Deque<DelimiterEvent>> entry : fPending.entrySet()) {
            for (DelimiterEvent begin : entry.getValue()) {
                report().count(MatchingProblem.UNCLOSED_BEGIN, begin, "begin event " + begin.name() + " with key " //$NON-NLS-1$ //$NON-NLS-2$
                        + entry.getKey() + " never ended"); //$NON-NLS-1$
            }
        }
        fPending.clear();
        if (!fSawBegin) {
            report().note(MatchingProblem.UNKNOWN_BEGIN_EVENT, "no event is " + fDefinition.begin() + " among " //$NON-NLS-1$ //$NON-NLS-2$
                    + report().eventsRead() + " events"); //$NON-NLS-1$
        }
        if (!fSawEnd) {
            report().note(MatchingProblem.UNKNOWN_END_EVENT, "no event is " + fDefinition.end() + " among " //$NON-NLS-1$ //$NON-NLS-2$
                    + report().eventsRead() + " events"); //$NON-NLS-1$
        }
    }
}
