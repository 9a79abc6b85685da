/**
 * Executions (Doray and Dagenais, TraceCompare, §3.2.1 and §3.3): instances of a task delimited
 * in a trace, matched from their delimiting events according to a versioned
 * {@link org.featurecompass.model.execution.ExecutionDefinition definition}, with their metrics in
 * a columnar {@link org.featurecompass.model.execution.ExecutionTable}. Times and durations are
 * nanoseconds. Pure Java: the Trace Compass adapters live in {@code org.featurecompass.core.execution}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.execution;
