/**
 * The comparison of two groups of executions (TraceCompare §3.4), over the shared comparison
 * session of {@code core.compare} ({@link org.featurecompass.core.compare.ComparisonSession}): the
 * Execution Groups view, where the groups are chosen with cross-filtered histograms, and the
 * Differential Flame Graph and Top Differences views, on the differential tree's data provider.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.views.compare;
