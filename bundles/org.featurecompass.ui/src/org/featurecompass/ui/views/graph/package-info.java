/**
 * The Critical Path view: the critical path of a followed thread (Giraldeau 2015, §4.3) as a
 * time graph per worker, with a legend and a per-label summary. Times are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.views.graph;
