/**
 * The feature statistics (Kaufmann 2022, §3.3) of the whole trace or a time range served as a Trace
 * Compass tree data provider: feature, interaction containing it, region; the statistics of a range
 * are replayed from the segment store. Times are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.feature.statistics;
