package org.featurecompass.core.feature.segments;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;

/**
 * The columns Trace Compass's segment-store views (latency table, scatter, statistics) show for a
 * {@link FeatureRegionSegment}: region id, feature set, interaction, pid, tid, depth, exclusive
 * time (ns) and the truncation flags.
 */
public final class FeatureRegionSegmentAspects {

    private FeatureRegionSegmentAspects() {
    }

    /** @return the aspects, in column order */
    public static List<ISegmentAspect> all() {
        return List.of(
                aspect(Messages.FeatureRegionSegment_Id, Messages.FeatureRegionSegment_IdHelp,
                        s -> Long.toUnsignedString(s.getRegionId()),
                        Comparator.comparing(s -> s.getRegionId(), Long::compareUnsigned)),
                aspect(Messages.FeatureRegionSegment_Features, Messages.FeatureRegionSegment_FeaturesHelp,
                        s -> s.getFeatures().toString(), Comparator.comparing(s -> s.getFeatures())),
                aspect(Messages.FeatureRegionSegment_Interaction, Messages.FeatureRegionSegment_InteractionHelp,
                        s -> s.getInteraction().toString(), Comparator.comparing(s -> s.getInteraction())),
                aspect(Messages.FeatureRegionSegment_Pid, Messages.FeatureRegionSegment_PidHelp,
                        s -> Integer.valueOf(s.getPid()), Comparator.comparingInt(FeatureRegionSegment::getPid)),
                aspect(Messages.FeatureRegionSegment_Tid, Messages.FeatureRegionSegment_TidHelp,
                        s -> Integer.valueOf(s.getTid()), Comparator.comparingInt(FeatureRegionSegment::getTid)),
                aspect(Messages.FeatureRegionSegment_Depth, Messages.FeatureRegionSegment_DepthHelp,
                        s -> Integer.valueOf(s.getDepth()), Comparator.comparingInt(FeatureRegionSegment::getDepth)),
                aspect(Messages.FeatureRegionSegment_Exclusive, Messages.FeatureRegionSegment_ExclusiveHelp,
                        s -> Long.valueOf(s.getExclusiveNs()), Comparator.comparingLong(FeatureRegionSegment::getExclusiveNs)),
                aspect(Messages.FeatureRegionSegment_Truncated, Messages.FeatureRegionSegment_TruncatedHelp,
                        FeatureRegionSegmentAspects::flags, Comparator.comparing(FeatureRegionSegmentAspects::flags)));
    }

    private static String flags(FeatureRegionSegment segment) {
        StringBuilder flags = new StringBuilder();
        if (segment.isTruncatedAtStart()) {
            flags.append(Messages.FeatureRegionSegment_FlagNoBegin).append(' ');
        }
        if (segment.isTruncatedAtEnd()) {
            flags.append(Messages.FeatureRegionSegment_FlagNoEnd).append(' ');
        }
        if (segment.isClosedOutOfOrder()) {
            flags.append(Messages.FeatureRegionSegment_FlagOutOfOrder).append(' ');
        }
        if (segment.spansGap()) {
            flags.append(Messages.FeatureRegionSegment_FlagGap).append(' ');
        }
        return flags.toString().strip();
    }

    private static ISegmentAspect aspect(String name, String help, Function<FeatureRegionSegment, Object> value,
            Comparator<FeatureRegionSegment> order) {
        return new RegionAspect(name, help, value, order);
    }

    /** One column: a value of a {@link FeatureRegionSegment}, empty for other segments. */
    private static final class RegionAspect implements ISegmentAspect {
        private final String fName;
        private final String fHelp;
        private final Function<FeatureRegionSegment, Object> fValue;
        private final Comparator<ISegment> fComparator;

        RegionAspect(String name, String help, Function<FeatureRegionSegment, Object> value,
                Comparator<FeatureRegionSegment> order) {
            fName = name;
            fHelp = help;
            fValue = value;
            fComparator = (a, b) -> a instanceof FeatureRegionSegment ra && b instanceof FeatureRegionSegment rb
                    ? order.compare(ra, rb) : 0;
        }

        @Override
        public String getName() {
            return fName;
        }

        @Override
        public String getHelpText() {
            return fHelp;
        }

        @Override
        public Comparator<?> getComparator() {
            return fComparator;
        }

        @Override
        public @Nullable Object resolve(@Nullable ISegment segment) {
            return segment instanceof FeatureRegionSegment region ? fValue.apply(region) : null;
        }
    }
}
