/**
 * The feature-region state system (Kaufmann 2022, §2.2): per thread the region stack, its depth and
 * the interaction; per feature the number of threads on which it is active. Times are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.feature.state;
