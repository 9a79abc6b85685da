package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.featurecompass.tef.index.IndexFileFormat;
import org.featurecompass.tef.index.PlainTraceFile;
import org.featurecompass.tef.json.EventObjectParser;
import org.featurecompass.tef.json.FlatEventReader;
import org.featurecompass.tef.json.TefEventBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The byte-level fast paths ({@link org.featurecompass.tef.index.EventArrayScanner} in the index pass, {@link FlatEventReader}
 * when reading events back) give exactly what Jackson alone gives: the same index file, byte for
 * byte (entries, problems with their positions and messages, phase counts, lost ranges, metadata),
 * and the same events, field for field, on random documents, intact and damaged.
 */
class TefFastPathEquivalenceTest {

    @Test
    void intactDocumentsGiveTheSameIndexAndEvents(@TempDir Path dir) throws Exception {
        RandomTefDocuments documents = new RandomTefDocuments(4);
        int fastEvents = 0;
        for (int d = 0; d < 60; d++) {
            fastEvents += assertSameAsJackson(dir, "intact" + d, documents.document(1 + d * 7));
        }
        assertTrue(fastEvents > 3000, "most random events are read by the fast path: " + fastEvents);
    }

    @Test
    void damagedDocumentsGiveTheSameIndexAndEvents(@TempDir Path dir) throws Exception {
        int stopped = 0;
        for (int d = 0; d < 400; d++) {
            RandomTefDocuments documents = new RandomTefDocuments(1000 + d); // a seed per document: more kinds of damage
            Path file = dir.resolve("damaged" + d + ".json");
            assertSameAsJackson(dir, "damaged" + d, documents.damaged(documents.document(1 + d % 40)));
            try (TefTrace trace = TefTrace.open(file, dir.resolve("damaged" + d + ".scanned"))) {
                stopped += trace.problems().stream().anyMatch(p -> p.kind() == TefProblemKind.MALFORMED_JSON) ? 1 : 0;
            }
        }
        assertTrue(stopped > 130, "the damage stops the parse in many documents: " + stopped);
    }

    /** Many events in small chunks and a window far smaller than the file: hand-overs at every kind of boundary. */
    @Test
    void largeDocumentGivesTheSameIndexAndEvents(@TempDir Path dir) throws Exception {
        RandomTefDocuments documents = new RandomTefDocuments(6);
        assertSameAsJackson(dir, "large", documents.document(30_000));
    }

    /** @return how many events the fast read path built */
    private static int assertSameAsJackson(Path dir, String name, byte[] json) throws Exception {
        Path file = dir.resolve(name + ".json");
        Files.write(file, json);
        TefIndexOptions options = new TefIndexOptions(1000, 64);
        int fast = 0;
        try (TefTrace scanned = TefTrace.open(file, dir.resolve(name + ".scanned"), options, TefIndexProgress.NONE, true);
                TefTrace jackson = TefTrace.open(file, dir.resolve(name + ".jackson"), options, TefIndexProgress.NONE, false)) {
            String what = name + ": " + new String(json, 0, Math.min(json.length, 300), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(jackson.problems(), scanned.problems(), what);
            assertArrayEquals(Files.readAllBytes(jackson.indexFile()), Files.readAllBytes(scanned.indexFile()), what);
            EventObjectParser reference = new EventObjectParser(scanned.metadata().timestampUnit());
            TefCursor cursor = scanned.cursor(0);
            while (cursor.hasNext()) {
                long rank = cursor.rank();
                TefEntry entry = cursor.next();
                if (entry instanceof TefEvent event) {
                    ByteBuffer index = ByteBuffer.allocate(IndexFileFormat.ENTRY_BYTES);
                    scanned.readEntries(rank, index);
                    byte[] bytes = PlainTraceFile.read(scanned.data(), event.byteOffset(), index.getInt(16));
                    TefEvent expected = reference.parseWithJackson(bytes, 0, bytes.length, event.byteOffset(), rank, event.timestampNs());
                    assertSameEvent(expected, event, what);
                    if (new FlatEventReader(scanned.metadata().timestampUnit()).read(bytes, 0, bytes.length, new TefEventBuilder())) {
                        fast++;
                    }
                } else {
                    assertEquals(jackson.read(rank), entry);
                }
            }
        }
        return fast;
    }

    static void assertSameEvent(TefEvent expected, TefEvent actual, String what) {
        String where = what + " / " + expected;
        assertEquals(expected.rank(), actual.rank(), where);
        assertEquals(expected.byteOffset(), actual.byteOffset(), where);
        assertEquals(expected.timestampNs(), actual.timestampNs(), where);
        assertEquals(expected.phaseText(), actual.phaseText(), where);
        assertEquals(expected.phase(), actual.phase(), where);
        assertEquals(expected.name(), actual.name(), where);
        assertEquals(expected.category(), actual.category(), where);
        assertEquals(expected.pid(), actual.pid(), where);
        assertEquals(expected.tid(), actual.tid(), where);
        assertEquals(expected.durationNs(), actual.durationNs(), where);
        assertEquals(expected.threadTimestampNs(), actual.threadTimestampNs(), where);
        assertEquals(expected.threadDurationNs(), actual.threadDurationNs(), where);
        assertEquals(expected.asyncId(), actual.asyncId(), where);
        assertEquals(expected.instantScope(), actual.instantScope(), where);
        assertEquals(expected.bindingPoint(), actual.bindingPoint(), where);
        assertEquals(expected.args(), actual.args(), where); // BigDecimal.equals: the same scale too
        assertEquals(new ArrayList<>(expected.args().keySet()), new ArrayList<>(actual.args().keySet()), where);
        List<Class<?>> expectedTypes = expected.args().values().stream().<Class<?>>map(Object::getClass).toList();
        assertEquals(expectedTypes, actual.args().values().stream().<Class<?>>map(Object::getClass).toList(), where);
        assertEquals(expected.otherFields(), actual.otherFields(), where);
        assertEquals(new ArrayList<>(expected.otherFields().keySet()), new ArrayList<>(actual.otherFields().keySet()), where);
    }
}
