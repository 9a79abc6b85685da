/** Viewer parts the suite's views share: sortable columns, the flame-graph viewer. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.viewers;
