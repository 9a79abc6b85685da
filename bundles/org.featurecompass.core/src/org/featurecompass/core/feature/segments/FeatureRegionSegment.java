package org.featurecompass.core.feature.segments;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.RegionInstance;

/**
 * One feature-region instance as a Trace Compass segment, so that the latency table, scatter,
 * density and statistics views show region instances unchanged. Its name is the region name
 * ({@code FR(A,B)}); the other fields are read by {@link FeatureRegionSegmentAspects}. Times in ns.
 * Immutable; the feature sets are kept in their canonical text form ({@code A*B}) so the segment
 * stays serializable.
 */
public final class FeatureRegionSegment implements INamedSegment {

    private static final long serialVersionUID = 2L;

    private final long fStart;
    private final long fEnd;
    private final long fRegionId;
    private final String fName;
    private final String fFeatures;
    private final String fInteraction;
    private final int fPid;
    private final int fTid;
    private final int fDepth;
    private final long fExclusiveNs;
    private final long fParentSerial;
    private final long fSerial;
    private final long fCloseRank;
    private final @Nullable String fUuid;
    private final boolean fTruncatedAtStart;
    private final boolean fTruncatedAtEnd;
    private final boolean fClosedOutOfOrder;
    private final boolean fSpansGap;

    /**
     * @param instance the model's region instance
     * @param closeRank order of the instance among the instances the analysis closed (0-based),
     *            so that they can be replayed in close order ({@link FeatureStackTreeQuery})
     */
    public FeatureRegionSegment(RegionInstance instance, long closeRank) {
        fStart = instance.startNs();
        fEnd = instance.endNs();
        fRegionId = instance.region().id();
        fName = instance.region().name();
        fFeatures = instance.features().toString();
        fInteraction = instance.interaction().toString();
        fPid = instance.pid();
        fTid = instance.tid();
        fDepth = instance.depth();
        fExclusiveNs = instance.exclusiveNs();
        fParentSerial = instance.parentSerial();
        fSerial = instance.serial();
        fCloseRank = closeRank;
        fUuid = instance.uuid();
        fTruncatedAtStart = instance.truncatedAtStart();
        fTruncatedAtEnd = instance.truncatedAtEnd();
        fClosedOutOfOrder = instance.closedOutOfOrder();
        fSpansGap = instance.spansGap();
    }

    @Override
    public long getStart() {
        return fStart;
    }

    @Override
    public long getEnd() {
        return fEnd;
    }

    /** @return the region name, e.g. {@code FR(A,B)} */
    @Override
    public String getName() {
        return fName;
    }

    /** @return the region id, unsigned 64-bit */
    public long getRegionId() {
        return fRegionId;
    }

    /** @return the features of the region itself */
    public FeatureSet getFeatures() {
        return FeatureSet.parseInteraction(fFeatures);
    }

    /** @return the interaction at begin: features of all open regions of the thread, Base dropped unless alone */
    public FeatureSet getInteraction() {
        return FeatureSet.parseInteraction(fInteraction);
    }

    /** @return {@link #getInteraction()} in its canonical text form, unparsed */
    String getInteractionText() {
        return fInteraction;
    }

    /** @return process id */
    public int getPid() {
        return fPid;
    }

    /** @return thread id */
    public int getTid() {
        return fTid;
    }

    /** @return stack depth at begin, 0 at the bottom, {@link RegionInstance#UNKNOWN_DEPTH} if it began before the trace */
    public int getDepth() {
        return fDepth;
    }

    /** @return observed time during which this instance was the innermost open region of its thread, ns */
    public long getExclusiveNs() {
        return fExclusiveNs;
    }

    /** @return order of the begin among all begins (0-based) */
    public long getSerial() {
        return fSerial;
    }

    /** @return order among the instances as the analysis closed them (0-based): children before parents */
    public long getCloseRank() {
        return fCloseRank;
    }

    /** @return {@link #getSerial()} of the enclosing instance, or {@link RegionInstance#NO_PARENT} */
    public long getParentSerial() {
        return fParentSerial;
    }

    /** @return the UUID text of the begin event, if the trace records one */
    public @Nullable String getUuid() {
        return fUuid;
    }

    /** @return whether the begin event is not in the trace */
    public boolean isTruncatedAtStart() {
        return fTruncatedAtStart;
    }

    /** @return whether the end event is not in the trace */
    public boolean isTruncatedAtEnd() {
        return fTruncatedAtEnd;
    }

    /** @return whether it closed while a region opened later stayed open (non-LIFO) */
    public boolean isClosedOutOfOrder() {
        return fClosedOutOfOrder;
    }

    /** @return whether a lost-event range lies inside it, so an exit and re-entry may be missing */
    public boolean spansGap() {
        return fSpansGap;
    }

    @Override
    public String toString() {
        return fName + " #" + Long.toUnsignedString(fRegionId) + " [" + fStart + ", " + fEnd + "] " + fPid + '/' + fTid; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }
}
