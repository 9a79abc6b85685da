/**
 * Feature-region analyses of Trace Event Format traces (Kaufmann 2022): the conversion of TEF
 * events to model region events, the region-instance segment store, the per-thread region-stack
 * state system and the statistics per feature, interaction and region for a time range. The
 * algorithms live in {@code org.featurecompass.model.feature}; this package only adapts Trace
 * Compass events and requests to them. Times are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.feature;
