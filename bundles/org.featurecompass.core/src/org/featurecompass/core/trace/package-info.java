/**
 * What the suite's Trace Compass analyses share: what a trace knows of its own coverage
 * ({@link org.featurecompass.core.trace.ICoverageTrace}), reading a trace once, and reporting;
 * and what its data providers share: the statuses they answer
 * ({@link org.featurecompass.core.trace.ResultOrStatus}), the range a query asks for
 * ({@link org.featurecompass.core.trace.RequestedTimes}), their factories
 * ({@link org.featurecompass.core.trace.AnalysisDataProviderFactory}), finding them and querying them.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.trace;
