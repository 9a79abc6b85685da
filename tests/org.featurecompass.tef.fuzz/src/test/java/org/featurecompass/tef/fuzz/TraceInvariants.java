package org.featurecompass.tef.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.featurecompass.tef.TefCursor;
import org.featurecompass.tef.TefEntry;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.tef.TefTrace;

/**
 * What must hold for any file the TEF reader opens, whatever its bytes: opening never throws
 * (problems are reported, not thrown), the entries come in rank and time order within the trace's
 * time range, events plus lost ranges make up the entries, reading by rank and seeking by time
 * agree with the cursor, and a second open reuses the index and reads the same entries.
 */
final class TraceInvariants {

    private TraceInvariants() {
    }

    /**
     * @return a description of everything read (problems and every entry with all its fields), to
     *         compare two reads
     */
    static String check(Path file, Path indexFolder) throws IOException {
        String first;
        try (TefTrace trace = TefTrace.open(file, indexFolder)) {
            first = readAll(trace);
        }
        try (TefTrace again = TefTrace.open(file, indexFolder)) {
            require(again.indexWasReused(), "the index written by the first open is reused"); //$NON-NLS-1$
            assertEqual(first, readAll(again), "reopened from its index, the trace reads the same"); //$NON-NLS-1$
        }
        return first;
    }

    private static String readAll(TefTrace trace) throws IOException {
        StringBuilder all = new StringBuilder();
        trace.problems().forEach(p -> all.append(p).append('\n'));
        long entries = trace.entryCount();
        require(entries == trace.eventCount() + trace.lostEvents().size(), "entries = events + lost ranges"); //$NON-NLS-1$
        require(trace.startTimeNs() <= trace.endTimeNs() || entries == 0, "start <= end"); //$NON-NLS-1$
        TefCursor cursor = trace.cursor(0);
        long previous = Long.MIN_VALUE;
        long rank = 0;
        while (cursor.hasNext()) {
            TefEntry entry = cursor.next();
            require(entry.rank() == rank, "entry " + rank + " has rank " + entry.rank()); //$NON-NLS-1$ //$NON-NLS-2$
            long time = entry.timestampNs();
            require(time >= previous, "time order at rank " + rank); //$NON-NLS-1$
            require(time >= trace.startTimeNs() && time <= trace.endTimeNs(), "rank " + rank + " at " + time + " ns is outside the trace's range"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            if (entry instanceof TefLostEvents lost) {
                require(lost.endNs() >= lost.timestampNs(), "a lost range ends after it starts"); //$NON-NLS-1$
            }
            String text = describe(entry);
            assertEqual(text, describe(trace.read(rank)), "read by rank as by the cursor"); //$NON-NLS-1$
            long found = trace.rankAtOrAfter(time);
            require(found <= rank && trace.read(found).timestampNs() == time, "seeking " + time + " ns finds the first entry of that time"); //$NON-NLS-1$ //$NON-NLS-2$
            all.append(text).append('\n');
            previous = time;
            rank++;
        }
        require(rank == entries, "the cursor reads every entry"); //$NON-NLS-1$
        return all.toString();
    }

    /** @return every field of the entry */
    private static String describe(TefEntry entry) {
        if (entry instanceof TefEvent e) {
            return String.join("|", String.valueOf(e.rank()), String.valueOf(e.byteOffset()), String.valueOf(e.timestampNs()), //$NON-NLS-1$
                    e.phaseText(), String.valueOf(e.phase()), String.valueOf(e.name()), String.valueOf(e.category()), String.valueOf(e.pid()),
                    String.valueOf(e.tid()), String.valueOf(e.durationNs()), String.valueOf(e.threadTimestampNs()), String.valueOf(e.threadDurationNs()),
                    String.valueOf(e.asyncId()), String.valueOf(e.instantScope()), String.valueOf(e.bindingPoint()), String.valueOf(e.args()),
                    String.valueOf(e.otherFields()));
        }
        return entry.toString();
    }

    static void assertEqual(String expected, String actual, String what) {
        if (!expected.equals(actual)) {
            throw new AssertionError(what + "\nexpected:\n" + expected + "\nactual:\n" + actual); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }

    static void deleteTree(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
