package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.zip.CRC32;

import org.featurecompass.model.execution.CallIndex;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.ExecutionTableBuilder;
import org.featurecompass.model.execution.FeatureTimeIndex;
import org.featurecompass.model.execution.MatchedExecution;
import org.featurecompass.model.execution.MatchingProblem;
import org.featurecompass.model.execution.MatchingReport;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.graph.EdgeLabel;
import org.junit.jupiter.api.Test;

/**
 * {@link SavedEccts}: a table and its ECCTs written and read back are the same executions,
 * metrics, problems, contexts (compared by their frames' kinds and labels, not ids), thread ids
 * and self times; the bytes do not depend on the run; a file of another version, truncated at any
 * length, altered anywhere (checksum), or altered with the checksum made right again (hostile
 * counts and ids) is refused with a {@link SavedEcctsFormatException} naming the offset, never
 * read wrong and never another exception.
 */
class SavedEcctsTest {

    private static final Frame[] FRAMES = { Frame.function("main"), Frame.function("f"), Frame.function("g"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            Frame.featureRegion("A,B"), Frame.thread("worker", "server", null), Frame.waiting(EdgeLabel.TIMER), Frame.sampled("f") }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    private static final Map<String, String> KEY = key("trace.size", "1234", "definition", "{\"kind\":\"slice\"}"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    private static Map<String, String> key(String... pairs) {
        Map<String, String> key = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            key.put(pairs[i], pairs[i + 1]);
        }
        return key;
    }

    private record Fixture(ExecutionTable table, EcctStore store) {
    }

    private static Fixture fixture(int executions, long seed) {
        Random random = new Random(seed);
        ExecutionTableBuilder b = new ExecutionTableBuilder("run-1.json", new ExecutionDefinition.Slice("request", 0, null, List.of()), //$NON-NLS-1$ //$NON-NLS-2$
                new CallIndex(), FeatureTimeIndex.EMPTY, 1_000);
        for (int e = 0; e < executions; e++) {
            long start = 2_000 + 100L * e;
            b.add(new MatchedExecution(start, start + 1 + random.nextInt(5_000), 10 + e % 3, 20 + e % 5, 20 + e % 5, 2L * e, 2L * e + 1,
                    e % 2 == 0 ? "request" : "request é;\"", false, Map.of("rows", (double) e, "size", e % 4 == 0 ? Double.NaN : 0.5)), null); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        }
        MatchingReport report = new MatchingReport();
        report.count(MatchingProblem.UNCLOSED_BEGIN, 17, 4_000, "request of thread 3"); //$NON-NLS-1$
        report.count(MatchingProblem.UNCLOSED_BEGIN, 19, 4_100, "request of thread 4"); //$NON-NLS-1$
        report.note(MatchingProblem.UNKNOWN_END_EVENT, "no event 'done'"); //$NON-NLS-1$
        ExecutionTable table = b.build(report);
        FrameTable frames = new FrameTable();
        frames.intern(Frame.function("unused")); // a frame the tree does not use: not saved //$NON-NLS-1$
        ContextTree tree = new ContextTree(frames);
        for (int i = 0; i < 200; i++) {
            tree.child(random.nextInt(tree.size()), FRAMES[random.nextInt(FRAMES.length)]);
        }
        for (int node = 1; node < tree.size(); node++) {
            if (tree.frame(node).kind() == FrameKind.THREAD) {
                tree.threadIds().add(node, new ThreadKey("", 40 + node % 3)); //$NON-NLS-1$
                tree.threadIds().add(node, new ThreadKey("host-b", 7)); //$NON-NLS-1$
            }
        }
        EcctStore store = new EcctStore(tree);
        EcctAccumulator values = new EcctAccumulator(tree);
        for (int e = 0; e < executions; e++) {
            int inserts = e % 7 == 3 ? 0 : 1 + random.nextInt(12);
            for (int i = 0; i < inserts; i++) {
                values.insert(random.nextInt(tree.size()), random.nextInt(3) == 0 ? 0 : 1 + (long) random.nextInt(1 << 30) * 1_000);
            }
            store.add(values.finish());
        }
        return new Fixture(table, store);
    }

    private static byte[] bytes(Fixture f, Map<String, String> key) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SavedEccts.write(out, key, f.table(), f.store(), Math.min(3, f.table().size()));
        return out.toByteArray();
    }

