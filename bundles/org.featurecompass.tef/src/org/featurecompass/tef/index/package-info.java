/**
 * The index of a TEF trace (implementation, not API): the streaming pass over the event array that
 * records each event's timestamp, byte offset and length and reports problems with their position;
 * the external sort of those entries by time with bounded memory; gzip expansion; the pairing of
 * measurement markers; and the index file with its checkpoints and summary. It builds on the JSON
 * scanning of {@code org.featurecompass.tef.json}. No Trace Compass type appears here.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.tef.index;
