/**
 * The two groups of a comparison, each an intersection of filters over the executions (ranges of
 * metrics, sets of categories such as feature sets or traces, a time range), maintained
 * incrementally the Crossfilter way with a histogram per metric per group (TraceCompare, Doray and
 * Dagenais 2016, §3.4.1 and §3.4.4; doc/references.md).
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.compare.group;
