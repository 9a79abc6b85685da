/**
 * Builds the execution graph of one host from abstract kernel events (scheduler, fork/exec/exit,
 * statedump, interrupt contexts, lost events), after Giraldeau 2015, §4.4, Algorithm 1. The
 * events are plain method calls with primitive fields, so a Trace Compass adapter, the recorder
 * reader and the tests feed the same code. Timestamps are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.graph.builder;
