package org.featurecompass.core.tef;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfLostEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfBaseAspects;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfContentFieldAspect;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.project.model.ITmfPropertiesProvider;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.eclipse.tracecompass.tmf.core.trace.indexer.ITmfTraceIndexer;
import org.eclipse.tracecompass.tmf.core.trace.location.ITmfLocation;
import org.eclipse.tracecompass.tmf.core.trace.location.TmfLongLocation;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.core.trace.ICoverageTrace;
import org.featurecompass.core.trace.ISampledTrace;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.sampling.SamplingParameters;
import org.featurecompass.tef.TefCaptureRegime;
import org.featurecompass.tef.TefCursor;
import org.featurecompass.tef.TefEntry;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefFormatDetector;
import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.tef.TefProblem;
import org.featurecompass.tef.TefTrace;
import org.featurecompass.tef.TefStackFrames;
import org.featurecompass.tef.TefTraceMetadata;

/**
 * Trace Compass trace type for Trace Event Format (TEF) JSON files, plain or gzip: VaRA feature
 * regions, the Feature Compass recorder, Node.js, Chrome, viztracer, {@code clang -ftime-trace}.
 * <p>
 * The reader ({@link TefTrace}) sorts the file once with bounded memory and keeps its index in the
 * trace's supplementary folder, where it is reused on reopen. A location is the rank of an entry in
 * that index, so the Trace Compass indexer needs no pass over the events: {@link #createIndexer}
 * answers seeks by rank and by time from the reader's own index. Problems found in the file are
 * logged to the Error Log with their count and first position, and shown in the trace properties.
 * As an {@link ICoverageTrace} it gives its lost-event ranges, measurement-off windows, capture
 * regime and process and thread names to analyses and views, which never look at the reader; as an
 * {@link ISampledTrace}, the sampling its {@code otherData} declares.
 */
public class TefTmfTrace extends TmfTrace implements ICoverageTrace, ISampledTrace, ITmfPropertiesProvider {

    /** The trace type id, as registered in plugin.xml. */
    public static final String TRACE_TYPE_ID = "org.featurecompass.core.tef.trace"; //$NON-NLS-1$

    private static final String PLUGIN_ID = "org.featurecompass.core"; //$NON-NLS-1$
    /** Events read at open time to find the {@code args} keys offered as columns. */
    private static final int ARGS_KEY_SAMPLE = 2_000;
    /** At most this many {@code args} keys become columns; the rest stay in the event content. */
    private static final int MAX_ARGS_COLUMNS = 24;
    /** Confidence of a plain TEF file; the maximum, 100, is left to specialised TEF types. */
    private static final int GENERIC_TEF_CONFIDENCE = 90;
    private static final TmfEventType LOST_EVENT_TYPE = new TmfEventType(Messages.TefTmfTrace_LostEventsName, null);

    private @Nullable TefTrace fReader;
    private List<ITmfEventAspect<?>> fAspects = List.of();
    private volatile long fLastRank;
    private volatile @Nullable List<CoverageGap> fLostEventRanges;
    private volatile @Nullable List<CoverageGap> fMeasurementOffWindows;

    @Override
    public IStatus validate(@Nullable IProject project, @Nullable String path) {
        if (path == null || !Files.isRegularFile(Paths.get(path))) {
            return new Status(IStatus.ERROR, PLUGIN_ID, NLS.bind(Messages.TefTmfTrace_NotAFile, path));
        }
        int confidence = TefFormatDetector.confidence(Paths.get(path));
        if (confidence <= 0) {
            return new Status(IStatus.ERROR, PLUGIN_ID, NLS.bind(Messages.TefTmfTrace_NotTef, path));
        }
        // Below the maximum, so that specialised TEF types (recordings, TefKernelTrace) win.
        return new TraceValidationStatus(Math.min(confidence, GENERIC_TEF_CONFIDENCE), PLUGIN_ID);
    }

    /** Both {@code initTrace} variants end here: opens (and if needed indexes) the file. */
    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    protected void initialize(@Nullable IResource resource, @Nullable String path, @Nullable Class<? extends ITmfEvent> type)
            throws TmfTraceException {
        super.initialize(resource, path, type);
        if (path == null) {
            throw new TmfTraceException(NLS.bind(Messages.TefTmfTrace_NotAFile, path));
        }
        Path indexDir = Paths.get(TmfTraceManager.getSupplementaryFileDir(this), "tef-index"); //$NON-NLS-1$
        TefTrace reader = IndexingJob.open(Paths.get(path), indexDir);
        fReader = reader;
        for (TefProblem problem : reader.problems()) {
            ErrorLog.warning(NLS.bind(Messages.TefTmfTrace_Problem, getName(), problem));
        }
        fAspects = List.copyOf(createAspects(reader));
        if (reader.eventCount() > 0) {
            setTimeRange(new TmfTimeRange(TmfTimestamp.fromNanos(reader.startTimeNs()), TmfTimestamp.fromNanos(reader.endTimeNs())));
        }
        setNbEvents(reader.entryCount());
    }

