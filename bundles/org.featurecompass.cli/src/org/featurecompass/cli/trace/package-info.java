/**
 * Traces opened from a path without the workbench: the trace type is chosen as Trace Compass's
 * import chooses it, and the trace is announced to Trace Compass's managers so that its analyses
 * and data providers are found as in the views.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.cli.trace;
