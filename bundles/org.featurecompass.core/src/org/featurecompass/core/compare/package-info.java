/**
 * Comparing two groups of executions of a trace (TraceCompare, Doray and Dagenais 2016, §3.4):
 * the {@link org.featurecompass.core.compare.ComparisonSession} that adapts a trace's executions
 * and their ECCTs to the pure-Java comparison model ({@link org.featurecompass.model.compare}),
 * the registry that shares one session per trace and execution type between the views and the
 * command line, and the data provider of the differential tree. No UI class: the command line
 * runs all of it headless.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.compare;