    private static Map<String, Long> contexts(EcctStore store, int execution) {
        Ecct ecct = store.ecct(execution);
        Map<String, Long> contexts = new TreeMap<>();
        for (int i = 0; i < ecct.size(); i++) {
            contexts.put(path(store.tree(), ecct.node(i)), ecct.selfAt(i));
        }
        return contexts;
    }

    private static String path(ContextTree tree, int node) {
        StringBuilder path = new StringBuilder();
        for (int frame : tree.path(node)) {
            Frame f = tree.frames().frame(frame);
            path.append(';').append(f.kind()).append(':').append(f.label());
        }
        return path.toString();
    }

    private static Map<String, List<ThreadIds.Seen>> threads(ContextTree tree) {
        Map<String, List<ThreadIds.Seen>> threads = new TreeMap<>();
        tree.threadIds().nodes().forEach(node -> threads.put(path(tree, node), tree.threadIds().at(node)));
        return threads;
    }

    @Test
    void roundTripKeepsEveryExecutionMetricProblemAndContext() throws IOException {
        Fixture f = fixture(300, 1);
        SavedEccts.Saved saved = SavedEccts.read(bytes(f, KEY));
        assertEquals(KEY, saved.key());
        assertEquals(3, saved.rowsWithoutPath());
        ExecutionTable a = f.table();
        ExecutionTable b = saved.table();
        assertEquals(a.traceName(), b.traceName());
        assertEquals(a.definition(), b.definition());
        assertEquals(a.size(), b.size());
        assertEquals(a.origin(), b.origin());
        assertEquals(a.hasCriticalPaths(), b.hasCriticalPaths());
        for (int r = 0; r < a.size(); r++) {
            assertEquals(a.start(r), b.start(r));
            assertEquals(a.end(r), b.end(r));
            assertEquals(a.pid(r), b.pid(r));
            assertEquals(a.tid(r), b.tid(r));
            assertEquals(a.endTid(r), b.endTid(r));
            assertEquals(a.beginPosition(r), b.beginPosition(r));
            assertEquals(a.endPosition(r), b.endPosition(r));
            assertEquals(a.name(r), b.name(r));
            assertEquals(a.featureSet(r), b.featureSet(r));
            assertArrayEquals(a.threads(r), b.threads(r));
            assertNull(b.criticalPath(r), "the paths' segments are not saved"); //$NON-NLS-1$
        }
        assertEquals(a.columnNames(), b.columnNames());
        for (MetricColumn column : a.columns()) {
            MetricColumn other = b.column(column.name());
            assertEquals(column.unit(), other.unit());
            assertEquals(column.kind(), other.kind());
            assertArrayEquals(column.toArray(), other.toArray(), column.name()); // NaN equals NaN here
        }
        assertEquals(a.report().lines(), b.report().lines());
        assertEquals(a.report().eventsRead(), b.report().eventsRead());
        assertEquals(a.report().executions(), b.report().executions());
        assertEquals(a.userMetricErrors(), b.userMetricErrors());
        assertEquals(f.store().size(), saved.store().size());
        assertEquals(f.store().valueCount(), saved.store().valueCount());
        for (int e = 0; e < f.store().size(); e++) {
            assertEquals(contexts(f.store(), e), contexts(saved.store(), e), "execution " + e); //$NON-NLS-1$
        }
        assertEquals(threads(f.store().tree()), threads(saved.store().tree()));
        assertArrayEquals(bytes(f, KEY), bytes(new Fixture(b, saved.store()), KEY), "read back and written again: the same bytes"); //$NON-NLS-1$
        assertEquals(KEY, SavedEccts.readKey(bytes(f, KEY)));
    }

    @Test
    void theSameResultsGiveTheSameBytes() throws IOException {
        assertArrayEquals(bytes(fixture(50, 9), KEY), bytes(fixture(50, 9), KEY));
    }

    @Test
    void anEmptyTableRoundTrips() throws IOException {
        Fixture f = fixture(0, 2);
        SavedEccts.Saved saved = SavedEccts.read(bytes(f, KEY));
        assertEquals(0, saved.table().size());
        assertEquals(0, saved.store().size());
    }

