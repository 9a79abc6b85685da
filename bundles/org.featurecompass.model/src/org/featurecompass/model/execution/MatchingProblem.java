package org.featurecompass.model.execution;

/** What can go wrong while matching executions; every case is counted, never dropped silently. */
public enum MatchingProblem {
    /** No event of the trace has the begin selector's name (and phase). */
    UNKNOWN_BEGIN_EVENT,
    /** No event of the trace has the end selector's name (and phase). */
    UNKNOWN_END_EVENT,
    /** A begin or end event lacks the key field: it could not be paired. */
    KEY_FIELD_MISSING,
    /** An end event with no pending begin of its key: the end comes before any begin. */
    END_BEFORE_BEGIN,
    /** A begin event still pending at the end of the trace: the execution never ended. */
    UNCLOSED_BEGIN,
    /** A complete event with a negative duration. */
    NEGATIVE_DURATION,
    /** An async event without an id. */
    ASYNC_ID_MISSING
}
