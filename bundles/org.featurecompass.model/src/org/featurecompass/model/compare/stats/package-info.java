/**
 * Statistics of a two-group comparison per calling context (TraceCompare, Doray and Dagenais 2016,
 * §3.4.2, Eq. 1; Benjamini and Hochberg 1995; keys in doc/references.md): exact moments of
 * nanosecond samples, Welch's t test, the Mann-Whitney U test and Benjamini-Hochberg q-values
 * (the last two go beyond the paper's test, doc/comparison.md says why). The t, normal and exact U distributions come from Apache Commons Statistics; nothing
 * here re-implements a distribution. Conventions for degenerate samples are in doc/comparison.md.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.compare.stats;