    /**
     * @param reader the open reader
     * @return the columns of the events table, in order
     * @throws TmfTraceException if the first events cannot be read
     */
    protected List<ITmfEventAspect<?>> createAspects(TefTrace reader) throws TmfTraceException {
        List<ITmfEventAspect<?>> aspects = new ArrayList<>();
        aspects.add(TmfBaseAspects.getTimestampAspect());
        aspects.add(TmfBaseAspects.getEventTypeAspect());
        aspects.add(new TefEventAspect<>(Messages.TefTmfTrace_AspectCategory, Messages.TefTmfTrace_AspectCategoryHelp, TefEvent::category));
        aspects.add(new TefEventAspect<>(Messages.TefTmfTrace_AspectPhase, Messages.TefTmfTrace_AspectPhaseHelp, TefEvent::phaseText));
        aspects.add(new TefEventAspect<>(Messages.TefTmfTrace_AspectPid, Messages.TefTmfTrace_AspectPidHelp, TefEvent::pid));
        aspects.add(new TefEventAspect<>(Messages.TefTmfTrace_AspectTid, Messages.TefTmfTrace_AspectTidHelp, TefEvent::tid));
        TefTraceMetadata metadata = reader.metadata();
        aspects.add(new TefEventAspect<>(Messages.TefTmfTrace_AspectProcessName, Messages.TefTmfTrace_AspectProcessNameHelp,
                e -> e.pid() == null ? null : metadata.processNames().get(e.pid())));
        aspects.add(new TefEventAspect<>(Messages.TefTmfTrace_AspectThreadName, Messages.TefTmfTrace_AspectThreadNameHelp,
                e -> metadata.threadName(e.pid(), e.tid())));
        aspects.add(new TefEventAspect<>(Messages.TefTmfTrace_AspectDuration, Messages.TefTmfTrace_AspectDurationHelp,
                e -> e.durationNs().isPresent() ? e.durationNs().getAsLong() : null));
        aspects.add(new TefEventAspect<>(Messages.TefTmfTrace_AspectId, Messages.TefTmfTrace_AspectIdHelp,
                e -> e.asyncId() == null ? null : e.asyncId().value()));
        for (String key : argsKeys(reader)) {
            aspects.add(TmfContentFieldAspect.create(key, key));
        }
        return List.copyOf(aspects);
    }

