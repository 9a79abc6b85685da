package org.featurecompass.model.compare.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.CrossFilterTestTables;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupFilter.CategorySet;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.group.GroupFilter.TimeRange;
import org.featurecompass.model.compare.group.GroupPresets;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.execution.ExpressionException;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.junit.jupiter.api.Test;

/**
 * The group definition language: every term form gives the filter it names (bounds exactly as
 * written: {@code <} excludes, {@code <=} includes), presets equal {@link GroupPresets}, the text
 * {@link GroupFilterExpression#format} writes reads back into the same filters, and every error
 * names the column where the text went wrong.
 */
class GroupFilterExpressionTest {

    private static final ExperimentExecutions TABLE = CrossFilterTestTables.table(new Random(3), 500);

    private static List<GroupFilter> filters(String text) throws ExpressionException {
        return GroupFilterExpression.parse(text).resolve(TABLE);
    }

    private static @Nullable MetricUnit unit(String metric) {
        for (MetricColumn m : TABLE.metrics()) {
            if (m.name().equals(metric)) {
                return m.unit();
            }
        }
        return null;
    }

    @Test
    void termsGiveTheirFilters() throws Exception {
        assertEquals(List.of(), filters("all")); //$NON-NLS-1$
        assertEquals(List.of(new MetricRange("duration", Double.NEGATIVE_INFINITY, 2_500)), filters("duration < 2.5us")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of(new MetricRange("duration", 1_000_000, Double.POSITIVE_INFINITY)), filters("duration >= 1ms")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of(new MetricRange("duration", Math.nextUp(2000.0), Double.POSITIVE_INFINITY)), filters("duration > 2000")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of(new MetricRange("duration", Double.NEGATIVE_INFINITY, Math.nextUp(3e9))), filters("duration <= 3s")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of(new MetricRange("feature.A", 1000, 2000)), filters("1us <= feature.A < 2us")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of(new MetricRange("feature.A", 1000, Math.nextUp(2000.0))), filters("feature.A in [1000ns, 2000ns]")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of(new MetricRange("bytes", 4096, 8192)), filters("bytes in [4096, 8192)")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(List.of(new CategorySet("trace", Set.of("t1"))), filters("trace = t1")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(List.of(new CategorySet("feature set", Set.of("A*B", ""))), filters("feature-set in {A*B, \"\"}")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        assertEquals(List.of(new CategorySet("feature set", Set.of("A"))), filters("\"feature set\" = A")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(List.of(new TimeRange(1_000_000, 1_500_000)), filters("time in [1ms, 1500us]")); //$NON-NLS-1$
        assertEquals(List.of(new MetricRange("duration", 100, Double.POSITIVE_INFINITY), new MetricRange("duration", Double.NEGATIVE_INFINITY, 200), //$NON-NLS-1$ //$NON-NLS-2$
                new CategorySet("trace", Set.of("t2", "t3"))), filters("duration >= 100 and duration < 200 and trace in {t2,t3}")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }

    @Test
    void presetsAreGroupPresets() throws Exception {
        GroupPresets.Pair slowest = GroupPresets.slowestVersusRest(TABLE, "duration", 0.1); //$NON-NLS-1$
        assertEquals(slowest.b(), filters("slowest 10%")); //$NON-NLS-1$
        assertEquals(slowest.a(), filters("not slowest 10%")); //$NON-NLS-1$
        assertEquals(GroupPresets.slowestVersusRest(TABLE, "cpu", 0.25).b(), filters("slowest 25% by cpu")); //$NON-NLS-1$ //$NON-NLS-2$
        GroupPresets.Pair feature = GroupPresets.featureOnVersusOff(TABLE, ExperimentExecutions.FEATURE_SET, "B"); //$NON-NLS-1$
        assertEquals(feature.b(), filters("feature B on")); //$NON-NLS-1$
        assertEquals(feature.a(), filters("feature B off")); //$NON-NLS-1$
        // The groups the CrossFilter forms from them: the slowest tenth and the rest partition the executions.
        CrossFilter cross = new CrossFilter(TABLE, 10, HistogramEdges.Scale.LINEAR);
        cross.apply(Group.A, filters("not slowest 10%")); //$NON-NLS-1$
        cross.apply(Group.B, filters("slowest 10%")); //$NON-NLS-1$
        BitSet both = cross.members(Group.A);
        both.and(cross.members(Group.B));
        assertTrue(both.isEmpty());
        assertEquals(TABLE.size(), cross.size(Group.A) + cross.size(Group.B));
        assertTrue(cross.size(Group.B) >= 50);
    }

    @Test
    void formatReadsBack() throws Exception {
        for (String text : List.of("all", "duration < 2.5us", "duration > 2000ns", "duration <= 3s", "1us <= feature.A < 2us", "10ms < duration <= 1.5s", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "bytes >= 4096", "trace = t1", "feature-set in {\"\", A, A*B}", "time in [1000000ns, 1500000ns]", "slowest 10%", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                "not slowest 10% by cpu and feature A on and duration < 4.321us")) { //$NON-NLS-1$
            List<GroupFilter> parsed = filters(text);
            String formatted = GroupFilterExpression.format(parsed, GroupFilterExpressionTest::unit);
            assertEquals(parsed, filters(formatted), text + " -> " + formatted); //$NON-NLS-1$
        }
        assertEquals("feature.A >= 1us and feature.A < 2us and trace in {t2, t3}", GroupFilterExpression.format( //$NON-NLS-1$
                filters("feature.A >= 1000 and feature.A < 2000 and trace in {t3, t2}"), GroupFilterExpressionTest::unit)); //$NON-NLS-1$
        assertEquals("duration > 2us and 10ms < duration <= 1.5s and bytes < 4096", GroupFilterExpression.format( //$NON-NLS-1$
                filters("duration > 2000 and 10ms < duration <= 1.5s and bytes < 4096"), GroupFilterExpressionTest::unit)); //$NON-NLS-1$
        assertEquals("\"odd name\" = \"a, b\" and \"weird\\\"x\" = \"\"", GroupFilterExpression.format( //$NON-NLS-1$
                List.of(new CategorySet("odd name", Set.of("a, b")), new CategorySet("weird\"x", Set.of(""))), m -> null)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }

    private static void assertError(String text, int column, String message) {
        ExpressionException e = assertThrows(ExpressionException.class, () -> filters(text), text);
        assertEquals(column, e.column(), text + ": " + e.getMessage()); //$NON-NLS-1$
        assertTrue(e.getMessage().contains(message), text + ": " + e.getMessage()); //$NON-NLS-1$
    }

    @Test
    void errorsNameTheColumn() {
        assertError("", 1, "empty group definition"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("duration <", 11, "expected a number"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("duration < 25xs", 12, "expected a number"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("durtion < 25ms", 1, "no metric 'durtion' (did you mean 'duration'?); metrics: "); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("latency < 25ms", 1, "no metric 'latency'; metrics: "); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("trace = t9", 9, "no execution has trace 't9'; trace values: t1, t2, t3"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("trace < 3", 1, "no metric 'trace' (it is a category"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("bytes < 2ms", 1, "bytes is not a time"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("duration < 25ms or cpu > 1", 17, "expected 'and' or the end"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("duration < 25ms and", 20, "expected a metric"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("duration in [5ms, 2ms)", 19, "is empty"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("duration in [5ms, 6ms", 22, "expected ')'"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("2ms > duration < 5ms", 5, "low < metric < high"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("slowest 10", 9, "percentage"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("slowest 10% by nothing", 1, "no metric 'nothing'"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("feature Z on", 1, "contains Z"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("feature A maybe", 11, "expected 'on' or 'off'"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("trace = \"t1", 9, "unterminated string"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("duration ! 3", 10, "'!' must be followed by '='"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("duration < and trace = \"t1", 24, "unterminated string"); // a text that cannot be read is reported first //$NON-NLS-1$ //$NON-NLS-2$
        assertError("time in [2s, 1s]", 14, "ends before it starts"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("duration < 5%", 12, "not percentages"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("trace = t1 all", 12, "expected 'and'"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void pointerMarksTheColumn() {
        ExpressionException e = assertThrows(ExpressionException.class, () -> filters("duration < 25xs")); //$NON-NLS-1$
        assertEquals("duration < 25xs\n           ^", e.pointer("duration < 25xs")); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
