/**
 * Executions of a trace in Trace Compass (Doray and Dagenais, TraceCompare, §3.2.1, §3.3): the
 * execution analysis (a segment store of executions with their type and metrics, so that Trace
 * Compass's latency views work on them), where the definitions are saved, how events become
 * delimiter events, and the data provider of the Executions view.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.execution;
