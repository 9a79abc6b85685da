/**
 * The distributed extension of the execution graph (Giraldeau 2015, Chapter 5): TCP packet
 * matching across hosts (§5.3, §5.3.2), clock synchronisation of several hosts' traces by the
 * convex-hull method (§5.3.1) with unmatched-packet expiry and a fast integer timestamp transform
 * (§5.4.6, Algorithm 6), and network edges between hosts in the graph (§5.3.2, Algorithm 3).
 * Pure Java, no Trace Compass type. Timestamps and durations are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.graph.network;
