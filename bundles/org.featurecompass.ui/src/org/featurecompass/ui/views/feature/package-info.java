/**
 * The feature-region views (Kaufmann 2022): Feature Statistics (tree table feature → interaction
 * → region, following the time selection), Feature Regions (time graph of each thread's region
 * stack), Feature Flame Graph (region instances aggregated by feature-set stack) and the Feature
 * Region Density view over the region-instance segment store.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.views.feature;
