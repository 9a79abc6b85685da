package org.featurecompass.core.ecct;

import java.util.function.Consumer;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.featurecompass.core.symbols.FunctionSymbols;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.InstrumentedStackRecorder;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.tef.TefEvent;

/**
 * Turns a trace's instrumentation events into thread stacks (the {@code threads/[tid]/stack}
 * attribute of TraceCompare §3.3.2):
 * <ul>
 * <li>TEF {@code B}/{@code E} and {@code X} slices ({@link TefStackEvents}): function frames named
 * after the event, feature-region frames {@code FR(name)} for the {@code Feature} category;</li>
 * <li>LTTng UST {@code lttng_ust_cyg_profile[_fast]:func_entry}/{@code func_exit}: frames named
 * after the function's symbol ({@link FunctionSymbols}), else its address in hexadecimal
 * ({@code 0x40472b}), the thread from the {@code vtid} context, the process from {@code vpid}
 * (when the trace has it: symbols of position-independent binaries depend on it).</li>
 * </ul>
 * Events without a usable thread id or address are counted and skipped.
 */
public final class CallStackEventReader implements Consumer<ITmfEvent> {

    private static final String FUNC_ENTRY = ":func_entry"; //$NON-NLS-1$
    private static final String FUNC_EXIT = ":func_exit"; //$NON-NLS-1$
    private static final String VTID = "context._vtid"; //$NON-NLS-1$
    private static final String VPID = "context._vpid"; //$NON-NLS-1$
    private static final String ADDRESS = "addr"; //$NON-NLS-1$

    private final InstrumentedStackRecorder fRecorder;
    private final FrameTable fFrames;
    private final String fHost;
    private final TefStackEvents fTef;
    private final FunctionSymbols fSymbols;
    private long fSkipped;
    private long fFirstSkippedNs;
    private long fStackEvents;

    /**
     * @param recorder the recorder to feed
     * @param frames the frame table of the recorder's history
     * @param host the host to key threads with ({@code ""} for a single-host trace)
     * @param symbols the names of LTTng UST function addresses
     */
    public CallStackEventReader(InstrumentedStackRecorder recorder, FrameTable frames, String host, FunctionSymbols symbols) {
        fRecorder = recorder;
        fSymbols = symbols;
        fFrames = frames;
        fHost = host;
        fTef = new TefStackEvents(recorder, frames, host);
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
        Long pid = content.getFieldValue(Long.class, VPID);
        fRecorder.enter(thread, ts, fFrames.intern(Frame.function(fSymbols.name(pid == null ? -1 : pid.intValue(), ts, address))));
    }

    private void acceptTef(TefEvent event) {
        TefStackEvents.Outcome outcome = fTef.accept(event);
        if (outcome != TefStackEvents.Outcome.OTHER) {
            fStackEvents++;
        }
        if (outcome == TefStackEvents.Outcome.SKIPPED) {
            skip(event.timestampNs());
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
