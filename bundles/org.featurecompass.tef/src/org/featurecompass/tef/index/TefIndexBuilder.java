package org.featurecompass.tef.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.featurecompass.tef.TefCaptureRegime;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefIndexOptions;
import org.featurecompass.tef.TefIndexProgress;
import org.featurecompass.tef.TefMeasurementOff;
import org.featurecompass.tef.TefProblem;
import org.featurecompass.tef.TefProblemKind;
import org.featurecompass.tef.TefTimeUnit;
import org.featurecompass.tef.TefTraceMetadata;
import org.featurecompass.tef.json.EventObjectParser;

/**
 * Builds the index file of a TEF trace: decompresses gzip input, runs the {@link EventIndexer}
 * pass, sorts the entries with the {@link ExternalIndexSorter}, gathers metadata from {@code M}
 * events and writes everything with the {@link IndexFileWriter}.
 *
 * <p>The unit of {@code ts} must be known while parsing. A {@code timestampUnit} written before
 * the events is simply used by the pass. VaRA writes it after the events, so the builder first
 * looks for that key in the file's last 4 KiB and assumes the unit it finds there (microseconds
 * otherwise). If the pass then reads a different unit from the file, the pass is repeated with
 * that unit, so the result never depends on the guess: only the time spent does.
 */
public final class TefIndexBuilder {

    private static final int TAIL_BYTES = 4096;
    private static final String UNIT_KEY = "\"timestampUnit\""; //$NON-NLS-1$

    private final Path source;
    private final Path indexDirectory;
    private final TefIndexOptions options;
    private final TefIndexProgress progress;
    private final boolean scanEvents;

    /**
     * @param scanEvents whether clean events are read by the {@link EventArrayScanner}; false reads
     *            everything with Jackson, the reference the scanner is tested against
     */
    public TefIndexBuilder(Path source, Path indexDirectory, TefIndexOptions options, TefIndexProgress progress, boolean scanEvents) {
        this.source = source;
        this.indexDirectory = indexDirectory;
        this.options = options;
        this.progress = progress;
        this.scanEvents = scanEvents;
    }

    /**
     * @param fingerprint the source's fingerprint, stored in the index
     * @param plain the plain JSON file: the source itself, or where to decompress it
     * @param gzip whether the source is gzip
     * @param indexFile where to write the index
     */
    public void build(SourceFingerprint fingerprint, Path plain, boolean gzip, Path indexFile) throws IOException {
        ProblemLog inputProblems = new ProblemLog();
        if (gzip) {
            GzipExpander.expand(source, plain, inputProblems, progress);
        } else if (source.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz")) { //$NON-NLS-1$
            inputProblems.report(TefProblemKind.NOT_GZIP, 0, 0, "the file name ends in .gz but the file has no gzip header; it is read as plain JSON"); //$NON-NLS-1$
        }
        try (FileChannel channel = FileChannel.open(plain)) {
            TefTimeUnit unit = unitNamedInTail(channel);
            boolean firstPass = true;
            while (true) {
                ProblemLog problems = new ProblemLog();
                try (IndexFileWriter writer = new IndexFileWriter(indexFile, options.checkpointInterval());
                        ExternalIndexSorter sorter = new ExternalIndexSorter(indexDirectory, options.chunkEntries(), writer)) {
                    EventIndexer indexer = new EventIndexer(channel, unit, firstPass, scanEvents, sorter, problems, progress);
                    indexer.run();
                    TefTimeUnit declared = declaredUnit(indexer, problems);
                    if (declared != indexer.unit()) {
                        unit = declared;
                        firstPass = false;
                        continue;
                    }
                    unit = declared;
                    TefTraceMetadata metadata = collectMetadata(channel, indexer, unit);
                    checkCaptureRegime(metadata, indexer, problems);
                    sorter.finish();
                    List<TefMeasurementOff> measurementOff = MeasurementWindows.pair(
                            readMarkers(channel, indexer, unit, writer.firstTimestampNs()), writer.firstTimestampNs(),
                            writer.lastTimestampNs(), problems);
                    List<TefProblem> allProblems = new ArrayList<>(inputProblems.problems());
                    allProblems.addAll(problems.problems());
                    allProblems.sort(Comparator.comparing(TefProblem::kind));
                    writer.finish(fingerprint, channel.size(), metadata, indexer.phaseCounts(), allProblems, indexer.lostRanges(),
                            measurementOff);
                    return;
                }
            }
        }
    }

