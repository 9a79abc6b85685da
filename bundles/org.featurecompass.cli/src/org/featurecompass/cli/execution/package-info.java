/**
 * {@code featurecompass executions}: the executions of a trace (TraceCompare §3.3) with every
 * metric, from the same analysis as the Executions view, as CSV or JSON.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.cli.execution;
