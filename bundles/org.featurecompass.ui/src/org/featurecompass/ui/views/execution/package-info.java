/**
 * The Executions view (TraceCompare §3.4.3: lists of executions that navigate to the trace): a
 * sortable, searchable table of the executions of one type with their metrics, and the dialog
 * that defines what an execution is.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.views.execution;
