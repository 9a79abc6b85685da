package org.featurecompass.model.compare.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.report.ReportFixture;
import org.featurecompass.model.execution.ExpressionException;
import org.junit.jupiter.api.Test;

/**
 * {@code --fail-if} conditions on the contexts of {@link ReportFixture}'s comparison ({@code f}
 * twice as slow in B, {@code only-in-B} new in B): each condition selects the contexts a direct
 * Java predicate on {@link ContextDifference} selects, and errors name their column.
 */
class DifferenceConditionTest {

    private static final DifferentialTree tree = build();

    private static DifferentialTree build() {
        try {
            return new ReportFixture().report(null).tree();
        } catch (ExpressionException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Integer> expected(Predicate<ContextDifference> predicate) {
        List<Integer> found = new ArrayList<>();
        for (int c = 0; c < tree.tree().size(); c++) {
            ContextDifference d = tree.context(c);
            if (d.presentA() + d.presentB() > 0 && predicate.test(d)) {
                found.add(c);
            }
        }
        return found;
    }

    private static List<Integer> matches(String condition) throws ExpressionException {
        return DifferenceCondition.parse(condition).matches(tree);
    }

    private static String frame(int context) {
        return tree.tree().frame(context).label();
    }

    @Test
    void conditionsSelectTheirContexts() throws Exception {
        List<Integer> regressions = matches("q < 0.01 and delta > 5%"); //$NON-NLS-1$
        assertEquals(expected(d -> d.q() < 0.01 && d.relative() > 0.05), regressions);
        assertTrue(regressions.stream().anyMatch(c -> c != 0 && frame(c).equals("f")), "f is slower in B"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(regressions.stream().anyMatch(c -> c != 0 && frame(c).equals("only-in-B")), "only-in-B is new"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(expected(d -> d.difference() > 2000), matches("delta > 2us")); //$NON-NLS-1$
        assertEquals(expected(d -> d.difference() >= -1500.5), matches("delta >= -1500.5")); //$NON-NLS-1$
        assertEquals(expected(d -> !d.significant()), matches("not significant")); //$NON-NLS-1$
        assertEquals(expected(d -> (d.q() < 0.01 || d.test().p() < 0.001) && d.nB() >= 20), matches("(q < 1% or p < 0.001) and n-b >= 20")); //$NON-NLS-1$
        assertEquals(expected(d -> d.meanA() == 0 && d.meanB() > 0), matches("mean-a = 0 and mean-b > 0")); //$NON-NLS-1$
        assertEquals(1, matches("mean-a = 0 and mean-b > 0").size(), "only-in-B"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(expected(d -> d.context() != 0 && tree.tree().folded(d.context()).contains("FR(Compression)")), //$NON-NLS-1$
                matches("context contains \"FR(Compression)\"")); //$NON-NLS-1$
        assertEquals(2, matches("context contains \"FR(Compression)\"").size()); //$NON-NLS-1$
        assertEquals(expected(d -> d.context() != 0 && frame(d.context()).equals("f")), matches("frame = f")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(expected(d -> d.relative() < 0 || Double.isNaN(d.q())), matches("delta < 0% or not q >= 0")); //$NON-NLS-1$
        assertEquals(expected(d -> d.meanA() == 0 ? d.meanB() > 0 : d.meanB() / d.meanA() > 1.5), matches("ratio > 1.5")); // +inf when new in B //$NON-NLS-1$
        assertEquals(List.of(0), matches("depth = 0")); //$NON-NLS-1$
        assertEquals(expected(d -> d.context() != 0 && tree.tree().depth(d.context()) == 1), matches("depth = 1")); //$NON-NLS-1$
    }

    private static void assertError(String text, int column, String message) {
        ExpressionException e = assertThrows(ExpressionException.class, () -> DifferenceCondition.parse(text), text);
        assertEquals(column, e.column(), text + ": " + e.getMessage()); //$NON-NLS-1$
        assertTrue(e.getMessage().contains(message), text + ": " + e.getMessage()); //$NON-NLS-1$
    }

    @Test
    void errorsNameTheColumn() {
        assertError("", 1, "empty condition"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("q < 1ms", 5, "q is not a time"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("delta >", 8, "expected a number"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("slowness > 1", 1, "unknown variable 'slowness'; variables: delta, q"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("q < 0.01 and (delta > 5%", 25, "expected ')' to close the '(' at column 14"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("q < 0.01 delta > 5%", 10, "expected 'and', 'or'"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("mean-a > 5%", 10, "mean-a is a time"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("n-a > 5%", 7, "not a fraction"); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("q 0.01", 3, "expected <, <=, >, >=, = or !="); //$NON-NLS-1$ //$NON-NLS-2$
        assertError("frame ~ f", 7, "expected =, != or contains"); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
