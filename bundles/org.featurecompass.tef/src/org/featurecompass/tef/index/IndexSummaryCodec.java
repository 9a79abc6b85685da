package org.featurecompass.tef.index;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.tef.TefMeasurementOff;
import org.featurecompass.tef.TefProblem;
import org.featurecompass.tef.TefProblemKind;
import org.featurecompass.tef.TefThread;
import org.featurecompass.tef.TefTimeUnit;
import org.featurecompass.tef.TefTraceMetadata;

/** Writes and reads the {@link IndexSummary} section of an index file. */
public final class IndexSummaryCodec {

    private IndexSummaryCodec() {
    }

    static void write(DataOutput out, IndexSummary summary) throws IOException {
        out.writeLong(summary.eventCount());
        out.writeLong(summary.firstTimestampNs());
        out.writeLong(summary.lastTimestampNs());
        out.writeInt(summary.checkpointInterval());
        out.writeInt(summary.checkpoints().length);
        for (long checkpoint : summary.checkpoints()) {
            out.writeLong(checkpoint);
        }
        TefTraceMetadata metadata = summary.metadata();
        writeString(out, metadata.timestampUnit().name());
        Optional<String> displayUnit = metadata.displayTimeUnit();
        writeNullableString(out, displayUnit.isPresent() ? displayUnit.get() : null);
        writeTextMap(out, metadata.processNames());
        writeNumberMap(out, metadata.processSortIndexes());
        writeTextMap(out, metadata.processLabels());
        out.writeInt(metadata.threadNames().size());
        for (Map.Entry<TefThread, String> e : metadata.threadNames().entrySet()) {
            writeThread(out, e.getKey());
            writeString(out, e.getValue());
        }
        out.writeInt(metadata.threadSortIndexes().size());
        for (Map.Entry<TefThread, Long> e : metadata.threadSortIndexes().entrySet()) {
            writeThread(out, e.getKey());
            out.writeLong(e.getValue().longValue());
        }
        writeTextMap(out, metadata.topLevelFields());
        out.writeInt(metadata.topLevelRanges().size());
        for (Map.Entry<String, TefTraceMetadata.ByteRange> e : metadata.topLevelRanges().entrySet()) {
            writeString(out, e.getKey());
            out.writeLong(e.getValue().start());
            out.writeLong(e.getValue().end());
        }
        writeNumberMap(out, summary.phaseCounts());
        out.writeInt(summary.problems().size());
        for (TefProblem problem : summary.problems()) {
            writeString(out, problem.kind().name());
            out.writeLong(problem.count());
            out.writeLong(problem.firstByteOffset());
            out.writeLong(problem.firstEventNumber());
            writeString(out, problem.firstDetail());
        }
        out.writeInt(summary.lostRanges().size());
        for (TefLostEvents lost : summary.lostRanges()) {
            out.writeLong(lost.rank());
            out.writeLong(lost.count());
            out.writeLong(lost.timestampNs());
            out.writeLong(lost.endNs());
            out.writeLong(lost.byteOffset());
            out.writeLong(lost.eventNumber());
        }
        out.writeInt(summary.measurementOff().size());
        for (TefMeasurementOff off : summary.measurementOff()) {
            out.writeLong(off.startNs());
            out.writeLong(off.endNs());
            writeNullableString(out, off.pid());
            out.writeLong(off.byteOffset());
            out.writeLong(off.eventNumber());
            out.writeBoolean(off.openAtTraceStart());
            out.writeBoolean(off.openAtTraceEnd());
        }
    }

    public static IndexSummary read(DataInput in) throws IOException {
        long eventCount = in.readLong();
        long first = in.readLong();
        long last = in.readLong();
        int interval = in.readInt();
        long[] checkpoints = new long[in.readInt()];
        for (int i = 0; i < checkpoints.length; i++) {
            checkpoints[i] = in.readLong();
        }
        TefTimeUnit unit = TefTimeUnit.valueOf(readString(in));
        String displayTimeUnit = readNullableString(in);
        Map<String, String> processNames = readTextMap(in);
        Map<String, Long> processSortIndexes = readNumberMap(in);
        Map<String, String> processLabels = readTextMap(in);
        Map<TefThread, String> threadNames = new LinkedHashMap<>();
        for (int i = in.readInt(); i > 0; i--) {
            threadNames.put(readThread(in), readString(in));
        }
        Map<TefThread, Long> threadSortIndexes = new LinkedHashMap<>();
        for (int i = in.readInt(); i > 0; i--) {
            threadSortIndexes.put(readThread(in), Long.valueOf(in.readLong()));
        }
        Map<String, String> topLevelFields = readTextMap(in);
        Map<String, TefTraceMetadata.ByteRange> topLevelRanges = new LinkedHashMap<>();
        for (int i = in.readInt(); i > 0; i--) {
            topLevelRanges.put(readString(in), new TefTraceMetadata.ByteRange(in.readLong(), in.readLong()));
        }
        TefTraceMetadata metadata = new TefTraceMetadata(unit, displayTimeUnit, processNames, processSortIndexes, processLabels,
                threadNames, threadSortIndexes, topLevelFields, topLevelRanges);
        Map<String, Long> phaseCounts = readNumberMap(in);
        List<TefProblem> problems = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            problems.add(new TefProblem(TefProblemKind.valueOf(readString(in)), in.readLong(), in.readLong(), in.readLong(), readString(in)));
        }
        List<TefLostEvents> lost = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            lost.add(new TefLostEvents(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong()));
        }
        List<TefMeasurementOff> measurementOff = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            measurementOff.add(new TefMeasurementOff(in.readLong(), in.readLong(), readNullableString(in), in.readLong(), in.readLong(),
                    in.readBoolean(), in.readBoolean()));
        }
        return new IndexSummary(eventCount, first, last, interval, checkpoints, metadata, phaseCounts, problems, lost,
                List.copyOf(measurementOff));
    }

    private static void writeThread(DataOutput out, TefThread thread) throws IOException {
        writeString(out, thread.pid());
        writeString(out, thread.tid());
    }

    private static TefThread readThread(DataInput in) throws IOException {
        return new TefThread(readString(in), readString(in));
    }

    private static void writeTextMap(DataOutput out, Map<String, String> map) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<String, String> e : map.entrySet()) {
            writeString(out, e.getKey());
            writeString(out, e.getValue());
        }
    }

    private static Map<String, String> readTextMap(DataInput in) throws IOException {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = in.readInt(); i > 0; i--) {
            map.put(readString(in), readString(in));
        }
        return map;
    }

    private static void writeNumberMap(DataOutput out, Map<String, Long> map) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<String, Long> e : map.entrySet()) {
            writeString(out, e.getKey());
            out.writeLong(e.getValue().longValue());
        }
    }

    private static Map<String, Long> readNumberMap(DataInput in) throws IOException {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = in.readInt(); i > 0; i--) {
            map.put(readString(in), Long.valueOf(in.readLong()));
        }
        return map;
    }

    private static void writeNullableString(DataOutput out, @Nullable String text) throws IOException {
        out.writeBoolean(text != null);
        if (text != null) {
            writeString(out, text);
        }
    }

    private static @Nullable String readNullableString(DataInput in) throws IOException {
        return in.readBoolean() ? readString(in) : null;
    }

    /** Strings may exceed {@link DataOutput#writeUTF}'s 64 KiB, so they are written as length + UTF-8. */
    private static void writeString(DataOutput out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInput in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
