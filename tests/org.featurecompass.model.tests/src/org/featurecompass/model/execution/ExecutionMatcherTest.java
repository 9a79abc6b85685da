package org.featurecompass.model.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Matching of every definition kind (TraceCompare §3.3 pending executions; notes T25: interleaved
 * and parallel executions, unmatched start, end before start, nested delimiters). Expected values
 * follow from the events each test writes.
 */
class ExecutionMatcherTest {

    private static final ExecutionDefinition.EventPair BY_THREAD = new ExecutionDefinition.EventPair("req", //$NON-NLS-1$
            EventSelector.named("start"), EventSelector.named("stop"), MatchKey.THREAD, List.of()); //$NON-NLS-1$ //$NON-NLS-2$

    @Test
    void nestedPairsOnOneThreadCloseLikeCalls() {
        Events.Matched m = new Events().instant(10, "start", 1, Map.of()).instant(20, "start", 1, Map.of()) //$NON-NLS-1$ //$NON-NLS-2$
                .instant(30, "stop", 1, Map.of()).instant(50, "stop", 1, Map.of()).match(BY_THREAD); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(2, m.executions().size());
        assertEquals(10, m.executions().get(0).startNs());
        assertEquals(50, m.executions().get(0).endNs());
        assertEquals(20, m.executions().get(1).startNs());
        assertEquals(30, m.executions().get(1).endNs());
        assertTrue(m.report().isClean(), m.report().toString());
    }

