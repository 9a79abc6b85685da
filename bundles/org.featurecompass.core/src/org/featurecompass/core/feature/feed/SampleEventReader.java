package org.featurecompass.core.feature.feed;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.ThreadId;
import org.featurecompass.model.sampling.RegionSample;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefJsonText;
import org.featurecompass.tef.TefPhase;

/**
 * Reads the sample events of {@code fc-record --sample} (doc/recorder-format.md, "Samples"): a TEF
 * sample ({@code ph} {@code P}) of category {@value #SAMPLE_CATEGORY} with the thread's
 * feature-region stack in {@code args.regions} (ids from the outermost), the real depth in
 * {@code args.depth} when deeper than written, and the sampled call stack's frame in {@code sf}.
 * The one place where sample events are interpreted: the feature statistics
 * ({@link FeatureRegionFeed}) and the ECCTs read them through it.
 * <p>
 * A sample event that cannot be read (no numeric pid or tid, no region list of unsigned
 * integers) is not guessed at: {@link #read} returns null and counts it ({@link #unreadable()},
 * with the rank of the first). Not thread-safe: one reader per pass.
 */
public final class SampleEventReader {

    /** The TEF category of the recorder's sample events. */
    public static final String SAMPLE_CATEGORY = "sample"; //$NON-NLS-1$

    private static final String REGIONS = "regions"; //$NON-NLS-1$
    private static final String DEPTH = "depth"; //$NON-NLS-1$
    private static final String STACK_FRAME = "sf"; //$NON-NLS-1$

    private long fUnreadable;
    private long fFirstUnreadableRank = -1;

    /**
     * @param event a TEF event of any kind
     * @return the sample, or null if the event is no sample of a region stack or an unreadable one
     *         (then counted)
     */
    public @Nullable RegionSample read(TefEvent event) {
        if (event.phase() != TefPhase.SAMPLE || !SAMPLE_CATEGORY.equals(event.category())) {
            return null;
        }
        try {
            int pid = Integer.parseInt(String.valueOf(event.pid()));
            int tid = Integer.parseInt(String.valueOf(event.tid()));
            Object regions = event.args().get(REGIONS);
            if (!(regions instanceof TefJsonText list)) {
                throw new NumberFormatException("no region list"); //$NON-NLS-1$
            }
            long[] ids = unsignedList(list.text());
            Object depth = event.args().get(DEPTH);
            int realDepth = depth instanceof Long value ? Math.toIntExact(value) : ids.length;
            TefJsonText frame = event.otherFields().get(STACK_FRAME);
            return new RegionSample(event.timestampNs(), new ThreadId(pid, tid), ids, realDepth,
                    frame == null ? null : unquoted(frame.text()));
        } catch (IllegalArgumentException | ArithmeticException e) { // NumberFormatException included
            if (fUnreadable++ == 0) {
                fFirstUnreadableRank = event.rank();
            }
            return null;
        }
    }

    /** @return sample events that could not be read */
    public long unreadable() {
        return fUnreadable;
    }

    /** @return the rank of the first unreadable sample event, or -1 */
    public long firstUnreadableRank() {
        return fFirstUnreadableRank;
    }

    /** A JSON array of unsigned integers, {@code [1,2]}, as longs. */
    private static long[] unsignedList(String json) {
        String text = json.strip();
        if (text.length() < 2 || text.charAt(0) != '[' || text.charAt(text.length() - 1) != ']') {
            throw new NumberFormatException("not a list: " + text); //$NON-NLS-1$
        }
        String body = text.substring(1, text.length() - 1).strip();
        if (body.isEmpty()) {
            return new long[0];
        }
        String[] items = body.split(","); //$NON-NLS-1$
        long[] ids = new long[items.length];
        for (int i = 0; i < items.length; i++) {
            ids[i] = Long.parseUnsignedLong(items[i].strip());
        }
        return ids;
    }

    /** A frame id is written as a JSON string ({@code "4"}) or, by other writers, a number. */
    private static String unquoted(String json) {
        String text = json.strip();
        return text.length() >= 2 && text.charAt(0) == '"' && text.charAt(text.length() - 1) == '"'
                ? text.substring(1, text.length() - 1)
                : text;
    }
}
