/**
 * What the suite's Trace Compass analyses share: what a trace knows of its own coverage
 * ({@link org.featurecompass.core.trace.ICoverageTrace}), reading a trace once, and reporting.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.trace;
