/**
 * Trace Event Format (TEF) reader: a streaming Jackson parser that indexes a TEF file (plain or
 * gzip) into a sorted, rank-addressable entry list kept in a supplementary folder, and reads
 * events on demand. Every timestamp and duration of the API is an integer nanosecond count,
 * converted exactly from the file's decimal text. No Trace Compass type appears here; the trace
 * type in {@code org.featurecompass.core} adapts {@link org.featurecompass.tef.TefTrace}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.tef;
