package org.featurecompass.model.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The user-metric expression language: values, precedence, missing values, errors with their column. */
class MetricExpressionTest {

    private static final Map<String, MetricColumn> COLUMNS = Map.of(
            "duration", new MetricColumn("duration", MetricUnit.NANOSECONDS, MetricColumn.Kind.STANDARD, new double[] { 100, 0, 50 }), //$NON-NLS-1$ //$NON-NLS-2$
            "cpu", new MetricColumn("cpu", MetricUnit.NANOSECONDS, MetricColumn.Kind.CRITICAL_PATH, new double[] { 25, 0, Double.NaN }), //$NON-NLS-1$ //$NON-NLS-2$
            "wait.TIMER", new MetricColumn("wait.TIMER", MetricUnit.NANOSECONDS, MetricColumn.Kind.CRITICAL_PATH, new double[] { 75, 0, 1 }), //$NON-NLS-1$ //$NON-NLS-2$
            "end.bytes sent", new MetricColumn("end.bytes sent", MetricUnit.NONE, MetricColumn.Kind.ARGUMENT, new double[] { 4, 9, 16 })); //$NON-NLS-1$ //$NON-NLS-2$

    private static double[] eval(String text) {
        MetricExpression.Evaluator evaluator = MetricExpression.parse(text).bind(COLUMNS::get, COLUMNS.keySet());
        return new double[] { evaluator.evaluate(0), evaluator.evaluate(1), evaluator.evaluate(2) };
    }

    @Test
    void ratioOfMetricsWithMissingValuesAndZeroDivisors() {
        double[] share = eval("cpu / duration"); //$NON-NLS-1$
        assertEquals(0.25, share[0]);
        assertTrue(Double.isNaN(share[1]), "0/0 has no value");
        assertTrue(Double.isNaN(share[2]), "a missing cpu has no value");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = { "1 + 2 * 3; 7", "(1 + 2) * 3; 9", "2 - 3 - 4; -5", "8 / 4 / 2; 1", "-2 * -3; 6",
            "1.5e3 + .5; 1500.5", "max(duration, wait.TIMER, 3); 100", "min(duration, wait.TIMER); 75", "abs(-4); 4",
            "sqrt(`end.bytes sent`); 2", "log(1); 0", "wait.TIMER / 1e6 * 1000; 0.075" })
    void arithmetic(String text, double expected) {
        assertEquals(expected, eval(text)[0], 1e-12, text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = { "cpu /; 6; expected a number", "(cpu + 1; 9; expected ')'", "cpu duration; 5; unexpected 'd'",
            "foo(cpu); 1; unknown function 'foo'", "max(cpu); 1; max takes two or more arguments", "`cpu; 1; not closed",
            "1e; 2; an exponent needs digits", "1.2.3; 1; is not a number", "' '; 2; found the end", "cpu * #; 7; found '#'",
            // the first problem in reading order, even where a later token could not be read
            "cpu 1e; 5; unexpected '1'", "cpu `x; 5; unexpected '`'", "cpu + + `b; 7; found '+'" })
    void syntaxErrorsNameTheirColumn(String text, int column, String message) {
        ExpressionException e = assertThrows(ExpressionException.class, () -> MetricExpression.parse(text));
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void unknownMetricsNameTheirColumnAndTheKnownOnes() {
        MetricExpression expression = MetricExpression.parse("cpu + wait.TIMR"); //$NON-NLS-1$
        assertEquals(List.of("cpu", "wait.TIMR"), List.copyOf(expression.metrics())); //$NON-NLS-1$ //$NON-NLS-2$
        ExpressionException e = assertThrows(ExpressionException.class,
                () -> expression.bind(name -> (@Nullable MetricColumn) COLUMNS.get(name), List.of("cpu", "wait.TIMER"))); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(7, e.column());
        assertTrue(e.getMessage().contains("wait.TIMR") && e.getMessage().contains("known: cpu, wait.TIMER"), e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
