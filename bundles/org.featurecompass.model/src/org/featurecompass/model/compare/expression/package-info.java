/**
 * The small text languages of a comparison, for the command line and for reports: a group's
 * filters ({@link org.featurecompass.model.compare.expression.GroupFilterExpression}, e.g.
 * {@code duration >= 25ms and feature Compression on}) and a condition on the contexts of a
 * differential tree ({@link org.featurecompass.model.compare.expression.DifferenceCondition}, e.g.
 * {@code q < 0.01 and delta > 5%}, the {@code --fail-if} of a CI gate). Both are read by the
 * suite's one tokenizer ({@link org.featurecompass.model.execution.ExpressionTokenizer}, syntax
 * {@code COMPARISON}), as user metrics are; every error names the 1-based column where the text
 * went wrong. The grammar is in doc/cli.md.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.compare.expression;
