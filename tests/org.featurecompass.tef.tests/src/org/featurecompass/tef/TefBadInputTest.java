package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged files open as far as possible; each problem is reported with its count and first
 * position, and nothing is dropped without a report.
 */
class TefBadInputTest {

    private static final String E1 = "{\"ph\":\"X\",\"name\":\"one\",\"ts\":1,\"dur\":1}";
    private static final String E2 = "{\"ph\":\"X\",\"name\":\"two\",\"ts\":2,\"dur\":1}";
    private static final String E3 = "{\"ph\":\"X\",\"name\":\"three\",\"ts\":3,\"dur\":1}";


    @Test
    void malformedJsonKeepsTheEventsBeforeTheDamage(@TempDir Path dir) throws Exception {
        String json = "{\"traceEvents\":[" + E1 + "," + E2 + ",{\"ph\":\"X\",\"ts\":3,\"name\":oops}," + E3 + "]}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "m.json", json))) {
            assertEquals(List.of("one", "two"), TefTestFiles.names(trace));
            TefProblem malformed = TefTestFiles.problem(trace, TefProblemKind.MALFORMED_JSON);
            assertEquals(1, malformed.count());
            assertEquals(2, malformed.firstEventNumber());
            long oops = json.indexOf("oops");
            assertTrue(malformed.firstByteOffset() >= oops && malformed.firstByteOffset() <= oops + 5, malformed.toString());
            assertTrue(malformed.firstDetail().contains("were not read"), malformed.firstDetail());
        }
    }

    @Test
    void truncatedFileKeepsTheCompleteEvents(@TempDir Path dir) throws Exception {
        String json = "{\"traceEvents\":[" + E1 + "," + E2 + ",{\"ph\":\"X\",\"na";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "t.json", json))) {
            assertEquals(List.of("one", "two"), TefTestFiles.names(trace));
            TefProblem truncated = TefTestFiles.problem(trace, TefProblemKind.TRUNCATED);
            assertEquals(json.lastIndexOf('{'), truncated.firstByteOffset());
            assertEquals(2, truncated.firstEventNumber());
        }
        String cutAfterEvents = "{\"traceEvents\":[" + E1 + "],\"otherData\":{\"a\":";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "t2.json", cutAfterEvents))) {
            assertEquals(List.of("one"), TefTestFiles.names(trace));
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.TRUNCATED).count());
        }
        String objectWithoutClosing = "{\"traceEvents\":[" + E1 + ",";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "t3.json", objectWithoutClosing))) {
            assertEquals(List.of("one"), TefTestFiles.names(trace));
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.TRUNCATED).count());
        }
    }

    @Test
    void duplicateKeysUseTheLastValue(@TempDir Path dir) throws Exception {
        String json = "[{\"ph\":\"X\",\"name\":\"first\",\"ts\":1,\"name\":\"second\",\"dur\":1,\"cname\":\"a\",\"cname\":\"b\"}," + E2 + "]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "d.json", json))) {
            TefEvent event = TefTestFiles.events(trace).get(0);
            assertEquals("second", event.name());
            assertEquals("\"b\"", event.otherFields().get("cname").text());
            TefProblem duplicate = TefTestFiles.problem(trace, TefProblemKind.DUPLICATE_KEY);
            assertEquals(2, duplicate.count());
            assertEquals(1, duplicate.firstByteOffset());
            assertEquals(0, duplicate.firstEventNumber());
        }
    }

    @Test
    void endWithoutBeginIsReadAsIs(@TempDir Path dir) throws Exception {
        String json = "[{\"ph\":\"E\",\"name\":\"orphan\",\"pid\":1,\"tid\":1,\"ts\":5}," + E1 + "]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "e.json", json))) {
            assertEquals(List.of("one", "orphan"), TefTestFiles.names(trace));
            assertEquals(TefPhase.DURATION_END, TefTestFiles.events(trace).get(1).phase());
            assertEquals(List.of(), trace.problems()); // pairing is the analysis's concern
        }
    }

    @Test
    void negativeDurationIsKeptAndReported(@TempDir Path dir) throws Exception {
        String json = "[" + E1 + ",{\"ph\":\"X\",\"name\":\"neg\",\"ts\":2,\"dur\":-1.5}]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "n.json", json))) {
            assertEquals(OptionalLong.of(-1_500), TefTestFiles.events(trace).get(1).durationNs());
            TefProblem negative = TefTestFiles.problem(trace, TefProblemKind.NEGATIVE_DURATION);
            assertEquals(1, negative.count());
            assertEquals(1, negative.firstEventNumber());
            assertEquals(json.indexOf("{\"ph\":\"X\",\"name\":\"neg\""), negative.firstByteOffset());
        }
    }

    @Test
    void nonNumericTimestampIsKeptAtTheTraceStart(@TempDir Path dir) throws Exception {
        String json = "[" + E2 + ",{\"ph\":\"i\",\"name\":\"bad\",\"ts\":\"soon\"},{\"ph\":\"i\",\"name\":\"obj\",\"ts\":{}},"
                + "{\"ph\":\"i\",\"name\":\"quoted\",\"ts\":\"7\"},{\"ph\":\"i\",\"name\":\"none\"}," + E3 + "]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "ts.json", json))) {
            assertEquals(6, trace.eventCount());
            List<TefEvent> events = TefTestFiles.events(trace);
            assertEquals(List.of("bad", "obj", "none", "two", "three", "quoted"), TefTestFiles.names(trace));
            assertEquals(2_000, events.get(0).timestampNs());
            assertEquals(7_000, events.get(5).timestampNs());
            TefProblem nonNumeric = TefTestFiles.problem(trace, TefProblemKind.NON_NUMERIC_TIMESTAMP);
            assertEquals(2, nonNumeric.count());
            assertEquals(1, nonNumeric.firstEventNumber());
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.MISSING_TIMESTAMP).count());
        }
    }

    @Test
    void gzipThatIsNotGzip(@TempDir Path dir) throws Exception {
        // a .gz name on plain JSON: read as JSON, reported
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "plain.json.gz", "[" + E1 + "]"))) {
            assertEquals(List.of("one"), TefTestFiles.names(trace));
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.NOT_GZIP).count());
        }
        // a .gz name on garbage: not gzip and not JSON, both reported, no crash
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "garbage.json.gz", "PK\u0003\u0004 this is a zip"))) {
            assertEquals(0, trace.entryCount());
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.NOT_GZIP).count());
            assertTrue(TefTestFiles.problem(trace, TefProblemKind.MALFORMED_JSON).firstByteOffset() <= 5);
        }
        // gzip magic with a damaged stream, and a cut-short gzip: what was decompressed is read
        byte[] gzip = Files.readAllBytes(TefTestFiles.writeGzip(dir, "ok.json.gz", "[" + E1 + "," + E2 + "," + E3 + "]"));
        byte[] damaged = gzip.clone();
        Arrays.fill(damaged, 10, damaged.length - 8, (byte) 0xff);
        Files.write(dir.resolve("damaged.json.gz"), damaged);
        try (TefTrace trace = TefTestFiles.open(dir.resolve("damaged.json.gz"))) {
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.CORRUPT_GZIP).count());
        }
        Files.write(dir.resolve("cut.json.gz"), Arrays.copyOf(gzip, gzip.length - 12));
        try (TefTrace trace = TefTestFiles.open(dir.resolve("cut.json.gz"))) {
            TefProblem corrupt = TefTestFiles.problem(trace, TefProblemKind.CORRUPT_GZIP);
            assertTrue(corrupt.firstDetail().contains("decompressed bytes"), corrupt.firstDetail());
        }
    }

    @Test
    void bpftraceLostLinesBecomeLostRanges(@TempDir Path dir) throws Exception {
        String json = "{\"traceEvents\":[\n" + E1 + ",\nLost 123 events\n" + E3 + ",\n" + E2 + "\nLost 7 events\nLost 8 events\n]}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "lost.json", json))) {
            assertEquals(3, trace.eventCount());
            assertEquals(6, trace.entryCount());
            List<TefLostEvents> lost = trace.lostEvents();
            assertEquals(3, lost.size());
            TefLostEvents first = lost.get(0);
            assertEquals(123, first.count());
            assertEquals(json.indexOf("Lost 123"), first.byteOffset());
            assertEquals(1, first.eventNumber());
            assertEquals(1_000, first.timestampNs());
            assertEquals(3_000, first.endNs());
            assertEquals(7, lost.get(1).count());
            assertEquals(8, lost.get(2).count());
            assertEquals(2_000, lost.get(1).timestampNs());
            List<TefEntry> entries = TefTestFiles.readAll(trace);
            assertEquals(first, entries.get((int) first.rank()));
            assertTrue(entries.get(1) instanceof TefLostEvents, entries.toString());
            TefProblem problem = TefTestFiles.problem(trace, TefProblemKind.LOST_EVENTS);
            assertEquals(3, problem.count());
            assertEquals(List.of(TefProblemKind.LOST_EVENTS), trace.problems().stream().map(TefProblem::kind).toList());
        }
        String bare = "[" + E1 + "\nLost 5 events\n," + E2 + ",\nLost 1 events\n";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "lost2.json", bare))) {
            assertEquals(List.of("one", "two"), TefTestFiles.names(trace));
            assertEquals(2, trace.lostEvents().size());
            assertEquals(List.of(TefProblemKind.LOST_EVENTS), trace.problems().stream().map(TefProblem::kind).toList());
        }
    }

    @Test
    void nonObjectElementsAndMissingPhasesAreReported(@TempDir Path dir) throws Exception {
        String json = "[" + E1 + ",42,[1,2],{\"name\":\"nophase\",\"ts\":4}]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "x.json", json))) {
            assertEquals(List.of("one", "nophase"), TefTestFiles.names(trace));
            TefProblem notEvent = TefTestFiles.problem(trace, TefProblemKind.NOT_AN_EVENT);
            assertEquals(2, notEvent.count());
            assertEquals(1, notEvent.firstEventNumber());
            assertEquals(json.indexOf("42"), notEvent.firstByteOffset());
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.MISSING_PHASE).count());
            assertEquals(TefPhase.OTHER, TefTestFiles.events(trace).get(1).phase());
            assertEquals(1L, trace.phaseCounts().get(""));
        }
    }

    @Test
    void filesThatAreNotTefOpenEmptyWithAReport(@TempDir Path dir) throws Exception {
        for (String text : List.of("", "42", "\"text\"", "{\"traceEvents\":17}")) {
            try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "n" + text.length() + ".json", text))) {
                assertEquals(0, trace.entryCount());
                assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.NOT_TEF).count());
            }
        }
    }

    /** A ts that does not fit 64-bit ns is not clamped to the year 2262: the event goes to the trace start. */
    @Test
    void outOfRangeTimestampDoesNotStretchTheTrace(@TempDir Path dir) throws Exception {
        // nanosecond epoch values in a file without timestampUnit overflow as microseconds
        String json = "[" + E1 + ",{\"ph\":\"i\",\"name\":\"big\",\"ts\":1637675320727316656}," + E2
                + ",{\"ph\":\"i\",\"name\":\"small\",\"ts\":-1637675320727316656}]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "big.json", json))) {
            assertEquals(List.of("big", "small", "one", "two"), TefTestFiles.names(trace), "the two kept, at the trace start");
            assertEquals(1_000, trace.startTimeNs());
            assertEquals(2_000, trace.endTimeNs(), "the range is that of the usable ts: 1 to 2 us");
            assertEquals(List.of(1_000L, 1_000L, 1_000L, 2_000L), TefTestFiles.events(trace).stream().map(TefEvent::timestampNs).toList());
            TefProblem range = TefTestFiles.problem(trace, TefProblemKind.TIMESTAMP_OUT_OF_RANGE);
            assertEquals(2, range.count());
            assertEquals(1, range.firstEventNumber());
            assertTrue(range.firstDetail().contains("kept at the trace start"), range.firstDetail());
        }
    }

    /** A huge dur overflows nothing: out of range it is left out; a lost marker's ts + dur ends at its ts. */
    @Test
    void hugeDurationDoesNotOverflow(@TempDir Path dir) throws Exception {
        String json = "[" + E1
                + ",{\"ph\":\"X\",\"name\":\"long\",\"ts\":2,\"dur\":9223372036854775}" // fits: 9.22e18 ns
                + ",{\"ph\":\"X\",\"name\":\"longer\",\"ts\":3,\"dur\":100000000000000000000000}"
                + ",{\"cat\":\"lost\",\"ph\":\"X\",\"ts\":4,\"dur\":9223372036854775,\"args\":{\"count\":7}}]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "dur.json", json))) {
            assertEquals(List.of("one", "long", "longer"), TefTestFiles.names(trace));
            List<TefEvent> events = TefTestFiles.events(trace);
            assertEquals(OptionalLong.of(9_223_372_036_854_775_000L), events.get(1).durationNs(), "kept as written");
            assertEquals(OptionalLong.empty(), events.get(2).durationNs(), "1e23 us does not fit: left out");
            assertEquals(List.of(new TefLostEvents(3, 7, 4_000, 4_000, json.indexOf("{\"cat\""), 3)), trace.lostEvents(),
                    "4 us + 9.22e18 ns overflows: the range ends at its ts");
            assertEquals(4_000, trace.endTimeNs());
            TefProblem range = TefTestFiles.problem(trace, TefProblemKind.TIMESTAMP_OUT_OF_RANGE);
            assertEquals(2, range.count(), "the dur of 'longer' and the lost marker's end");
            assertTrue(trace.unreadTail().isEmpty());
        }
    }

    /**
     * A lost marker whose ts + dur fits 64-bit ns but ends long after the last event (9·10^18 ns,
     * the year 2255) is cut at the file's latest ts and reported where it is: it would otherwise
     * stretch the analysis window as an absurd ts would.
     */
    @Test
    void lostMarkerEndingAfterTheLastEventEndsThere(@TempDir Path dir) throws Exception {
        String marker = "{\"cat\":\"lost\",\"ph\":\"X\",\"ts\":2,\"dur\":9000000000000000,\"args\":{\"count\":5}}";
        String json = "[" + E1 + "," + marker + "," + E3 + "]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "lostdur.json", json))) {
            assertEquals(List.of("one", "three"), TefTestFiles.names(trace), "both events survive");
            assertEquals(List.of(new TefLostEvents(1, 5, 2_000, 3_000, json.indexOf(marker), 1)), trace.lostEvents(),
                    "2 us + 9e18 ns is cut at the latest ts, 3 us");
            assertEquals(1_000, trace.startTimeNs());
            assertEquals(3_000, trace.endTimeNs());
            TefProblem range = TefTestFiles.problem(trace, TefProblemKind.TIMESTAMP_OUT_OF_RANGE);
            assertEquals(1, range.count());
            assertEquals(json.indexOf(marker), range.firstByteOffset());
            assertEquals(1, range.firstEventNumber());
            assertTrue(range.firstDetail().contains("9000000000000002000 ns, after the latest ts of the file (3000 ns)"), range.firstDetail());
        }
    }

    /** Reading stops at malformed JSON: the rest is an unread tail from the last event read on. */
    @Test
    void malformedJsonLeavesAnUnreadTail(@TempDir Path dir) throws Exception {
        // in file order 5 us, 3 us: the events after the damage would have come after 3 us
        String json = "{\"traceEvents\":[{\"ph\":\"i\",\"name\":\"a\",\"ts\":5},{\"ph\":\"i\",\"name\":\"b\",\"ts\":3},"
                + "{\"ph\":\"X\",\"ts\":3,\"name\":oops}," + E3 + "]}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "tail.json", json))) {
            assertEquals(List.of("b", "a"), TefTestFiles.names(trace), "the events before the damage, in time order");
            TefProblem malformed = TefTestFiles.problem(trace, TefProblemKind.MALFORMED_JSON);
            TefLostEvents tail = trace.unreadTail().orElseThrow();
            assertEquals(new TefLostEvents(1, 0, 3_000, 5_000, malformed.firstByteOffset(), 2), tail);
            assertEquals(List.of(tail), trace.lostEvents());
            assertEquals(3, trace.entryCount(), "two events and the tail");
            assertEquals(tail, trace.read(1), "the tail sorts at its start, after the event of the same time");
        }
    }

    /** A file cut inside an event or inside the object form's array has a tail; the bare array may end unterminated. */
    @Test
    void truncatedFileLeavesAnUnreadTail(@TempDir Path dir) throws Exception {
        String insideEvent = "[" + E1 + "," + E2 + ",{\"ph\":\"X\",\"na";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "t.json", insideEvent))) {
            assertEquals(List.of("one", "two"), TefTestFiles.names(trace));
            assertEquals(new TefLostEvents(2, 0, 2_000, 2_000, insideEvent.lastIndexOf('{'), 2), trace.unreadTail().orElseThrow());
        }
        String objectWithoutClosing = "{\"traceEvents\":[" + E1 + ",";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "t2.json", objectWithoutClosing))) {
            assertEquals(new TefLostEvents(1, 0, 1_000, 1_000, objectWithoutClosing.length(), 1), trace.unreadTail().orElseThrow());
        }
        String bareArray = "[" + E1 + "," + E2 + ",";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "t3.json", bareArray))) {
            assertTrue(trace.unreadTail().isEmpty(), "TEF allows the array without its closing ]");
            assertTrue(trace.problems().isEmpty(), trace.problems().toString());
        }
        String damagedAfterTheEvents = "{\"traceEvents\":[" + E1 + "],\"otherData\":]}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "t4.json", damagedAfterTheEvents))) {
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.MALFORMED_JSON).count());
            assertTrue(trace.unreadTail().isEmpty(), "every event was read");
        }
    }

    /**
     * Found by fuzzing (doc/fuzzing.md): a "Lost N events" line with no timed event before or after
     * it had the time Long.MIN_VALUE (the year 1677), before the events at the trace start.
     */
    @Test
    void lostLineWithoutTimedEventsIsAtTheTraceStart(@TempDir Path dir) throws Exception {
        String json = "[{\"name\":\"a\",\"ph\":\"B\",\"pid\":1,\"tid\":1},\nLost 12 events\n{\"name\":\"b\",\"ph\":\"E\"}]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "lost.json", json))) {
            List<TefEntry> entries = TefTestFiles.readAll(trace);
            assertEquals(3, entries.size());
            TefLostEvents lost = new TefLostEvents(2, 12, 0, 0, json.indexOf("Lost"), 1);
            assertEquals(List.of(lost), trace.lostEvents());
            assertEquals(lost, entries.get(2), "after the events of the same time, in file order");
            assertEquals(List.of(0L, 0L, 0L), entries.stream().map(TefEntry::timestampNs).toList(), "no ts anywhere: all at 0");
        }
    }

    /**
     * Found by fuzzing (doc/fuzzing.md): zero bytes at the start made Jackson read the file as
     * UTF-32 and opening threw a CharConversionException. JSON is UTF-8: such a file is malformed
     * JSON at byte 0, reported; a UTF-8 byte order mark is skipped.
     */
    @Test
    void fileIsReadAsUtf8WhateverItBeginsWith(@TempDir Path dir) throws Exception {
        byte[] zeros = { 0, 0, 0, 0, '[', '{', '}', ']' };
        Path file = dir.resolve("zeros.json");
        Files.write(file, zeros);
        try (TefTrace trace = TefTestFiles.open(file)) {
            assertEquals(0, trace.entryCount(), "no event");
            TefProblem malformed = TefTestFiles.problem(trace, TefProblemKind.MALFORMED_JSON);
            assertTrue(malformed.firstByteOffset() <= 1, "at the first zero byte, or just after it: " + malformed);
            assertTrue(malformed.firstDetail().contains("code 0"), malformed.firstDetail());
        }
        byte[] bom = ("\uFEFF[" + E1 + "]").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Path withBom = dir.resolve("bom.json");
        Files.write(withBom, bom);
        try (TefTrace trace = TefTestFiles.open(withBom)) {
            assertEquals(List.of("one"), TefTestFiles.names(trace));
            assertEquals(4, TefTestFiles.events(trace).get(0).byteOffset(), "after the 3-byte mark and the [");
            assertTrue(trace.problems().isEmpty(), trace.problems().toString());
        }
    }

    /**
     * Found by fuzzing (doc/fuzzing.md): a zero byte right after the position where the parse
     * resumes (here after the scanner declined the first element) made Jackson guess UTF-16, whose
     * byte offset -1 made opening throw "Negative position". The damage is reported instead.
     */
    @Test
    void zeroByteAtAResumePositionIsMalformedJson(@TempDir Path dir) throws Exception {
        byte[] json = "[\u0000\"a\",{\"ts\":1},\nLost 12 events\n{\"name\":\"a\"]\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Path file = dir.resolve("zero.json");
        Files.write(file, json);
        try (TefTrace trace = TefTestFiles.open(file)) {
            assertEquals(0, trace.entryCount());
            TefProblem malformed = TefTestFiles.problem(trace, TefProblemKind.MALFORMED_JSON);
            assertTrue(malformed.firstByteOffset() >= 1 && malformed.firstByteOffset() <= 2, malformed.toString());
            assertTrue(trace.unreadTail().isEmpty(), "no event before the damage has a time");
        }
    }

    /**
     * Found by fuzzing (doc/fuzzing.md): Jackson's field-name table, shared by every parser of the
     * bundle's factory, pads a short key with 0xFF bytes, so once any parse had read the key "s",
     * the key bytes FF 73 were read as "s" and the event indexed; without that earlier parse the
     * same file was malformed. The reader now hands Jackson nothing that is not UTF-8: the result
     * is the same before and after the warm-up, and names the byte and its position.
     */
    @Test
    void invalidUtf8KeyIsMalformedWhateverWasParsedBefore(@TempDir Path dir) throws Exception {
        byte[] prefix = ("[" + E1 + ",{\"ph\":\"i\",\"name\":\"bad\",\"ts\":2,\"").getBytes(StandardCharsets.UTF_8);
        byte[] rest = ("s\":\"g\"}," + E2 + "]").getBytes(StandardCharsets.UTF_8);
        byte[] json = new byte[prefix.length + 1 + rest.length];
        System.arraycopy(prefix, 0, json, 0, prefix.length);
        json[prefix.length] = (byte) 0xff;
        System.arraycopy(rest, 0, json, prefix.length + 1, rest.length);
        Files.createDirectories(dir.resolve("before"));
        Files.createDirectories(dir.resolve("after"));
        Path before = Files.write(dir.resolve("before/ff73.json"), json);
        Path after = Files.write(dir.resolve("after/ff73.json"), json);

        String opened = openedAs(before);
        // the warm-up: the key "s" read by Jackson through the bundle's factory, directly and in a
        // file whose unknown phase makes the index pass hand the event to Jackson
        try (com.fasterxml.jackson.core.JsonParser parser = org.featurecompass.tef.json.TefJsonFactory.INSTANCE
                .createParser("{\"s\":1}".getBytes(StandardCharsets.UTF_8))) {
            parser.nextToken();
            assertEquals("s", parser.nextFieldName());
        }
        try (TefTrace warm = TefTestFiles.open(TefTestFiles.write(dir, "warm.json", "[{\"ph\":\"i2\",\"name\":\"w\",\"ts\":1,\"s\":\"g\"}]"))) {
            assertEquals(List.of("w"), TefTestFiles.names(warm));
        }
        assertEquals(opened, openedAs(after), "the same result after the warm-up");

        try (TefTrace trace = TefTestFiles.open(after)) {
            assertEquals(List.of("one"), TefTestFiles.names(trace), "the event before the bad key survives");
            TefProblem malformed = TefTestFiles.problem(trace, TefProblemKind.MALFORMED_JSON);
            assertEquals(prefix.length, malformed.firstByteOffset(), "at the 0xFF byte");
            assertTrue(malformed.firstDetail().contains("invalid UTF-8: byte 0xFF"), malformed.firstDetail());
            assertEquals(new TefLostEvents(1, 0, 1_000, 1_000, prefix.length, 1), trace.unreadTail().orElseThrow());
        }
    }

    /** @return what opening the file gives: its entries and its problems */
    private static String openedAs(Path file) throws Exception {
        try (TefTrace trace = TefTestFiles.open(file)) {
            return TefTestFiles.readAll(trace) + " " + trace.problems();
        }
    }

    /**
     * The stream Jackson reads checks UTF-8 across the reader's 1 MiB window: a 2.4 MB top-level
     * string of two- and three-byte characters (read by Jackson, sequences straddling the
     * window's ends) is read without a problem, and the events after it too.
     */
    @Test
    void multiByteTextAcrossTheReadWindowIsWellFormed(@TempDir Path dir) throws Exception {
        StringBuilder text = new StringBuilder();
        while (text.length() < 1_200_000) {
            text.append("\u00e9\u20ac\u00e9x");
        }
        String json = "{\"otherData\":{\"note\":\"" + text + "\"},\"traceEvents\":[" + E1 + "," + E2 + "]}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "wide.json", json))) {
            assertEquals(List.of("one", "two"), TefTestFiles.names(trace));
            assertTrue(trace.problems().isEmpty(), trace.problems().toString());
        }
        byte[] broken = json.getBytes(StandardCharsets.UTF_8);
        int at = json.substring(0, json.indexOf('\u20ac', 1_100_000)).getBytes(StandardCharsets.UTF_8).length;
        broken[at + 1] = 'x'; // the second byte of a euro sign
        Path file = Files.write(dir.resolve("broken.json"), broken);
        try (TefTrace trace = TefTestFiles.open(file)) {
            TefProblem malformed = TefTestFiles.problem(trace, TefProblemKind.MALFORMED_JSON);
            assertEquals(at, malformed.firstByteOffset(), "at the euro sign's first byte");
            assertTrue(malformed.firstDetail().contains("byte 0xE2"), malformed.firstDetail());
            assertEquals(0, trace.eventCount(), "the events come after the damage");
        }
    }
}
