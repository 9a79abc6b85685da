/**
 * Comparison reports (issue 14): one {@link org.featurecompass.model.compare.report.ComparisonReport}
 * (a differential tree with what produced it) written as a self-contained HTML page, as JSON
 * with a versioned schema (doc/comparison-report.schema.json), as CSV of the ranked differences
 * and as Markdown; each group's aggregated ECCT as a profile for the folded-stack and pprof
 * writers of {@code model.report}. Pure Java, so that the views' export and the command line
 * write the same bytes. Every string from a trace is escaped for the format written; the same
 * inputs give the same bytes (the creation time is optional). Formats: doc/reports.md.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.compare.report;
