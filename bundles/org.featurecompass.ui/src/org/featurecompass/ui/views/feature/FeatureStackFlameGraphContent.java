package org.featurecompass.ui.views.feature;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.featurecompass.core.feature.statistics.SampleAttributionText;
import org.featurecompass.model.feature.DurationStatistics;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.sampling.SampledStacks;
import org.featurecompass.model.feature.Region;
import org.featurecompass.model.feature.ThreadId;
import org.featurecompass.ui.viewers.FlameGraphContent;

/**
 * A {@link FeatureStackTree} as the Feature Flame Graph draws it: frames as wide as their inclusive
 * time summed over threads, widest child first, coloured by feature set ({@link FeatureSetPalette},
 * the Feature Regions view's colours), the synthetic root in grey; tooltips with the node's
 * counts, inclusive and self times, threads, regions and share of the root, and in a sampled trace
 * the on-CPU times estimated from the samples, marked as estimates. Used on the UI thread.
 */
final class FeatureStackFlameGraphContent implements FlameGraphContent<FeatureStackNode> {

    private static final int MAX_LISTED = 8;
    private static final RGB ROOT_COLOUR = new RGB(200, 200, 200);

    private final FeatureSetPalette fPalette;
    private final StateItem[] fColours;
    private final int fRootColour;
    private @Nullable FeatureStackTree fTree;
    private @Nullable SampledStacks fSampled;
    private Function<ThreadId, String> fThreadNames = ThreadId::toString;

    /** @param palette the feature sets' colours, shared with the estimates' graph */
    FeatureStackFlameGraphContent(FeatureSetPalette palette) {
        fPalette = palette;
        fColours = palette.itemsWith(new StateItem(ROOT_COLOUR, Messages.FeatureFlameGraphView_Root));
        fRootColour = fColours.length - 1;
    }

    /**
     * @param tree the tree drawn, for the root's tooltip
     * @param sampled the stacks' estimates from a sampled trace's samples, for the tooltips, or null
     * @param threadNames how threads are named in tooltips
     */
    void setTree(@Nullable FeatureStackTree tree, @Nullable SampledStacks sampled, Function<ThreadId, String> threadNames) {
        fTree = tree;
        fSampled = sampled;
        fThreadNames = threadNames;
    }

    @Override
    public List<FeatureStackNode> children(FeatureStackNode node) {
        return node.children();
    }

    @Override
    public long width(FeatureStackNode node) {
        return node.inclusiveNs();
    }

    @Override
    public String label(FeatureStackNode node) {
        return node.isRoot() ? NLS.bind(Messages.FeatureFlameGraphView_RootLabel, FeatureTimeFormat.duration(node.inclusiveNs()))
                : FeatureStackText.of(node.frame());
    }

    @Override
    public int colour(FeatureStackNode node) {
        return node.isRoot() ? fRootColour : fPalette.indexOf(node.frame().toString());
    }

    @Override
    public StateItem[] colours() {
        return fColours;
    }

