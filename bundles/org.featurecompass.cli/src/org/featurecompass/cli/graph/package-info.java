/**
 * {@code featurecompass critical-path}: the critical path of the Critical Path view (Giraldeau
 * 2015, §4.3), from the same analysis module, as CSV, JSON or Markdown.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.cli.graph;
