/**
 * Feature-region instances as a Trace Compass segment store (Kaufmann 2022, §2.3.2): the segment
 * analysis, its segments and aspects, and the feature-set stack trees of a time range replayed from
 * the store (§3.4). Times are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.feature.segments;
