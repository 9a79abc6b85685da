package org.featurecompass.core.ecct;

import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.model.ecct.BlockRequestMatcher;
import org.featurecompass.model.ecct.ThreadKey;

/**
 * Reads the block layer's request events into a {@link BlockRequestMatcher}, for the split of
 * disk waits among the disk's users (TraceCompare §3.3.2): {@code block_rq_issue} (the thread it
 * is issued for, its device, first sector and command) and {@code block_rq_complete} (device and
 * sector), as LTTng kernel traces (field {@code tid}, or the {@code _tid} context) and the
 * recorder's TEF recordings (the event's thread) write them. Events lacking a device, a sector or
 * a thread are counted and skipped.
 */
public final class BlockRequestReader implements Consumer<ITmfEvent> {

    private static final String ISSUE = "block_rq_issue"; //$NON-NLS-1$
    private static final String COMPLETE = "block_rq_complete"; //$NON-NLS-1$

    private final BlockRequestMatcher fMatcher;
    private final String fHost;
    private long fSkipped;

    /**
     * @param matcher the matcher to feed
     * @param host the host to key threads with (the execution graph's: the trace's host id)
     */
    public BlockRequestReader(BlockRequestMatcher matcher, String host) {
        fMatcher = matcher;
        fHost = host;
    }

    @Override
    public void accept(ITmfEvent event) {
        String name = event.getName();
        boolean issue = name.endsWith(ISSUE);
        if (!issue && !name.endsWith(COMPLETE)) {
            return;
        }
        ITmfEventField content = event.getContent();
        Long device = number(content, "dev"); //$NON-NLS-1$
        Long sector = number(content, "sector"); //$NON-NLS-1$
        long ts = event.getTimestamp().toNanos();
        if (device == null || sector == null) {
            fSkipped++;
            return;
        }
        if (!issue) {
            fMatcher.complete(fHost, device, sector, ts);
            return;
        }
        Long tid = event instanceof TefTmfEvent tef ? parse(tef.getTefEvent().tid()) : number(content, "tid"); //$NON-NLS-1$
        if (tid == null) {
            tid = number(content, "context._tid"); //$NON-NLS-1$
        }
        if (tid == null) {
            fSkipped++;
            return;
        }
        Object comm = content.getFieldValue(Object.class, "comm"); //$NON-NLS-1$
        fMatcher.issue(new ThreadKey(fHost, tid), comm == null ? "" : comm.toString(), device, sector, ts); //$NON-NLS-1$
    }

    private static @Nullable Long number(ITmfEventField content, String field) {
        Object value = content.getFieldValue(Object.class, field);
        return value instanceof Number number ? Long.valueOf(number.longValue()) : null;
    }

    private static @Nullable Long parse(@Nullable String text) {
        try {
            return text == null ? null : Long.valueOf(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** @return block events without a device, a sector or (for an issue) a thread */
    public long skippedEvents() {
        return fSkipped;
    }
}
