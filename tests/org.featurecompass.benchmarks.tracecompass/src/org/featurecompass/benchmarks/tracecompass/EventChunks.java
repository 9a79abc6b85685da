package org.featurecompass.benchmarks.tracecompass;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * Every event of an indexed trace, for feeding builders without a request. A trace of at most
 * {@code kept} events is read once and kept in memory; a larger one (10^7 events of Trace
 * Compass's event objects would take several GB) is read again on every iteration, {@code chunk}
 * events at a time, and the time spent reading is counted apart
 * ({@link #readingNs()}) so that the benchmark can subtract it from the builder's. Reading
 * includes decoding every event's fields ({@link ITmfEvent#getContent()}), which Trace Compass's
 * CTF events do lazily on first access and then keep: neither builder pays it, whichever runs
 * first (on a 2 × 10^5-event trace decoding costs about three times what a builder does).
 */
final class EventChunks implements Iterable<ITmfEvent> {

    private final ITmfTrace fTrace;
    private final long fKeptLimit;
    private final int fChunk;
    private final long fEvents;
    private final List<ITmfEvent> fKept;
    private long fReadingNs;

    /**
     * @param trace an indexed trace
     * @param kept the most events read once and kept
     * @param chunk events read at a time from a larger trace
     */
    EventChunks(ITmfTrace trace, long kept, int chunk) {
        fTrace = trace;
        fKeptLimit = kept;
        fChunk = chunk;
        fEvents = trace.getNbEvents();
        fKept = new ArrayList<>();
        if (kept()) {
            new ChunkIterator().forEachRemaining(fKept::add);
        }
    }

    /** @return whether the events are read once and kept */
    boolean kept() {
        return fEvents <= fKeptLimit;
    }

    /** @return the time the last iteration spent reading the trace, ns (0 when the events are kept) */
    long readingNs() {
        return fReadingNs;
    }

    /** Releases the events kept. */
    void clear() {
        fKept.clear();
    }

    @Override
    public Iterator<ITmfEvent> iterator() {
        fReadingNs = 0;
        return kept() ? fKept.iterator() : new ChunkIterator();
    }

    /** Reads the trace from its first event, {@code fChunk} events at a time. */
    private final class ChunkIterator implements Iterator<ITmfEvent> {

        private final List<ITmfEvent> fBuffer = new ArrayList<>();
        private ITmfContext fContext;
        private int fNext;
        private long fRead;

        @Override
        public boolean hasNext() {
            if (fNext < fBuffer.size()) {
                return true;
            }
            refill();
            return fNext < fBuffer.size();
        }

        @Override
        public ITmfEvent next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return fBuffer.get(fNext++);
        }

        private void refill() {
            if (fRead == fEvents && fContext == null) {
                fBuffer.clear();
                return;
            }
            long start = System.nanoTime();
            fBuffer.clear(); // the previous chunk becomes garbage
            fNext = 0;
            if (fContext == null) {
                fContext = fTrace.seekEvent(0L);
            }
            while (fBuffer.size() < fChunk) {
                ITmfEvent event = fTrace.getNext(fContext);
                if (event == null) {
                    break;
                }
                event.getContent(); // decoded now, kept by the event
                fBuffer.add(event);
            }
            fRead += fBuffer.size();
            if (fBuffer.size() < fChunk) { // the end
                fContext.dispose();
                fContext = null;
                if (fRead != fEvents) {
                    throw new IllegalStateException("read " + fRead + " of " + fEvents + " events of " + fTrace.getName()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
            }
            fReadingNs += System.nanoTime() - start;
        }
    }
}
