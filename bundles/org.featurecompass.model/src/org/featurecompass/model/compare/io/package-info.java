/**
 * The saved comparison: a versioned JSON file with the execution definition, both groups'
 * filters and the settings, so that a comparison can be reproduced and shared (the paper's
 * shareable link, TraceCompare §3.4; X10 of shared/notes/tracecompare.md §8.2). Schema: doc/comparison.md.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.compare.io;
