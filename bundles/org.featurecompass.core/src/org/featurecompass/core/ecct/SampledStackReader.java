package org.featurecompass.core.ecct;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.feature.feed.SampleEventReader;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameKind;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.SampledStackRecorder;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.sampling.RegionSample;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefStackFrames;

/**
 * Feeds the sample events of {@code fc-record --sample} (read by {@link SampleEventReader}) into
 * the stack history through a {@link SampledStackRecorder} over the traced stacks: a sample's
 * {@code sf} id is resolved through the trace's {@code stackFrames} dictionary into its chain
 * from the root; entries of category {@value #REGION_CATEGORY} become feature-region frames
 * ({@code FR(...)}), the others {@link FrameKind#SAMPLED} frames named as the recorder named them
 * (the function, or {@code 0x…} where it could not be symbolised).
 * <p>
 * A sample whose frame id (or one of its ancestors) is not in the dictionary (read whole; a
 * damaged file may end inside it: {@link TefStackFrames#cut()}), is not recorded and
 * is counted ({@link #unresolved()}, with the rank of the first), as are unreadable sample events
 * ({@link #unreadable()}). Not thread-safe: one reader per pass.
 */
public final class SampledStackReader {

    /** The {@code stackFrames} category of the recorder's region frames. */
    public static final String REGION_CATEGORY = "feature region"; //$NON-NLS-1$

    private static final String REGION_PREFIX = "FR("; //$NON-NLS-1$
    private static final int[] NONE = new int[0];
    /** The chain of a frame id that cannot be resolved. */
    private static final Chain UNRESOLVED = new Chain(NONE, NONE);

    /** A resolved chain: its region frames and its other frames, both outermost first. */
    private record Chain(int[] regions, int[] frames) {
    }

    private final SampleEventReader fReader = new SampleEventReader();
    private final SampledStackRecorder fRecorder;
    private final FrameTable fFrames;
    private final TefStackFrames fDictionary;
    private final String fHost;
    private final Map<String, Chain> fChains = new HashMap<>();
    private final Map<Integer, Long> fCounts = new HashMap<>();
    private long fSamples;
    private long fUnresolved;
    private long fFirstUnresolvedRank = -1;
    private long fFirstUnresolvedNs = -1;

    /**
     * @param recorder the recorder to feed (over the traced stacks of the same pass)
     * @param frames the frame table of its history
     * @param dictionary the trace's {@code stackFrames}
     * @param host the host to key threads with ({@code ""} for a single-host trace)
     */
    public SampledStackReader(SampledStackRecorder recorder, FrameTable frames, TefStackFrames dictionary, String host) {
        fRecorder = recorder;
        fFrames = frames;
        fDictionary = dictionary;
        fHost = host;
    }

    /**
     * @param event the pass's next event, in time order
     * @return whether it was a sample event (recorded, unresolved or unreadable)
     */
    public boolean accept(TefEvent event) {
        long before = fReader.unreadable();
        RegionSample sample = fReader.read(event);
        if (sample == null) {
            return fReader.unreadable() > before;
        }
        String id = sample.frameId();
        Chain chain = id == null ? new Chain(NONE, NONE) : chain(id);
        if (chain == null) {
            if (fUnresolved++ == 0) {
                fFirstUnresolvedRank = event.rank();
                fFirstUnresolvedNs = event.timestampNs();
            }
            return true;
        }
        int node = fRecorder.sampleBelowTraced(new ThreadKey(fHost, sample.thread().tid()), sample.timeNs(), chain.regions(),
                chain.frames());
        fCounts.merge(node, 1L, Long::sum);
        fSamples++;
        return true;
    }

    private @Nullable Chain chain(String id) {
        Chain known = fChains.get(id);
        if (known != null) {
            return known == UNRESOLVED ? null : known;
        }
        List<TefStackFrames.Entry> entries = new ArrayList<>();
        @Nullable String at = id;
        while (at != null) {
            TefStackFrames.Entry entry = fDictionary.frames().get(at);
            if (entry == null || entries.size() > fDictionary.frames().size()) { // missing, or a cycle
                fChains.put(id, UNRESOLVED);
                return null;
            }
            entries.add(entry);
            at = entry.parent();
        }
        List<Integer> regions = new ArrayList<>();
        List<Integer> frames = new ArrayList<>();
        for (int i = entries.size() - 1; i >= 0; i--) {
            TefStackFrames.Entry entry = entries.get(i);
            if (REGION_CATEGORY.equals(entry.category()) && frames.isEmpty()) {
                String name = entry.name();
                regions.add(fFrames.intern(name.startsWith(REGION_PREFIX) && name.endsWith(")") //$NON-NLS-1$
                        ? new Frame(FrameKind.FEATURE_REGION, name)
                        : Frame.featureRegion(name)));
            } else {
                frames.add(fFrames.intern(Frame.sampled(entry.name())));
            }
        }
        Chain chain = new Chain(regions.stream().mapToInt(Integer::intValue).toArray(), frames.stream().mapToInt(Integer::intValue).toArray());
        fChains.put(id, chain);
        return chain;
    }

    /** @return samples recorded into the history */
    public long samples() {
        return fSamples;
    }

    /** @return samples recorded, by the stack (a node of the history's stacks) they were put on */
    public Map<Integer, Long> counts() {
        return Map.copyOf(fCounts);
    }

    /** @return samples whose frame id could not be resolved through {@code stackFrames} (not recorded) */
    public long unresolved() {
        return fUnresolved;
    }

    /** @return the rank of the first unresolved sample, or -1 */
    public long firstUnresolvedRank() {
        return fFirstUnresolvedRank;
    }

    /** @return the time of the first unresolved sample, ns, or -1 */
    public long firstUnresolvedNs() {
        return fFirstUnresolvedNs;
    }

    /** @return sample events that could not be read ({@link SampleEventReader#unreadable()}) */
    public long unreadable() {
        return fReader.unreadable();
    }

    /** @return the rank of the first unreadable sample event, or -1 */
    public long firstUnreadableRank() {
        return fReader.firstUnreadableRank();
    }
}
