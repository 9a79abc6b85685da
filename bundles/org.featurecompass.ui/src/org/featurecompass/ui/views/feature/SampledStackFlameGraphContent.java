package org.featurecompass.ui.views.feature;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.featurecompass.core.feature.statistics.SampleAttributionText;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.sampling.SampleEstimate;
import org.featurecompass.model.sampling.SampledStackNode;
import org.featurecompass.model.sampling.SampledStacks;
import org.featurecompass.ui.viewers.FlameGraphContent;
import org.featurecompass.ui.viewers.FrameHatching;

/**
 * The Feature Flame Graph's estimates (Kaufmann 2022, §3.4: on-CPU time from samples): the
 * feature-set stacks of a sampled trace's samples ({@link SampledStackNode}), each frame as wide
 * as its stack's estimate (samples × period), in the colour its feature set has in the traced
 * graph ({@link FeatureSetPalette}, shared) but hatched and labelled with {@value #ESTIMATE_MARK},
 * so that an estimate is never taken for a measured time; the root in the legend's "estimated
 * from samples" colour; tooltips with the estimates' intervals; the legend and every tooltip say how
 * the samples were attributed (an address-range attribution is approximate, Kaufmann 2022, §3.4).
 * Used on the UI thread.
 */
final class SampledStackFlameGraphContent implements FlameGraphContent<SampledStackNode> {

    /** Prefix of every frame's label: an estimate. */
    static final String ESTIMATE_MARK = "\u2248 "; //$NON-NLS-1$

    private static final RGB ESTIMATE_COLOUR = new RGB(225, 225, 205);
    private static final int HATCH_PX = 6;

    private final FeatureSetPalette fPalette;
    private final StateItem[] fColours;
    private final int fRootColour;
    private @Nullable SampledStacks fStacks;

    /** @param palette the feature sets' colours, shared with the traced graph */
    SampledStackFlameGraphContent(FeatureSetPalette palette) {
        fPalette = palette;
        fColours = palette.itemsWith(new StateItem(ESTIMATE_COLOUR, Messages.FeatureFlameGraphView_EstimateLegend));
        fRootColour = fColours.length - 1;
    }

    /**
     * @param stacks the estimates drawn, for the tooltips' frame kind, period and attribution, and
     *            the legend's attribution, or null
     */
    void setStacks(@Nullable SampledStacks stacks) {
        fStacks = stacks;
        fColours[fRootColour] = new StateItem(ESTIMATE_COLOUR, stacks == null ? Messages.FeatureFlameGraphView_EstimateLegend
                : NLS.bind(Messages.FeatureFlameGraphView_EstimateLegendAttribution, Messages.FeatureFlameGraphView_EstimateLegend,
                        SampleAttributionText.label(stacks.attribution())));
    }

    @Override
    public List<SampledStackNode> children(SampledStackNode node) {
        return node.children();
    }

    @Override
    public long width(SampledStackNode node) {
        return node.inclusive().estimateNs();
    }

    @Override
    public String label(SampledStackNode node) {
        if (!node.isRoot()) {
            return ESTIMATE_MARK + FeatureStackText.of(node.frame());
        }
        SampledStacks stacks = fStacks;
        return NLS.bind(stacks != null && stacks.attribution().isApproximate() ? Messages.FeatureFlameGraphView_EstimateRootLabelApproximate
                : Messages.FeatureFlameGraphView_EstimateRootLabel, FeatureTimeFormat.duration(node.inclusive().estimateNs()));
    }

    @Override
    public int colour(SampledStackNode node) {
        return node.isRoot() ? fRootColour : fPalette.indexOf(node.frame().toString());
    }

    @Override
    public StateItem[] colours() {
        return fColours;
    }

    /** Hatches every frame: the frames are estimates. */
    @Override
    public void decorate(SampledStackNode node, Rectangle bounds, GC gc) {
        if (bounds.width < 2) {
            return;
        }
        Rectangle clip = gc.getClipping();
        int lineWidth = gc.getLineWidth();
        try {
            gc.setClipping(bounds.intersection(clip));
            gc.setForeground(gc.getDevice().getSystemColor(SWT.COLOR_WHITE));
            gc.setLineWidth(1);
            FrameHatching.draw(gc, bounds, HATCH_PX, true);
        } finally {
            gc.setClipping(clip);
            gc.setLineWidth(lineWidth);
        }
    }

    @Override
    public Map<String, String> tooltip(SampledStackNode node) {
        Map<String, String> info = new LinkedHashMap<>();
        SampledStacks stacks = fStacks;
        info.put(Messages.FeatureFlameGraphView_TooltipSampledInclusive, estimate(node.inclusive()));
        if (stacks != null) {
            info.put(Messages.FeatureFlameGraphView_TooltipAttribution, SampleAttributionText.label(stacks.attribution()));
        }
        if (node.isRoot()) {
            if (stacks != null) {
                info.put(Messages.FeatureFlameGraphView_TooltipSamples, String.format("%,d", stacks.samples())); //$NON-NLS-1$
                info.put(Messages.FeatureFlameGraphView_TooltipPeriod, FeatureTimeFormat.duration(stacks.periodNs()));
            }
            info.put(Messages.FeatureFlameGraphView_TooltipOutside, String.format("%,d", node.outsideRegions())); //$NON-NLS-1$
            return info;
        }
        FeatureStackText.putFrame(info, stacks != null && stacks.kind() == FeatureStackFrameKind.INTERACTION, node.frame(), node.path());
        info.put(Messages.FeatureFlameGraphView_TooltipSampledSelf, estimate(node.self()));
        return info;
    }

    /** @return the estimate with its interval and sample count, as the traced graph's tooltips give it */
    static String estimate(SampleEstimate estimate) {
        return NLS.bind(Messages.FeatureFlameGraphView_TooltipEstimate, new Object[] { FeatureTimeFormat.duration(estimate.estimateNs()),
                FeatureTimeFormat.duration(Math.round(estimate.lowNs())), FeatureTimeFormat.duration(Math.round(estimate.highNs())),
                String.format("%,d", estimate.samples()) }); //$NON-NLS-1$
    }
}