    private static TefTimeUnit declaredUnit(EventIndexer indexer, ProblemLog problems) {
        String symbol = indexer.timestampUnit();
        if (symbol == null) {
            return TefTimeUnit.MICROSECONDS;
        }
        return TefTimeUnit.fromSymbol(symbol).orElseGet(() -> {
            problems.report(TefProblemKind.UNKNOWN_TIME_UNIT, 0, indexer.elementCount(), "timestampUnit \"" + symbol + "\" is unknown; microseconds are used"); //$NON-NLS-1$ //$NON-NLS-2$
            return TefTimeUnit.MICROSECONDS;
        });
    }

    /** @return the unit a {@code "timestampUnit": "..."} in the file's last 4 KiB names, else microseconds */
    private static TefTimeUnit unitNamedInTail(FileChannel channel) throws IOException {
        long size = channel.size();
        ByteBuffer tail = ByteBuffer.allocate((int) Math.min(TAIL_BYTES, size));
        long from = size - tail.capacity();
        while (tail.hasRemaining() && channel.read(tail, from + tail.position()) > 0) {
            // fill
        }
        String text = new String(tail.array(), 0, tail.position(), StandardCharsets.ISO_8859_1);
        int key = text.lastIndexOf(UNIT_KEY);
        if (key < 0) {
            return TefTimeUnit.MICROSECONDS;
        }
        int open = text.indexOf('"', text.indexOf(':', key + UNIT_KEY.length()) + 1);
        int close = open < 0 ? -1 : text.indexOf('"', open + 1);
        return close < 0 ? TefTimeUnit.MICROSECONDS : TefTimeUnit.fromSymbol(text.substring(open + 1, close)).orElse(TefTimeUnit.MICROSECONDS);
    }

    /** @return the measurement markers, parsed; one without a usable ts is placed at the trace start */
    private static List<MeasurementWindows.Marker> readMarkers(FileChannel channel, EventIndexer indexer, TefTimeUnit unit,
            long traceStartNs) throws IOException {
        EventObjectParser parser = new EventObjectParser(unit);
        List<MeasurementWindows.Marker> markers = new ArrayList<>();
        for (long[] marker : indexer.measurementMarkers()) {
            byte[] bytes = PlainTraceFile.read(channel, marker[0], (int) marker[1]);
            long time = marker[3] == IndexFileFormat.MISSING_TIME ? traceStartNs : marker[3];
            TefEvent event = parser.parse(bytes, 0, bytes.length, marker[0], -1, time);
            markers.add(new MeasurementWindows.Marker(time, marker[0], marker[2], event.name(), event.phaseText(),
                    event.instantScope(), event.pid()));
        }
        return markers;
    }

    private static void checkCaptureRegime(TefTraceMetadata metadata, EventIndexer indexer, ProblemLog problems) {
        if (metadata.captureRegime() == TefCaptureRegime.UNKNOWN) {
            long offset = indexer.topLevelFields().stream().filter(field -> field.key().equals(TefTraceMetadata.OTHER_DATA))
                    .mapToLong(EventIndexer.TopLevelField::start).findFirst().orElse(0);
            problems.report(TefProblemKind.CAPTURE_REGIME_UNKNOWN, offset, indexer.elementCount(),
                    "otherData.capture_regime is " + metadata.otherData().get(TefTraceMetadata.CAPTURE_REGIME) //$NON-NLS-1$
                            + ", not complete, gated or sampled; no regime is assumed"); //$NON-NLS-1$
        }
    }

    private static TefTraceMetadata collectMetadata(FileChannel channel, EventIndexer indexer, TefTimeUnit unit) throws IOException {
        MetadataCollector collector = new MetadataCollector();
        EventObjectParser parser = new EventObjectParser(unit);
        for (long[] event : indexer.metadataEvents()) {
            byte[] bytes = PlainTraceFile.read(channel, event[0], (int) event[1]);
            collector.add(parser.parse(bytes, 0, bytes.length, event[0], -1, 0));
        }
        Map<String, String> topLevel = new LinkedHashMap<>();
        Map<String, TefTraceMetadata.ByteRange> ranges = new LinkedHashMap<>();
        for (EventIndexer.TopLevelField field : indexer.topLevelFields()) {
            long length = field.end() - field.start();
            byte[] bytes = PlainTraceFile.read(channel, field.start(), (int) Math.min(length, TefTraceMetadata.TOP_LEVEL_TEXT_LIMIT));
            String text = new String(bytes, StandardCharsets.UTF_8);
            topLevel.put(field.key(), length > bytes.length ? text + TefTraceMetadata.CUT_MARK : text);
            ranges.put(field.key(), new TefTraceMetadata.ByteRange(field.start(), field.end()));
        }
        return collector.build(unit, indexer.displayTimeUnit(), topLevel, ranges);
    }
}
