/**
 * The Feature Flame Graph's tree (region instances aggregated by feature-set stack, Kaufmann 2022,
 * §3.4) of the whole trace or a time range served as a Trace Compass tree data provider. Times are
 * nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.feature.flamegraph;
