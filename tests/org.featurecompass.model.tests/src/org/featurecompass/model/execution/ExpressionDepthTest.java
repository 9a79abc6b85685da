package org.featurecompass.model.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.expression.DifferenceCondition;
import org.featurecompass.model.compare.report.ReportFixture;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, "no Error from input": the user-metric and {@code --fail-if} parsers refuse an input
 * nested deeper than {@link ExpressionDepth#MAX} with an {@link ExpressionException} at the
 * column of the first token past the bound, where they threw {@link StackOverflowError} (from
 * about 2,000 {@code (} or 20,000 {@code not}); the bound itself and long flat chains still parse
 * and evaluate. The columns come from the generated text's own layout.
 */
class ExpressionDepthTest {

    private static final int MAX = ExpressionDepth.MAX;

    private static void assertTooDeep(Runnable parse, int column) {
        ExpressionException e = assertThrows(ExpressionException.class, parse::run);
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.getMessage().contains("nests more than " + MAX + " levels"), e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void failIfConditionNestingIsBounded() {
        // 3,000 '(' (the row): the (MAX+1)-th '(' is at column MAX+1
        assertTooDeep(() -> DifferenceCondition.parse("(".repeat(3000) + "q < 1" + ")".repeat(3000)), MAX + 1); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        // 20,000 'not ': each takes 4 columns, the (MAX+1)-th starts at 4 * MAX + 1
        assertTooDeep(() -> DifferenceCondition.parse("not ".repeat(20000) + "significant"), 4 * MAX + 1); //$NON-NLS-1$ //$NON-NLS-2$
        assertTooDeep(() -> DifferenceCondition.parse("(not ".repeat(200) + "q < 1" + ")".repeat(200)), 5 * (MAX / 2) + 1); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    @Test
    void failIfConditionsAtTheBoundAndLongChainsWork() throws Exception {
        DifferentialTree tree = new ReportFixture().report(null).tree();
        DifferenceCondition atBound = DifferenceCondition.parse("(".repeat(MAX) + "depth = 0" + ")".repeat(MAX)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(java.util.List.of(0), atBound.matches(tree));
        // 50,000 operands: a list, not 50,000 nested calls
        DifferenceCondition chain = DifferenceCondition.parse("depth = 99 or ".repeat(50_000) + "depth = 0"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(java.util.List.of(0), chain.matches(tree));
        DifferenceCondition all = DifferenceCondition.parse("depth >= 0 and ".repeat(50_000) + "depth = 0"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(java.util.List.of(0), all.matches(tree));
    }

    private static final Map<String, MetricColumn> COLUMNS = Map.of("x", //$NON-NLS-1$
            new MetricColumn("x", MetricUnit.NONE, MetricColumn.Kind.ARGUMENT, new double[] { 2 })); //$NON-NLS-1$

    private static double evaluate(String formula) {
        return MetricExpression.parse(formula).bind(COLUMNS::get, COLUMNS.keySet()).evaluate(0);
    }

    @Test
    void userMetricNestingIsBounded() {
        assertTooDeep(() -> MetricExpression.parse("(".repeat(3000) + "x" + ")".repeat(3000)), MAX + 1); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertTooDeep(() -> MetricExpression.parse("-".repeat(20000) + "x"), MAX + 1); //$NON-NLS-1$ //$NON-NLS-2$
        assertTooDeep(() -> MetricExpression.parse("abs(".repeat(1000) + "x" + ")".repeat(1000)), 4 * MAX + 1); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        // x+x+…: the tree is left-deep, each '+' one level: the MAX-th '+' (x at 1, '+' at 2, 4, …) makes depth MAX + 1
        assertTooDeep(() -> MetricExpression.parse("x" + "+x".repeat(100_000)), 2 * MAX); //$NON-NLS-1$ //$NON-NLS-2$
        assertTooDeep(() -> MetricExpression.parse("x" + "*x".repeat(100_000)), 2 * MAX); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void userMetricsAtTheBoundEvaluate() {
        assertEquals(2, evaluate("(".repeat(MAX) + "x" + ")".repeat(MAX))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        // MAX - 1 additions: depth MAX
        assertEquals(2.0 * MAX, evaluate("x" + "+x".repeat(MAX - 1))); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(MAX % 2 == 0 ? -2 : 2, evaluate("-".repeat(MAX - 1) + "x")); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
