/**
 * {@code featurecompass compare}: two groups of executions compared calling context by calling
 * context, on the comparison session of the views ({@code core.compare}), with the reports of
 * {@code model.compare.report} and a {@code --fail-if} gate.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.cli.compare;
