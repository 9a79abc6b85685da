/**
 * The saved comparison: a versioned JSON file with the execution definition, both groups'
 * filters and the settings, so that a comparison can be reproduced and shared (the paper's
 * shareable link, TraceCompare, Doray and Dagenais 2016, §3.4). Schema: doc/comparison.md.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.compare.io;
