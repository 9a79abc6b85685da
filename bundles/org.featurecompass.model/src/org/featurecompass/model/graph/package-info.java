/**
 * Execution graph of Giraldeau 2015 (§4.3, Definition 1; §5.3.2): one time-ordered chain of
 * vertices per worker (a thread of one host), horizontal edges labelled with the worker's
 * state, vertical edges for wake-ups and network packets. Pure Java, no Trace Compass type.
 * Timestamps and durations are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.graph;
