package org.featurecompass.core.feature.statistics;

import org.featurecompass.model.sampling.SampleAttribution;

/**
 * What the views and the command line say about how a trace's samples were attributed to
 * feature-region stacks ({@link SampleAttribution}), so that an estimate from address ranges
 * (Kaufmann 2022, §3.4, assumption A1) is never read as an exactly attributed one.
 */
public final class SampleAttributionText {

    private SampleAttributionText() {
    }

    /**
     * @param attribution how the samples were attributed
     * @return a sentence for a summary line, e.g. "Attribution: region maps (...)."
     */
    public static String sentence(SampleAttribution attribution) {
        return switch (attribution) {
        case REGION_MAPS -> Messages.SampleAttribution_RegionMaps;
        case ADDRESS_RANGES -> Messages.SampleAttribution_AddressRanges;
        case NOT_STATED -> Messages.SampleAttribution_NotStated;
        };
    }

    /**
     * @param attribution how the samples were attributed
     * @return a short label for a tooltip or a legend, e.g. "address ranges, APPROXIMATE (...)"
     */
    public static String label(SampleAttribution attribution) {
        return switch (attribution) {
        case REGION_MAPS -> Messages.SampleAttribution_RegionMapsLabel;
        case ADDRESS_RANGES -> Messages.SampleAttribution_AddressRangesLabel;
        case NOT_STATED -> Messages.SampleAttribution_NotStatedLabel;
        };
    }
}
