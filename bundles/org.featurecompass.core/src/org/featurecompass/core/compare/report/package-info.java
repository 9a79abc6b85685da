/**
 * The comparison reports of a {@link org.featurecompass.core.compare.ComparisonSession}
 * (doc/reports.md): one consistent snapshot of the session made into a
 * {@link org.featurecompass.model.compare.report.ComparisonReport} with the traces' coverage, and
 * the files of each {@link org.featurecompass.core.compare.report.ReportFormat}. Shared by the
 * views' export and {@code featurecompass compare}, so both write the same bytes.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.compare.report;
