/**
 * Trace Compass adapters for the execution graph and the critical path (Giraldeau 2015, §4.4,
 * §5.3): an analysis that feeds a kernel trace to the model's
 * {@link org.featurecompass.model.graph.builder.ExecutionGraphBuilder}, and an analysis that
 * extracts the critical path of one thread over a time range. Timestamps are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.graph;
