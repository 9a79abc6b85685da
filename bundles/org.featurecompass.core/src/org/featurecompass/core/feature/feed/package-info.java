/**
 * From a TEF trace to the feature-region model (Kaufmann 2022): the conversion of TEF events,
 * lost-event ranges and measurement-off windows to model region events and coverage gaps, and the
 * one pass over a trace that feeds them to {@code org.featurecompass.model.feature.FeatureRegionAnalysis}
 * and yields its {@link org.featurecompass.core.feature.feed.FeatureStatistics}. The only place where
 * the TEF encoding of feature regions is read. Times are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.feature.feed;
