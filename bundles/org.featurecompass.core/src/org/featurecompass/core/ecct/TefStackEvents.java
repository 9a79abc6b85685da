package org.featurecompass.core.ecct;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.feature.feed.RegionEventConverter;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameKind;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.InstrumentedStackRecorder;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefPhase;

/**
 * TEF {@code B}/{@code E} and {@code X} slices as thread stacks (the {@code threads/[tid]/stack}
 * attribute of TraceCompare §3.3.2): function frames named after the event; events of the
 * {@value RegionEventConverter#FEATURE_CATEGORY} category are feature-region frames, named
 * {@code FR(name)} unless the name already has that form. Uses no Trace Compass type, so that the
 * benchmarks run it as the analysis does ({@link CallStackEventReader} hands TEF events here).
 */
public final class TefStackEvents {

    /** What {@link #accept} made of an event. */
    public enum Outcome {
        /** Not a stack event. */
        OTHER,
        /** Recorded. */
        RECORDED,
        /** A stack event without a usable thread id or name: skipped. */
        SKIPPED
    }

    /** VaRA names most regions {@code FR(A,B)} already; others are wrapped. */
    private static final String REGION_PREFIX = "FR("; //$NON-NLS-1$

    private final InstrumentedStackRecorder fRecorder;
    private final FrameTable fFrames;
    private final String fHost;

    /**
     * @param recorder the recorder to feed
     * @param frames the frame table of the recorder's history
     * @param host the host to key threads with ({@code ""} for a single-host trace)
     */
    public TefStackEvents(InstrumentedStackRecorder recorder, FrameTable frames, String host) {
        fRecorder = recorder;
        fFrames = frames;
        fHost = host;
    }

    /**
     * @param event the next event, in time order
     * @return what was made of it
     */
    public Outcome accept(TefEvent event) {
        switch (event.phase()) {
        case DURATION_BEGIN, DURATION_END, COMPLETE -> {
            // stack events, below
        }
        default -> {
            return Outcome.OTHER;
        }
        }
        long ts = event.timestampNs();
        @Nullable Long tid = parse(event.tid());
        if (tid == null) {
            return Outcome.SKIPPED;
        }
        ThreadKey thread = new ThreadKey(fHost, tid);
        if (event.phase() == TefPhase.DURATION_END) {
            fRecorder.exit(thread, ts);
            return Outcome.RECORDED;
        }
        String name = event.name();
        if (name == null) {
            return Outcome.SKIPPED;
        }
        Frame frame = RegionEventConverter.FEATURE_CATEGORY.equals(event.category())
                ? new Frame(FrameKind.FEATURE_REGION, name.startsWith(REGION_PREFIX) ? name : REGION_PREFIX + name + ")") //$NON-NLS-1$
                : Frame.function(name);
        int id = fFrames.intern(frame);
        if (event.phase() == TefPhase.COMPLETE) {
            fRecorder.complete(thread, ts, ts + Math.max(0, event.durationNs().orElse(0)), id);
        } else {
            fRecorder.enter(thread, ts, id);
        }
        return Outcome.RECORDED;
    }

    private static @Nullable Long parse(@Nullable String text) {
        if (text == null) {
            return null;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
