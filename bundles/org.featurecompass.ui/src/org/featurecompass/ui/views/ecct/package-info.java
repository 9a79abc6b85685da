/**
 * The Execution Flame Graph: enhanced calling context trees of executions (TraceCompare §3.1),
 * with wait frames and other threads' frames in their own colours.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.views.ecct;
