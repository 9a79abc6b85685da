/**
 * Writers of the suite's exported files, pure Java so that the views' export actions and the
 * command line write the same bytes: JSON, CSV and Markdown text with their escaping rules, and
 * profiles of aggregated trees as folded stacks and pprof. Every string that comes from a trace
 * (a feature, function or thread name) is escaped for the format it is written in. Output is
 * deterministic: the same inputs give the same bytes.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.report;
