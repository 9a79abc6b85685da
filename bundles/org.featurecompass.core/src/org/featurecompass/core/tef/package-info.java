/**
 * The Trace Compass trace type for Trace Event Format files, adapting the reader of
 * {@code org.featurecompass.tef}: rank-addressed locations, an index-backed indexer, aspects.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.tef;
