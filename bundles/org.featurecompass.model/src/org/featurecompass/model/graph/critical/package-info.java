/**
 * Critical path of a worker over a time range in an execution graph: the bounded active path of
 * Giraldeau 2015 (§4.3.2, §4.4.1 Algorithm 2, §5.3.2 Algorithm 5), an unbounded variant that
 * follows wakers without a window, and the breakdown of a path per worker, host and label.
 * Timestamps and durations are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.graph.critical;
