/**
 * The Feature Regions time graph (Kaufmann 2022, §2.2: per thread its interaction and its stack
 * of open feature regions over time) served as a Trace Compass time-graph data provider from the
 * feature-region state system, with tooltips from the region-instance segment store. Times are
 * nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.feature.regions;