    @Override
    public Map<String, String> tooltip(FeatureStackNode node) {
        Map<String, String> info = new LinkedHashMap<>();
        FeatureStackTree tree = fTree;
        if (node.isRoot()) {
            info.put(Messages.FeatureFlameGraphView_TooltipInclusive, FeatureTimeFormat.duration(node.inclusiveNs()));
            if (tree != null) {
                info.put(Messages.FeatureFlameGraphView_TooltipInstances, String.format("%,d", tree.instances())); //$NON-NLS-1$
                counts(info, tree.truncatedInstances(), tree.clippedInstances(), tree.outOfOrderInstances(), 0);
            }
            return info;
        }
        FeatureStackText.putFrame(info, tree != null && tree.frameKind() == FeatureStackFrameKind.INTERACTION, node.frame(), node.path());
        info.put(Messages.FeatureFlameGraphView_TooltipInstances, String.format("%,d", node.instances())); //$NON-NLS-1$
        counts(info, node.truncatedInstances(), node.clippedInstances(), node.outOfOrderInstances(), node.gapSpanningInstances());
        info.put(Messages.FeatureFlameGraphView_TooltipInclusive, FeatureTimeFormat.duration(node.inclusiveNs()));
        info.put(Messages.FeatureFlameGraphView_TooltipInclusiveSpread, spread(node.inclusive()));
        info.put(Messages.FeatureFlameGraphView_TooltipSelf, FeatureTimeFormat.duration(node.selfNs()));
        info.put(Messages.FeatureFlameGraphView_TooltipSelfSpread, spread(node.self()));
        SampledStacks sampled = fSampled;
        if (sampled != null) { // estimates, said so in the key: on-CPU time from the samples
            info.put(Messages.FeatureFlameGraphView_TooltipSampledInclusive, SampledStackFlameGraphContent.estimate(sampled.inclusiveOf(node.path())));
            info.put(Messages.FeatureFlameGraphView_TooltipSampledSelf, SampledStackFlameGraphContent.estimate(sampled.selfOf(node.path())));
            info.put(Messages.FeatureFlameGraphView_TooltipAttribution, SampleAttributionText.label(sampled.attribution()));
        }
        double share = node.shareOfRoot();
        if (!Double.isNaN(share)) {
            info.put(Messages.FeatureFlameGraphView_TooltipShare, String.format("%.2f %%", 100 * share)); //$NON-NLS-1$
        }
        List<String> threads = new ArrayList<>();
        node.threads().forEach(thread -> threads.add(fThreadNames.apply(thread)));
        info.put(NLS.bind(Messages.FeatureFlameGraphView_TooltipThreads, Integer.valueOf(threads.size())), listed(threads));
        List<String> regions = new ArrayList<>();
        for (Map.Entry<Region, Long> region : node.regions().entrySet()) {
            regions.add(region.getKey() + " \u00d7" + region.getValue()); //$NON-NLS-1$
        }
        info.put(Messages.FeatureFlameGraphView_TooltipRegions, listed(regions));
        return info;
    }

    private static void counts(Map<String, String> info, long truncated, long clipped, long outOfOrder, long spansGap) {
        if (truncated > 0) {
            info.put(Messages.FeatureFlameGraphView_TooltipTruncated, String.format("%,d", truncated)); //$NON-NLS-1$
        }
        if (clipped > 0) {
            info.put(Messages.FeatureFlameGraphView_TooltipClipped, String.format("%,d", clipped)); //$NON-NLS-1$
        }
        if (outOfOrder > 0) {
            info.put(Messages.FeatureFlameGraphView_TooltipOutOfOrder, String.format("%,d", outOfOrder)); //$NON-NLS-1$
        }
        if (spansGap > 0) {
            info.put(Messages.FeatureFlameGraphView_TooltipGap, String.format("%,d", spansGap)); //$NON-NLS-1$
        }
    }

    /** @return mean / min / max of the complete instances, or a note that there is none */
    private static String spread(DurationStatistics statistics) {
        if (statistics.count() == 0) {
            return Messages.FeatureFlameGraphView_NoCompleteInstance;
        }
        return NLS.bind(Messages.FeatureFlameGraphView_Spread, new Object[] { FeatureTimeFormat.duration(Math.round(statistics.mean())),
                FeatureTimeFormat.duration(statistics.minNs()), FeatureTimeFormat.duration(statistics.maxNs()) });
    }

    private static String listed(List<String> items) {
        if (items.size() <= MAX_LISTED) {
            return String.join(", ", items); //$NON-NLS-1$
        }
        return String.join(", ", items.subList(0, MAX_LISTED)) + NLS.bind(Messages.FeatureFlameGraphView_More, //$NON-NLS-1$
                Integer.valueOf(items.size() - MAX_LISTED));
    }
}
