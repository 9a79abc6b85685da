package org.featurecompass.core.ecct;

import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.featurecompass.core.feature.feed.RegionEventConverter;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameKind;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.InstrumentedStackRecorder;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefPhase;

/**
 * Turns a trace's instrumentation events into thread stacks (the {@code threads/[tid]/stack}
 * attribute of TraceCompare §3.3.2):
 * <ul>
 * <li>TEF {@code B}/{@code E} and {@code X} slices: function frames named after the event; events
 * of the {@value RegionEventConverter#FEATURE_CATEGORY} category are feature-region frames,
 * named {@code FR(name)} unless the name already has that form;</li>
 * <li>LTTng UST {@code lttng_ust_cyg_profile[_fast]:func_entry}/{@code func_exit}: frames named
 * after the function address in hexadecimal ({@code 0x40472b}), the thread from the
 * {@code vtid} context.</li>
 * </ul>
 * Events without a usable thread id or address are counted and skipped.
 */
public final class CallStackEventReader implements Consumer<ITmfEvent> {

    private static final String FUNC_ENTRY = ":func_entry"; //$NON-NLS-1$
    private static final String FUNC_EXIT = ":func_exit"; //$NON-NLS-1$
    private static final String VTID = "context._vtid"; //$NON-NLS-1$
    private static final String ADDRESS = "addr"; //$NON-NLS-1$
    /** VaRA names most regions {@code FR(A,B)} already; others are wrapped. */
    private static final String REGION_PREFIX = "FR("; //$NON-NLS-1$

    private final InstrumentedStackRecorder fRecorder;
    private final FrameTable fFrames;
    private final String fHost;
    private long fSkipped;
    private long fFirstSkippedNs;
    private long fStackEvents;

    /**
     * @param recorder the recorder to feed
     * @param frames the frame table of the recorder's history
     * @param host the host to key threads with ({@code ""} for a single-host trace)
     */
    public CallStackEventReader(InstrumentedStackRecorder recorder, FrameTable frames, String host) {
        fRecorder = recorder;
        fFrames = frames;
        fHost = host;
    }

    @Override
    public void accept(ITmfEvent event) {
        if (event instanceof TefTmfEvent tef) {
            acceptTef(tef.getTefEvent());
            return;
        }
        String name = event.getName();
        boolean entry = name.endsWith(FUNC_ENTRY);
        if (!entry && !name.endsWith(FUNC_EXIT)) {
            return;
        }
        fStackEvents++;
        long ts = event.getTimestamp().toNanos();
        ITmfEventField content = event.getContent();
        Long tid = content.getFieldValue(Long.class, VTID);
        if (tid == null) {
            skip(ts);
            return;
        }
        ThreadKey thread = new ThreadKey(fHost, tid);
        if (!entry) {
            fRecorder.exit(thread, ts);
            return;
        }
        Long address = content.getFieldValue(Long.class, ADDRESS);
        if (address == null) {
            skip(ts);
            return;
        }
        fRecorder.enter(thread, ts, fFrames.intern(Frame.function("0x" + Long.toHexString(address)))); //$NON-NLS-1$
    }

    private void acceptTef(TefEvent event) {
        switch (event.phase()) {
        case DURATION_BEGIN, DURATION_END, COMPLETE -> {
            // stack events, below
        }
        default -> {
            return;
        }
        }
        fStackEvents++;
        long ts = event.timestampNs();
        @Nullable Long tid = parse(event.tid());
        if (tid == null) {
            skip(ts);
            return;
        }
        ThreadKey thread = new ThreadKey(fHost, tid);
        if (event.phase() == TefPhase.DURATION_END) {
            fRecorder.exit(thread, ts);
            return;
        }
        String name = event.name();
        if (name == null) {
            skip(ts);
            return;
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

    private void skip(long ts) {
        if (fSkipped++ == 0) {
            fFirstSkippedNs = ts;
        }
    }

    /** @return stack events seen (entries, exits, slices) */
    public long stackEvents() {
        return fStackEvents;
    }

    /** @return stack events skipped for lack of a thread id, a name or an address */
    public long skippedEvents() {
        return fSkipped;
    }

    /** @return the time of the first skipped event, ns (0 if none) */
    public long firstSkippedNs() {
        return fFirstSkippedNs;
    }
}
