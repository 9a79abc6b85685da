/**
 * Export of a comparison report (doc/reports.md) from the workbench: File › Export › Feature
 * Compass › Comparison Report, and the same wizard from the toolbar of the comparison views. The
 * report is made by {@code core.compare.report}, as by {@code featurecompass compare}; this package
 * only asks where and in which formats.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.compare.export;
