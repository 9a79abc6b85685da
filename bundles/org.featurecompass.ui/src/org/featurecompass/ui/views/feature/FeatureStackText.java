package org.featurecompass.ui.views.feature;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.featurecompass.model.feature.FeatureSet;

/**
 * How the Feature Flame Graph's traced and estimated frames name a feature set (the empty set as
 * "no feature") and a stack (outermost frame first, joined by {@code ›}) in labels and tooltips.
 */
final class FeatureStackText {

    private FeatureStackText() {
    }

    /** @return the frame's text, e.g. {@code A*B} */
    static String of(FeatureSet frame) {
        return frame.isEmpty() ? Messages.FeatureRegionsView_NoFeature : frame.toString();
    }

    /**
     * Adds a frame's first tooltip lines: its feature set (or interaction) and its stack.
     *
     * @param info the tooltip
     * @param interaction whether the frames are interactions rather than feature sets
     * @param frame the frame
     * @param path the stack, outermost frame first, ending with {@code frame}
     */
    static void putFrame(Map<String, String> info, boolean interaction, FeatureSet frame, List<FeatureSet> path) {
        info.put(interaction ? Messages.FeatureFlameGraphView_TooltipInteraction : Messages.FeatureFlameGraphView_TooltipFeatureSet,
                of(frame));
        List<String> texts = new ArrayList<>();
        path.forEach(set -> texts.add(of(set)));
        info.put(Messages.FeatureFlameGraphView_TooltipStack, String.join(" \u203a ", texts)); //$NON-NLS-1$
    }
}
