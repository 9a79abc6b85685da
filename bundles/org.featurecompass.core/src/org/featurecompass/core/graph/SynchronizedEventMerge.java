package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.model.graph.network.FastTimeTransform;

/**
 * Reads several traces as one stream in synchronised time (Giraldeau 2015, §5.3.1): each trace's
 * events are mapped to the reference clock by its host's monotonic {@link FastTimeTransform}, and
 * the traces are merged by mapped time. A Trace Compass experiment orders its events by the
 * traces' own clocks, which is wrong by the clock offset between hosts; this merge is what the
 * multi-host graph is built from. Memory: one pending event per trace.
 */
public final class SynchronizedEventMerge {

    /** Receives the merged events. */
    @FunctionalInterface
    public interface Consumer {
        /**
         * @param trace the trace the event belongs to
         * @param event the event
         * @param syncedNs its time in the reference clock, ns
         */
        void accept(ITmfTrace trace, ITmfEvent event, long syncedNs);
    }

    /** One trace being read: its context, transform and next event. */
    private static final class Source {
        final int order;
        final ITmfTrace trace;
        final FastTimeTransform transform;
        final ITmfContext context;
        @Nullable ITmfEvent next;
        long nextNs;

        Source(int order, ITmfTrace trace, FastTimeTransform transform) {
            this.order = order;
            this.trace = trace;
            this.transform = transform;
            this.context = trace.seekEvent(0L);
        }

        boolean advance() {
            ITmfEvent event = trace.getNext(context);
            next = event;
            if (event == null) {
                return false;
            }
            nextNs = transform.apply(event.getTimestamp().toNanos());
            return true;
        }
    }

    private final List<ITmfTrace> fTraces;
    private final List<FastTimeTransform> fTransforms;

    /**
     * @param traces the traces
     * @param transforms each trace's transform to the reference clock, in the same order
     */
    public SynchronizedEventMerge(List<ITmfTrace> traces, List<FastTimeTransform> transforms) {
        if (traces.size() != transforms.size()) {
            throw new IllegalArgumentException(traces.size() + " traces but " + transforms.size() + " transforms"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        fTraces = List.copyOf(traces);
        fTransforms = List.copyOf(transforms);
    }

    /**
     * Reads every event of every trace, in synchronised time order (ties: trace order).
     *
     * @param taskName the progress task name
     * @param monitor progress and cancellation
     * @param consumer receives the events
     * @return false if cancelled
     */
    public boolean run(String taskName, IProgressMonitor monitor, Consumer consumer) {
        long expected = 0;
        for (ITmfTrace trace : fTraces) {
            expected += Math.max(0, trace.getNbEvents());
        }
        SubMonitor progress = SubMonitor.convert(monitor, taskName, (int) Math.min(Integer.MAX_VALUE, Math.max(1, expected)));
        List<Source> sources = new ArrayList<>();
        PriorityQueue<Source> queue = new PriorityQueue<>((a, b) -> a.nextNs != b.nextNs ? Long.compare(a.nextNs, b.nextNs)
                : Integer.compare(a.order, b.order));
        try {
            for (int i = 0; i < fTraces.size(); i++) {
                Source source = new Source(i, fTraces.get(i), fTransforms.get(i));
                sources.add(source);
                if (source.advance()) {
                    queue.add(source);
                }
            }
            long read = 0;
            while (!queue.isEmpty()) {
                Source source = queue.poll();
                ITmfEvent event = source.next;
                if (event != null) {
                    consumer.accept(source.trace, event, source.nextNs);
                }
                if (source.advance()) {
                    queue.add(source);
                }
                if ((++read & 0x3ff) == 0) {
                    if (progress.isCanceled()) {
                        return false;
                    }
                    progress.worked(0x400);
                }
            }
            return !progress.isCanceled();
        } finally {
            for (Source source : sources) {
                source.context.dispose();
            }
        }
    }
}
