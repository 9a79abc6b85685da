/**
 * The headless {@code featurecompass} command line: an Equinox application that runs the suite's
 * analyses on traces opened without the workbench, through the same analysis modules and data
 * providers as the views, and writes their results to standard output (progress and warnings on
 * standard error). Exit codes: {@link org.featurecompass.cli.ExitCode}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.cli;
