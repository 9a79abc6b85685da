package org.featurecompass.model.feature;

/**
 * What one frame of a feature-set stack is (Kaufmann 2022, §3.4: a flame graph of feature
 * regions that keeps their nesting; §2.2: an interaction is a region of several features or
 * regions of different features nested in each other). A stack runs from the outermost open
 * region of a thread to the region itself, as the thread's stack was at the region's begin.
 */
public enum FeatureStackFrameKind {

    /**
     * A frame is the region's own feature set, parsed from its name: {@code Base → A → A*B}.
     * Listing 2.2's implicit interaction, R4 {A} nested in R3 {B}, is the stack {@code B → A}.
     */
    REGION_FEATURES {
        @Override
        FeatureSet frameOf(RegionInstance instance) {
            return instance.features();
        }

        @Override
        FeatureSet adopt(FeatureSet frame, FeatureSet enclosingFeatures) {
            return frame;
        }
    },

    /**
     * A frame is the interaction at the region's begin: the union of the features of the stack
     * up to and including the region, {@code Base} dropped unless alone
     * ({@link RegionInstance#interaction()}). R4 in R3 is the stack {@code B → A*B}, so every
     * frame names the features that were active together in it.
     */
    INTERACTION {
        @Override
        FeatureSet frameOf(RegionInstance instance) {
            return instance.interaction();
        }

        @Override
        FeatureSet adopt(FeatureSet frame, FeatureSet enclosingFeatures) {
            return enclosingFeatures.isEmpty() ? frame : frame.union(enclosingFeatures).asInteraction();
        }
    };

    /** @return the frame of that instance */
    abstract FeatureSet frameOf(RegionInstance instance);

    /**
     * The frame of a region once a region that enclosed it is discovered late: a region open
     * since before the trace start is known only at its end (the model's interactions did not
     * include it).
     *
     * @param frame the frame as computed when the region closed
     * @param enclosingFeatures features of the regions found to enclose it
     * @return the frame under those regions
     */
    abstract FeatureSet adopt(FeatureSet frame, FeatureSet enclosingFeatures);
}
