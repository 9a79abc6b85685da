package org.featurecompass.model.fuzz;

import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

import org.featurecompass.model.compare.expression.DifferenceCondition;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.report.ReportFixture;
import org.featurecompass.model.execution.ExpressionException;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricExpression;
import org.featurecompass.model.execution.MetricUnit;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzz tests of the three expression languages a user types (Jazzer): a user
 * metric's formula, a group filter ({@code --group-a}), a {@code --fail-if} condition. The
 * oracle: parsing either succeeds or throws {@link ExpressionException} with a column inside the
 * text (or just past its end); a parsed expression is then applied (bound and evaluated on a
 * row; resolved against {@link ReportFixture}'s executions; matched against its comparison), which
 * again only may throw {@link ExpressionException}. Anything else, an {@link Error} included, is a
 * finding. Corpus: {@code ExpressionFuzzTestInputs/<test>/} (doc/fuzzing.md).
 */
class ExpressionFuzzTest {

    private static final ReportFixture FIXTURE = fixture();
    private static final Map<String, MetricColumn> COLUMNS = Map.of( //
            "duration", new MetricColumn("duration", MetricUnit.NANOSECONDS, MetricColumn.Kind.STANDARD, new double[] { 100, 0 }), //$NON-NLS-1$ //$NON-NLS-2$
            "cpu", new MetricColumn("cpu", MetricUnit.NANOSECONDS, MetricColumn.Kind.CRITICAL_PATH, new double[] { 25, Double.NaN }), //$NON-NLS-1$ //$NON-NLS-2$
            "wait.TIMER", new MetricColumn("wait.TIMER", MetricUnit.NANOSECONDS, MetricColumn.Kind.CRITICAL_PATH, new double[] { -0.0, 1e300 })); //$NON-NLS-1$ //$NON-NLS-2$

    private static ReportFixture fixture() {
        try {
            return new ReportFixture();
        } catch (ExpressionException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void checkColumn(ExpressionException e, String text) {
        if (e.column() < 1 || e.column() > text.length() + 1) {
            throw new IllegalStateException("column " + e.column() + " outside a text of " + text.length() + " characters: " + e.getMessage(), e); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    @FuzzTest
    void metricExpression(@Nullable String text) {
        if (text == null) {
            return; // Jazzer's null string
        }
        MetricExpression expression;
        try {
            expression = MetricExpression.parse(text);
        } catch (ExpressionException e) {
            checkColumn(e, text);
            return;
        }
        try {
            MetricExpression.Evaluator evaluator = expression.bind(COLUMNS::get, COLUMNS.keySet());
            evaluator.evaluate(0);
            evaluator.evaluate(1);
        } catch (ExpressionException e) {
            checkColumn(e, text);
        }
    }

    @FuzzTest
    void groupFilter(@Nullable String text) {
        if (text == null) {
            return; // Jazzer's null string
        }
        GroupFilterExpression group;
        try {
            group = GroupFilterExpression.parse(text);
        } catch (ExpressionException e) {
            checkColumn(e, text);
            return;
        }
        try {
            group.resolve(FIXTURE.executions);
        } catch (ExpressionException e) {
            checkColumn(e, text);
        }
    }

    @FuzzTest
    void failIfCondition(@Nullable String text) {
        if (text == null) {
            return; // Jazzer's null string
        }
        DifferenceCondition condition;
        try {
            condition = DifferenceCondition.parse(text);
        } catch (ExpressionException e) {
            checkColumn(e, text);
            return;
        }
        condition.matches(FIXTURE.differences);
    }
}
