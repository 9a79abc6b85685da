/**
 * The comparison route of the workbench: <em>Compare executions…</em> on traces of the Project
 * Explorer, the experiment made of them behind the scenes, the wizard that chooses the execution
 * type and the groups, and the Comparison perspective it opens. The wizard changes the comparison
 * the views show only through the differential tree's data provider parameters.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.compare.route;
