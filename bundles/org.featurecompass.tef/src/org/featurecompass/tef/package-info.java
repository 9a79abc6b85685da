/**
 * Trace Event Format (TEF) reader, public API: the indexed trace ({@link org.featurecompass.tef.TefTrace})
 * and its cursor, and the model of what a TEF file holds (events, lost-event ranges,
 * measurement-off windows, problems, metadata, capture regime). A trace is indexed once (plain or
 * gzip, by {@code org.featurecompass.tef.index}) into a sorted, rank-addressable entry list kept in
 * a supplementary folder, and events are read on demand. Every timestamp and duration of the API
 * is an integer nanosecond count, converted exactly from the file's decimal text. No Trace Compass
 * type appears here; the trace type in {@code org.featurecompass.core} adapts
 * {@link org.featurecompass.tef.TefTrace}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.tef;
