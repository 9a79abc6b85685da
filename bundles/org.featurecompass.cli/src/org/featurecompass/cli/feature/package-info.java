/**
 * {@code featurecompass features}: the feature statistics of the Feature Statistics view
 * (Kaufmann 2022, §3.3), from the same data provider, as CSV, JSON or Markdown.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.cli.feature;
