package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sorting (in memory and external), index reuse and rebuild, and seeking by rank and time. */
class TefIndexTest {

    /** An unsorted file: event i has ts = (i * 7919) mod 1000 µs, so many timestamps repeat. */
    private static String unsortedTrace(int events) {
        StringBuilder json = new StringBuilder("{\"traceEvents\":[");
        for (int i = 0; i < events; i++) {
            json.append(i == 0 ? "" : ",").append("\n{\"ph\":\"i\",\"name\":\"e").append(i).append("\",\"ts\":")
                    .append((i * 7919L) % 1000).append('}');
        }
        return json.append("]}").toString();
    }


    @Test
    void entriesAreSortedByTimeThenFileOrder(@TempDir Path dir) throws Exception {
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "u.json", unsortedTrace(5000)))) {
            List<TefEvent> events = TefTestFiles.events(trace);
            assertEquals(5000, events.size());
            for (int i = 1; i < events.size(); i++) {
                TefEvent previous = events.get(i - 1);
                TefEvent current = events.get(i);
                assertTrue(previous.timestampNs() < current.timestampNs()
                        || (previous.timestampNs() == current.timestampNs() && previous.byteOffset() < current.byteOffset()), current.toString());
                assertEquals(i, current.rank());
            }
        }
    }

    @Test
    void externalMergeGivesTheSameOrderAsSortingInMemory(@TempDir Path dir) throws Exception {
        Path file = TefTestFiles.write(dir, "u.json", unsortedTrace(5000));
        List<@Nullable String> inMemory;
        try (TefTrace trace = TefTrace.open(file, dir.resolve("memory"))) {
            inMemory = TefTestFiles.names(trace);
        }
        // 5000 entries in chunks of 7: 715 sorted runs merged
        try (TefTrace trace = TefTrace.open(file, dir.resolve("external"), new TefIndexOptions(7, 3), TefIndexProgress.NONE)) {
            assertEquals(inMemory, TefTestFiles.names(trace));
            assertEquals(5000, trace.eventCount());
        }
        try (Stream<Path> left = Files.list(dir.resolve("external"))) {
            assertEquals(List.of(TefTrace.INDEX_FILE_NAME), left.map(p -> p.getFileName().toString()).toList(), "runs are deleted");
        }
    }

    /** Entries already in time order: the sorted runs are read back one after the other, not merged. */
    @Test
    void runsOfAnOrderedFileAreConcatenated(@TempDir Path dir) throws Exception {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < 3000; i++) {
            json.append(i == 0 ? "" : ",").append("\n{\"ph\":\"i\",\"name\":\"e").append(i).append("\",\"ts\":").append(i / 3).append('}');
        }
        String ordered = json + "]";
        String lastOutOfOrder = json + ",{\"ph\":\"i\",\"name\":\"late\",\"ts\":5}]";
        for (String text : List.of(ordered, lastOutOfOrder)) {
            Path file = TefTestFiles.write(dir, "o" + text.length() + ".json", text);
            List<@Nullable String> inMemory;
            try (TefTrace trace = TefTrace.open(file, dir.resolve("memory" + text.length()))) {
                inMemory = TefTestFiles.names(trace);
            }
            try (TefTrace trace = TefTrace.open(file, dir.resolve("runs" + text.length()), new TefIndexOptions(7, 3), TefIndexProgress.NONE)) {
                assertEquals(inMemory, TefTestFiles.names(trace));
            }
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                expected.add("e" + i);
            }
            if (text != ordered) {
                expected.add(18, "late"); // ts 5 µs: after e15-e17, before e18 (ts 6)
            }
            assertEquals(expected, inMemory);
        }
    }

    /**
     * Ordered stretches (streamed to the index), occasional late events (from there on sorted in
     * runs and merged) and lost-events lines: every entry once, in (time, file position) order,
     * every lost range at its rank.
     */
    @Test
    void nearlyOrderedFileWithLostLines(@TempDir Path dir) throws Exception {
        Random random = new Random(3);
        StringBuilder json = new StringBuilder("{\"traceEvents\":[");
        int events = 4000;
        int lostLines = 0;
        for (int i = 0; i < events; i++) {
            long ts = random.nextInt(50) == 0 ? random.nextInt(i + 1) : i;
            json.append(i == 0 ? "" : ",").append("\n{\"ph\":\"i\",\"name\":\"e").append(i).append("\",\"ts\":").append(ts).append('}');
            if (random.nextInt(100) == 0) {
                json.append("\nLost 2 events\n");
                lostLines++;
            }
        }
        Path file = TefTestFiles.write(dir, "nearly.json", json.append("]}").toString());
        for (TefIndexOptions options : List.of(TefIndexOptions.DEFAULT, new TefIndexOptions(7, 3))) {
            try (TefTrace trace = TefTrace.open(file, dir.resolve("index" + options.chunkEntries()), options, TefIndexProgress.NONE)) {
                List<TefEntry> entries = TefTestFiles.readAll(trace);
                assertEquals(events + lostLines, entries.size());
                assertEquals(lostLines, trace.lostEvents().size());
                for (TefLostEvents lost : trace.lostEvents()) {
                    assertEquals(lost, entries.get((int) lost.rank()));
                }
                for (int i = 1; i < entries.size(); i++) {
                    TefEntry previous = entries.get(i - 1);
                    TefEntry current = entries.get(i);
                    assertTrue(previous.timestampNs() < current.timestampNs()
                            || (previous.timestampNs() == current.timestampNs() && previous.byteOffset() < current.byteOffset()), current.toString());
                }
                assertEquals(events, entries.stream().filter(e -> e instanceof TefEvent).map(TefEntry::byteOffset).distinct().count());
            }
        }
    }

    @Test
    void indexIsReusedAndRebuiltWhenTheFileChanges(@TempDir Path dir) throws Exception {
        Path file = TefTestFiles.write(dir, "t.json", "[{\"ph\":\"i\",\"name\":\"a\",\"ts\":1},{\"ph\":\"i\",\"name\":\"b\",\"ts\":2}]");
        Path index = dir.resolve("index");
        try (TefTrace trace = TefTrace.open(file, index)) {
            assertFalse(trace.indexWasReused());
        }
        try (TefTrace trace = TefTrace.open(file, index)) {
            assertTrue(trace.indexWasReused());
            assertEquals(List.of("a", "b"), TefTestFiles.names(trace));
        }
        // same size and same modification time, different content: the head CRC notices
        FileTime time = Files.getLastModifiedTime(file);
        Files.writeString(file, "[{\"ph\":\"i\",\"name\":\"c\",\"ts\":3},{\"ph\":\"i\",\"name\":\"d\",\"ts\":0}]", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, time);
        try (TefTrace trace = TefTrace.open(file, index)) {
            assertFalse(trace.indexWasReused());
            assertEquals(List.of("d", "c"), TefTestFiles.names(trace));
        }
        // a newer file with more events
        Files.writeString(file, "[{\"ph\":\"i\",\"name\":\"e\",\"ts\":3}]", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, FileTime.fromMillis(time.toMillis() + 5000));
        try (TefTrace trace = TefTrace.open(file, index)) {
            assertFalse(trace.indexWasReused());
            assertEquals(List.of("e"), TefTestFiles.names(trace));
        }
        // a damaged index file is rebuilt, not trusted
        Path indexFile = index.resolve(TefTrace.INDEX_FILE_NAME);
        byte[] bytes = Files.readAllBytes(indexFile);
        Files.write(indexFile, Arrays.copyOf(bytes, 10));
        try (TefTrace trace = TefTrace.open(file, index)) {
            assertFalse(trace.indexWasReused());
            assertEquals(List.of("e"), TefTestFiles.names(trace));
        }
    }

    @Test
    void seekByRankAndByTime(@TempDir Path dir) throws Exception {
        try (TefTrace trace = TefTrace.open(TefTestFiles.write(dir, "u.json", unsortedTrace(3000)), dir.resolve("i"),
                new TefIndexOptions(100, 16), TefIndexProgress.NONE)) {
            List<TefEntry> all = TefTestFiles.readAll(trace);
            Random random = new Random(1);
            for (int k = 0; k < 200; k++) {
                long rank = random.nextInt(3000);
                assertEquals(all.get((int) rank).byteOffset(), trace.read(rank).byteOffset());
                TefCursor cursor = trace.cursor(rank);
                assertEquals(rank, cursor.next().rank());
                long time = random.nextInt(1_100_000) - 50_000;
                long expected = 0;
                while (expected < all.size() && all.get((int) expected).timestampNs() < time) {
                    expected++;
                }
                assertEquals(expected, trace.rankAtOrAfter(time), "time " + time);
                TefCursor atTime = trace.cursorAtTime(time);
                assertEquals(expected, atTime.rank());
            }
            assertEquals(0, trace.rankAtOrAfter(Long.MIN_VALUE));
            assertEquals(3000, trace.rankAtOrAfter(Long.MAX_VALUE));
            assertFalse(trace.cursor(3000).hasNext());
            assertThrows(IndexOutOfBoundsException.class, () -> trace.read(3000));
            assertThrows(IndexOutOfBoundsException.class, () -> trace.cursor(-1));
        }
    }

    @Test
    void cursorsOnSeveralThreadsReadTheSameEntries(@TempDir Path dir) throws Exception {
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "u.json", unsortedTrace(4000)))) {
            List<@Nullable String> expected = TefTestFiles.names(trace);
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Thread thread = new Thread(() -> {
                    try {
                        if (!expected.equals(TefTestFiles.names(trace))) {
                            throw new AssertionError("different order");
                        }
                    } catch (Throwable e) {
                        synchronized (failures) {
                            failures.add(e);
                        }
                    }
                });
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            assertEquals(List.of(), failures);
        }
    }

    @Test
    void cancellationLeavesNoIndex(@TempDir Path dir) throws Exception {
        Path file = TefTestFiles.write(dir, "big.json", unsortedTrace(200_000));
        TefIndexProgress cancelAtOnce = new TefIndexProgress() {
            @Override
            public void worked(long bytesDone, long bytesTotal) {
                // ignored
            }

            @Override
            public boolean isCanceled() {
                return true;
            }
        };
        Path index = dir.resolve("index");
        assertThrows(CancellationException.class, () -> TefTrace.open(file, index, new TefIndexOptions(1000, 64), cancelAtOnce));
        try (Stream<Path> left = Files.list(index)) {
            assertEquals(List.of(), left.toList());
        }
        try (TefTrace trace = TefTrace.open(file, index)) {
            assertFalse(trace.indexWasReused());
            assertEquals(200_000, trace.eventCount());
        }
    }
}