    @Test
    void anotherVersionOrNoSavedFileIsRefusedWithItsOffset() throws IOException {
        byte[] good = bytes(fixture(5, 3), KEY);
        byte[] version = good.clone();
        version[11] = 2;
        SavedEcctsFormatException e = assertThrows(SavedEcctsFormatException.class, () -> SavedEccts.read(version));
        assertTrue(e.getMessage().contains("format version 2, this program reads version 1"), e.getMessage()); //$NON-NLS-1$
        assertEquals(8, e.offset());
        byte[] json = "{\"formatVersion\": 1}".getBytes(StandardCharsets.UTF_8); //$NON-NLS-1$
        e = assertThrows(SavedEcctsFormatException.class, () -> SavedEccts.read(json));
        assertTrue(e.getMessage().startsWith("not a saved executions-and-ECCTs file"), e.getMessage()); //$NON-NLS-1$
    }

    @Test
    void everyTruncationIsRefused() throws IOException {
        byte[] good = bytes(fixture(20, 4), KEY);
        for (int length = 0; length < good.length; length++) {
            byte[] cut = java.util.Arrays.copyOf(good, length);
            SavedEcctsFormatException e = assertThrows(SavedEcctsFormatException.class, () -> SavedEccts.read(cut), "length " + length); //$NON-NLS-1$
            assertTrue(e.offset() >= 0 && e.offset() <= length, e.getMessage());
        }
    }

    @Test
    void anAlteredByteFailsTheChecksum() throws IOException {
        byte[] good = bytes(fixture(20, 5), KEY);
        Random random = new Random(5);
        for (int i = 0; i < 200; i++) {
            byte[] bad = good.clone();
            int at = 12 + random.nextInt(good.length - 12);
            bad[at] ^= (byte) (1 + random.nextInt(255));
            SavedEcctsFormatException e = assertThrows(SavedEcctsFormatException.class, () -> SavedEccts.read(bad));
            assertTrue(e.getMessage().contains("checksum") || e.getMessage().contains("count") || e.getMessage().contains("truncated"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    e.getMessage());
        }
    }

    /** Hostile files: bytes altered and the checksum made right again. Read right or refused, never another exception. */
    @Test
    void hostileContentWithAValidChecksumIsRefusedOrReadNeverThrowsElse() throws IOException {
        byte[] good = bytes(fixture(40, 6), KEY);
        Random random = new Random(6);
        int refused = 0;
        for (int i = 0; i < 3_000; i++) {
            byte[] bad = good.clone();
            int changes = 1 + random.nextInt(3);
            for (int c = 0; c < changes; c++) {
                int at = 12 + random.nextInt(good.length - 16);
                bad[at] = random.nextInt(4) == 0 ? (byte) 0xFF : (byte) random.nextInt(256);
            }
            CRC32 crc = new CRC32();
            crc.update(bad, 0, bad.length - 4);
            int v = (int) crc.getValue();
            bad[bad.length - 4] = (byte) (v >>> 24);
            bad[bad.length - 3] = (byte) (v >>> 16);
            bad[bad.length - 2] = (byte) (v >>> 8);
            bad[bad.length - 1] = (byte) v;
            try {
                SavedEccts.read(bad);
            } catch (SavedEcctsFormatException e) {
                refused++;
                assertTrue(e.offset() >= 0 && e.offset() <= bad.length, e.getMessage());
            } catch (RuntimeException | OutOfMemoryError e) {
                fail("input " + i + ": " + e, e); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        assertTrue(refused > 1_000, refused + " refused"); //$NON-NLS-1$
    }

    @Test
    void aHugeCountIsRefusedBeforeAllocating() throws IOException {
        byte[] good = bytes(fixture(3, 7), KEY);
        byte[] bad = good.clone();
        // the first key entry count sits right after the magic and version
        bad[12] = 0x7F;
        SavedEcctsFormatException e = assertThrows(SavedEcctsFormatException.class, () -> SavedEccts.readKey(bad));
        assertEquals(12, e.offset());
        assertTrue(e.getMessage().contains("count of key entries 2130706434 exceeds"), e.getMessage()); //$NON-NLS-1$
    }

    @Test
    void differenceNamesWhatIsStale() {
        assertNull(SavedEccts.difference(KEY, KEY));
        Map<String, String> now = new LinkedHashMap<>(KEY);
        now.put("trace.size", "1300"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("trace.size: 1300 (saved 1234)", SavedEccts.difference(now, KEY)); //$NON-NLS-1$
        now.put("symbols", "a.so"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("trace.size: 1300 (saved 1234); symbols: a.so (saved none)", SavedEccts.difference(now, KEY)); //$NON-NLS-1$
    }
}
