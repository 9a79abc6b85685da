/**
 * Feature-region model: region begin/end events, feature sets parsed from VaRA region names,
 * per-thread region matching, region instances, exclusive time per feature interaction and
 * statistics with coverage bounds (Kaufmann 2022). Imports no Trace Compass type. Timestamps and
 * durations are nanoseconds; region ids are unsigned 64-bit values held in a {@code long}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.feature;