    /** The {@code args} keys of the first events, in name order, as columns. */
    private static TreeSet<String> argsKeys(TefTrace reader) throws TmfTraceException {
        TreeSet<String> keys = new TreeSet<>();
        TefCursor cursor = reader.cursor(0);
        try {
            for (int i = 0; i < ARGS_KEY_SAMPLE && cursor.hasNext() && keys.size() < MAX_ARGS_COLUMNS; i++) {
                if (cursor.next() instanceof TefEvent event) {
                    for (String key : event.args().keySet()) {
                        if (keys.size() < MAX_ARGS_COLUMNS) {
                            keys.add(key);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new TmfTraceException(e.getMessage(), e);
        }
        return keys;
    }

    /** @return the reader, or null before {@link #initTrace} succeeded */
    protected @Nullable TefTrace readerIfOpen() {
        return fReader;
    }

    /** @return the reader, once {@link #initTrace} succeeded */
    public TefTrace getReader() {
        TefTrace reader = fReader;
        if (reader == null) {
            throw new IllegalStateException("trace not initialized"); //$NON-NLS-1$
        }
        return reader;
    }

    @Override
    public List<CoverageGap> getLostEventRanges() {
        List<CoverageGap> gaps = fLostEventRanges;
        TefTrace reader = fReader;
        if (gaps == null && reader != null) {
            gaps = reader.lostEvents().stream()
                    .map(lost -> CoverageGap.lostEvents(lost.timestampNs(), lost.endNs(), lost.count())).toList();
            fLostEventRanges = gaps;
        }
        return gaps == null ? List.of() : gaps;
    }

    /**
     * {@inheritDoc}
     * <p>
     * A window covers the process its marker names, or every process when the marker names none or a
     * pid that is not a decimal integer (region events of such a pid cannot be read either, so nothing
     * observed is hidden by mistake).
     */
    @Override
    public List<CoverageGap> getMeasurementOffWindows() {
        List<CoverageGap> gaps = fMeasurementOffWindows;
        TefTrace reader = fReader;
        if (gaps == null && reader != null) {
            gaps = reader.measurementOff().stream()
                    .map(off -> CoverageGap.measurementOff(off.startNs(), off.endNs(), pidOrAll(off.pid()))).toList();
            fMeasurementOffWindows = gaps;
        }
        return gaps == null ? List.of() : gaps;
    }

    private static int pidOrAll(@Nullable String pid) {
        if (pid != null) {
            try {
                return Integer.parseInt(pid.strip());
            } catch (NumberFormatException e) {
                // every process, as documented
            }
        }
        return CoverageGap.ALL_PROCESSES;
    }

    @Override
    public @Nullable TefLostEvents getUnreadTail() {
        TefTrace reader = fReader;
        if (reader == null) {
            return null;
        }
        Optional<TefLostEvents> tail = reader.unreadTail();
        return tail.isPresent() ? tail.get() : null;
    }

    @Override
    public TefCaptureRegime getCaptureRegime() {
        TefTrace reader = fReader;
        return reader == null ? TefCaptureRegime.UNDECLARED : reader.metadata().captureRegime();
    }

    /**
     * @return the trace's {@code stackFrames} dictionary (the sampled stacks' frames), read whole
     *         ({@link TefTrace#stackFrames()}); empty before the trace is opened
     */
    public TefStackFrames getStackFrames() {
        TefTrace reader = fReader;
        return reader == null ? TefStackFrames.NONE : reader.stackFrames();
    }

    @Override
    public @Nullable SamplingParameters getSamplingParameters() {
        TefTrace reader = fReader;
        return reader == null ? null : SamplingParameters.fromOtherData(reader.metadata().otherData());
    }

    @Override
    public @Nullable String getProcessName(int pid) {
        TefTrace reader = fReader;
        return reader == null ? null : reader.metadata().processNames().get(Integer.toString(pid));
    }

    @Override
    public @Nullable String getThreadName(int pid, int tid) {
        TefTrace reader = fReader;
        return reader == null ? null : reader.metadata().threadName(Integer.toString(pid), Integer.toString(tid));
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public Iterable<ITmfEventAspect<?>> getEventAspects() {
        return fAspects;
    }

    @Override
    protected ITmfTraceIndexer createIndexer(int interval) {
        return new ReaderIndexer();
    }

    @Override
    public synchronized ITmfContext seekEvent(@Nullable ITmfLocation location) {
        long rank = location == null ? 0 : ((Long) location.getLocationInfo()).longValue();
        return new TefContext(getReader(), Math.min(rank, getReader().entryCount()));
    }

    @Override
    public synchronized ITmfContext seekEvent(double ratio) {
        long count = getReader().entryCount();
        return new TefContext(getReader(), Math.min(count, Math.max(0, Math.round(ratio * count))));
    }

    @Override
    public double getLocationRatio(@Nullable ITmfLocation location) {
        long count = getReader().entryCount();
        return location == null || count == 0 ? 0 : ((Long) location.getLocationInfo()).doubleValue() / count;
    }

    @Override
    public ITmfLocation getCurrentLocation() {
        return new TmfLongLocation(fLastRank);
    }

    @Override
    public synchronized @Nullable ITmfEvent getNext(@Nullable ITmfContext context) {
        if (!(context instanceof TefContext tef)) {
            return null;
        }
        TefEntry entry = tef.next();
        if (entry == null) {
            return null;
        }
        ITmfEvent event = toEvent(entry);
        fLastRank = tef.getRank() + 1;
        updateAttributes(context, event);
        context.setLocation(new TmfLongLocation(tef.getRank() + 1));
        context.increaseRank();
        return event;
    }

    @Override
    public @Nullable ITmfEvent parseEvent(@Nullable ITmfContext context) {
        if (context == null || context.getRank() < 0 || context.getRank() >= getReader().entryCount()) {
            return null;
        }
        try {
            return toEvent(getReader().read(context.getRank()));
        } catch (IOException e) {
            ErrorLog.error(String.valueOf(e.getMessage()), e);
            return null;
        }
    }

    private ITmfEvent toEvent(TefEntry entry) {
        if (entry instanceof TefLostEvents lost) {
            return new TmfLostEvent(this, lost.rank(), TmfTimestamp.fromNanos(lost.timestampNs()), LOST_EVENT_TYPE,
                    new TmfTimeRange(TmfTimestamp.fromNanos(lost.timestampNs()), TmfTimestamp.fromNanos(lost.endNs())), lost.count());
        }
        return new TefTmfEvent(this, (TefEvent) entry);
    }

    @Override
    public Map<String, String> getProperties() {
        TefTrace reader = fReader;
        Map<String, String> properties = new LinkedHashMap<>();
        if (reader == null) {
            return properties;
        }
        properties.put(Messages.TefTmfTrace_PropertyUnit, reader.metadata().timestampUnit().symbol());
        properties.put(Messages.TefTmfTrace_PropertyEvents, Long.toString(reader.eventCount()));
        properties.put(Messages.TefTmfTrace_PropertyLost,
                Long.toString(reader.lostEvents().stream().mapToLong(TefLostEvents::count).sum()));
        properties.put(Messages.TefTmfTrace_PropertyMeasurementOff, Integer.toString(reader.measurementOff().size()));
        TefCaptureRegime regime = reader.metadata().captureRegime();
        properties.put(Messages.TefTmfTrace_PropertyCaptureRegime, regime == TefCaptureRegime.UNDECLARED
                ? Messages.TefTmfTrace_CaptureRegimeUndeclared : regime.name().toLowerCase(Locale.ROOT));
        reader.metadata().otherData().forEach((key, value) -> properties.put(TefTraceMetadata.OTHER_DATA + '.' + key, value));
        properties.put(Messages.TefTmfTrace_PropertyPhases, reader.phaseCounts().toString());
        properties.put(Messages.TefTmfTrace_PropertyIndex, reader.indexFile().toString()
                + (reader.indexWasReused() ? Messages.TefTmfTrace_IndexReused : "")); //$NON-NLS-1$
        int n = 1;
        for (TefProblem problem : reader.problems()) {
            properties.put(NLS.bind(Messages.TefTmfTrace_PropertyProblem, n++), problem.toString());
        }
        return properties;
    }

    @Override
    public synchronized void dispose() {
        TefTrace reader = fReader;
        fReader = null;
        if (reader != null) {
            try {
                reader.close();
            } catch (IOException e) {
                ErrorLog.error(String.valueOf(e.getMessage()), e);
            }
        }
        super.dispose();
    }

    /** A context that reads forward with its own cursor: one per request, so requests do not interfere. */
    private static final class TefContext extends TmfContext {
        private final TefCursor fCursor;

        TefContext(TefTrace reader, long rank) {
            super(new TmfLongLocation(rank), rank);
            fCursor = reader.cursor(rank);
        }

        @Nullable TefEntry next() {
            try {
                if (fCursor.rank() != getRank()) {
                    fCursor.seek(getRank());
                }
                return fCursor.hasNext() ? fCursor.next() : null;
            } catch (IOException e) {
                ErrorLog.error(String.valueOf(e.getMessage()), e);
                return null;
            }
        }
    }

    /**
     * Answers seeks from the reader's index, which already holds every event's rank and time, so
     * opening a trace needs no second pass over the file.
     */
    private final class ReaderIndexer implements ITmfTraceIndexer {
        @Override
        public void buildIndex(long offset, @Nullable TmfTimeRange range, boolean waitForCompletion) {
            TefTrace reader = fReader;
            if (reader != null) {
                broadcast(new TmfTraceUpdatedSignal(TefTmfTrace.this, TefTmfTrace.this, getTimeRange(), reader.entryCount()));
            }
        }

        @Override
        public boolean isIndexing() {
            return false;
        }

        @Override
        public void updateIndex(@Nullable ITmfContext context, @Nullable ITmfTimestamp timestamp) {
            // The reader's index is complete; nothing to add.
        }

        @Override
        public ITmfContext seekIndex(@Nullable ITmfTimestamp timestamp) {
            long rank = 0;
            if (timestamp != null) {
                try {
                    rank = getReader().rankAtOrAfter(timestamp.toNanos());
                } catch (IOException e) {
                    ErrorLog.error(String.valueOf(e.getMessage()), e);
                }
            }
            return new TefContext(getReader(), rank);
        }

        @Override
        public ITmfContext seekIndex(long rank) {
            return new TefContext(getReader(), Math.max(0, Math.min(rank, getReader().entryCount())));
        }

        @Override
        public void dispose() {
            // The reader is closed with the trace.
        }
    }
}
