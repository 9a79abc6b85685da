/**
 * The views of the comparison of two groups of executions (TraceCompare §3.4): the Differential
 * Flame Graph and the Top Differences, both on the differential tree's data provider and the
 * trace's current {@link org.featurecompass.core.compare.ComparisonSession}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.views.compare;