    @Test
    void parallelThreadsDoNotMix() {
        Events.Matched m = new Events().instant(10, "start", 1, Map.of()).instant(15, "start", 2, Map.of()) //$NON-NLS-1$ //$NON-NLS-2$
                .instant(20, "stop", 2, Map.of()).instant(40, "stop", 1, Map.of()).match(BY_THREAD); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of(30L, 5L), m.executions().stream().map(MatchedExecution::durationNs).toList());
        assertEquals(1, m.executions().get(0).tid());
    }

    @Test
    void fieldKeyPairsInterleavedRequestsAcrossThreads() {
        ExecutionDefinition.EventPair byId = new ExecutionDefinition.EventPair("req", EventSelector.named("start"), //$NON-NLS-1$ //$NON-NLS-2$
                EventSelector.named("stop"), MatchKey.field("id"), List.of()); //$NON-NLS-1$ //$NON-NLS-2$
        Events.Matched m = new Events().instant(10, "start", 1, Map.of("id", 7L, "size", 100L)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .instant(12, "start", 1, Map.of("id", 8L, "size", 200L)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .instant(30, "stop", 3, Map.of("id", 7L, "bytes", 5L)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .instant(40, "stop", 2, Map.of("id", 8L)).match(byId); //$NON-NLS-1$ //$NON-NLS-2$
        MatchedExecution first = m.executions().get(0);
        assertEquals(20, first.durationNs());
        assertEquals(3, first.endTid());
        assertEquals(Map.of("begin.id", 7.0, "begin.size", 100.0, "end.id", 7.0, "end.bytes", 5.0), first.arguments()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        assertEquals(28, m.executions().get(1).durationNs());
    }

    @Test
    void unmatchedEndsAndBeginsAreCountedWithTheirFirstPosition() {
        Events.Matched m = new Events().instant(5, "stop", 1, Map.of()).instant(6, "stop", 2, Map.of()) //$NON-NLS-1$ //$NON-NLS-2$
                .instant(10, "start", 1, Map.of()).instant(20, "stop", 1, Map.of()) //$NON-NLS-1$ //$NON-NLS-2$
                .instant(30, "start", 1, Map.of()).instant(31, "start", 2, Map.of()).match(BY_THREAD); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(1, m.executions().size());
        ProblemCount ends = m.report().get(MatchingProblem.END_BEFORE_BEGIN);
        assertNotNull(ends);
        assertEquals(2, ends.count());
        assertEquals(0, ends.firstPosition());
        ProblemCount begins = m.report().get(MatchingProblem.UNCLOSED_BEGIN);
        assertNotNull(begins);
        assertEquals(2, begins.count());
        assertEquals(4, begins.firstPosition(), "the earliest pending begin, whatever the map order");
    }

    @Test
    void unknownEventsAndMissingKeyFieldsAreReported() {
        ExecutionDefinition.EventPair bad = new ExecutionDefinition.EventPair("bad", EventSelector.named("start"), //$NON-NLS-1$ //$NON-NLS-2$
                EventSelector.named("finish"), MatchKey.field("id"), List.of()); //$NON-NLS-1$ //$NON-NLS-2$
        Events.Matched m = new Events().instant(1, "other", 1, Map.of()).instant(2, "start", 1, Map.of()) //$NON-NLS-1$ //$NON-NLS-2$
                .instant(3, "start", 1, Map.of("id", "a")).instant(4, "start", 1, Map.of()).match(bad); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        assertEquals(0, m.executions().size());
        ProblemCount missing = m.report().get(MatchingProblem.KEY_FIELD_MISSING);
        assertNotNull(missing);
        assertEquals(2, missing.count());
        assertEquals(1, missing.firstPosition());
        ProblemCount unknown = m.report().get(MatchingProblem.UNKNOWN_END_EVENT);
        assertNotNull(unknown);
        assertTrue(unknown.detail().contains("finish") && unknown.detail().contains("4 events"), unknown.detail()); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(null, m.report().get(MatchingProblem.UNKNOWN_BEGIN_EVENT));
        assertEquals(1, m.report().count(MatchingProblem.UNCLOSED_BEGIN));
    }

    @Test
    void samePhaseSelectorsTellBeginFromEndByWhatIsPending() {
        ExecutionDefinition.EventPair toggle = new ExecutionDefinition.EventPair("t", EventSelector.named("tick"), //$NON-NLS-1$ //$NON-NLS-2$
                EventSelector.named("tick"), MatchKey.THREAD, List.of()); //$NON-NLS-1$
        Events.Matched m = new Events().instant(1, "tick", 1, Map.of()).instant(4, "tick", 1, Map.of()) //$NON-NLS-1$ //$NON-NLS-2$
                .instant(9, "tick", 1, Map.of()).match(toggle); //$NON-NLS-1$
        assertEquals(1, m.executions().size());
        assertEquals(3, m.executions().get(0).durationNs());
        assertEquals(1, m.report().count(MatchingProblem.UNCLOSED_BEGIN));
    }

    @Test
    void whereConditionsPickOneRegionAmongRegionsOfTheSameName() {
        // fc-demo: FR(Compression) ID 1 starts an item, FR(Encryption) ID 2 ends it; ID 4 is a nested FR(Compression).
        ExecutionDefinition.EventPair item = new ExecutionDefinition.EventPair("item", //$NON-NLS-1$
                new EventSelector("FR(Compression)", DelimiterPhase.SLICE_BEGIN, Map.of("ID", "1")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                new EventSelector("FR(Encryption)", DelimiterPhase.SLICE_END, Map.of("ID", "2")), MatchKey.THREAD, List.of()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        Events events = new Events();
        events.add(0, "FR(Compression)", "Feature", DelimiterPhase.SLICE_BEGIN, 1, null, DelimiterEvent.NO_DURATION, Map.of("ID", 1L)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        events.add(5, "FR(Compression)", "Feature", DelimiterPhase.SLICE_END, 1, null, DelimiterEvent.NO_DURATION, Map.of("ID", 1L)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        events.add(6, "FR(Encryption)", "Feature", DelimiterPhase.SLICE_BEGIN, 1, null, DelimiterEvent.NO_DURATION, Map.of("ID", 2L)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        events.add(7, "FR(Compression)", "Feature", DelimiterPhase.SLICE_BEGIN, 1, null, DelimiterEvent.NO_DURATION, Map.of("ID", 4L)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        events.add(8, "FR(Compression)", "Feature", DelimiterPhase.SLICE_END, 1, null, DelimiterEvent.NO_DURATION, Map.of("ID", 4L)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        events.add(9, "FR(Encryption)", "Feature", DelimiterPhase.SLICE_END, 1, null, DelimiterEvent.NO_DURATION, Map.of("ID", 2L)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        Events.Matched m = events.match(item);
        assertEquals(1, m.executions().size());
        assertEquals(9, m.executions().get(0).durationNs());
        assertTrue(m.report().isClean(), m.report().toString());
    }

    @Test
    void completeSlicesNestByTimeWithEqualBeginsLongestFirst() {
        // Thread 1: a [0,100] > b [0,40] > c [10,20]; d [40,60] is a's child, sibling of b; e [100,110] top level.
        Events events = new Events().complete(10, 10, "c", 1).complete(0, 40, "b", 1).complete(0, 100, "a", 1) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .complete(40, 20, "d", 1).complete(100, 10, "e", 1).complete(5, 1, "z", 2); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(List.of("a", "z", "e"), names(events.match(new ExecutionDefinition.Slice("top", 0, null, List.of())))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        assertEquals(List.of("b", "d"), names(events.match(new ExecutionDefinition.Slice("1", 1, null, List.of())))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(List.of("c"), names(events.match(new ExecutionDefinition.Slice("2", 2, null, List.of())))); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of("d"), names(events.match(new ExecutionDefinition.Slice("d", 1, "d", List.of())))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    @Test
    void beginEndSlicesWithUnmatchedEndAndUnclosedBegin() {
        Events events = new Events().end(1, "orphan", 1).begin(2, "main", 1).begin(3, "inner", 1).complete(4, 1, "x", 1) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                .end(8, "inner", 1).end(10, "main", 1).begin(20, "never", 1); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        Events.Matched top = events.match(new ExecutionDefinition.Slice("top", 0, null, List.of())); //$NON-NLS-1$
        assertEquals(List.of("main"), names(top)); //$NON-NLS-1$
        assertEquals(8, top.executions().get(0).durationNs());
        assertEquals(1, top.report().count(MatchingProblem.END_BEFORE_BEGIN));
        assertEquals(1, top.report().count(MatchingProblem.UNCLOSED_BEGIN));
        assertEquals(List.of("x"), names(events.match(new ExecutionDefinition.Slice("2", 2, null, List.of())))); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void negativeDurationsAreCountedNotMatched() {
        Events.Matched m = new Events().complete(5, -3, "bad", 1).complete(6, 2, "good", 1) //$NON-NLS-1$ //$NON-NLS-2$
                .match(new ExecutionDefinition.Slice("top", 0, null, List.of())); //$NON-NLS-1$
        assertEquals(List.of("good"), names(m)); //$NON-NLS-1$
        assertEquals(1, m.report().count(MatchingProblem.NEGATIVE_DURATION));
    }

    @Test
    void asyncSpansPairByNameAndIdAndNest() {
        Events events = new Events().async(0, true, "job", "0x1", 1).async(1, true, "job", "0x2", 1) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                .async(2, true, "job_CALLBACK", "0x1", 1).async(3, false, "job_CALLBACK", "0x1", 2) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                .async(5, false, "job", "0x1", 2).async(6, false, "job", "0x9", 1); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        Events.Matched jobs = events.match(new ExecutionDefinition.Async("job", "job", null, List.of())); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(1, jobs.executions().size());
        assertEquals(5, jobs.executions().get(0).durationNs());
        assertEquals(2, jobs.executions().get(0).endTid());
        assertEquals(1, jobs.report().count(MatchingProblem.UNCLOSED_BEGIN), "0x2 never ends");
        assertEquals(1, jobs.report().count(MatchingProblem.END_BEFORE_BEGIN), "0x9 never began");
        Events.Matched all = events.match(new ExecutionDefinition.Async("all", null, null, List.of())); //$NON-NLS-1$
        assertEquals(List.of(5L, 1L), all.executions().stream().map(MatchedExecution::durationNs).toList());
    }

    private static List<String> names(Events.Matched matched) {
        return matched.executions().stream().map(MatchedExecution::name).toList();
    }
}
