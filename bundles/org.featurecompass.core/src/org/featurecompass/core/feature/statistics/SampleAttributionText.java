package org.featurecompass.core.feature.statistics;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.model.sampling.AddressRangeCounts;
import org.featurecompass.model.sampling.SampleAttribution;
import org.featurecompass.model.sampling.TraceSamples;

/**
 * What the views and the command line say about how a trace's samples were attributed to
 * feature-region stacks ({@link SampleAttribution}), so that an estimate from address ranges
 * (Kaufmann 2022, §3.4, assumption A1) is never read as an exactly attributed one, and which
 * samples the estimates leave out.
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
     * @param statistics a trace's feature statistics
     * @return the sentence of its samples' attribution ({@link #sentence}), followed for an
     *         address-range attribution by what the translation reported ({@link #counts}), and by
     *         the samples left out of the estimates or cut ({@link #losses}); empty for a trace
     *         without samples
     */
    public static String of(FeatureStatistics statistics) {
        TraceSamples samples = statistics.samples();
        if (samples == null) {
            return ""; //$NON-NLS-1$
        }
        AddressRangeCounts counts = samples.parameters().addressRanges();
        String sentence = sentence(samples.parameters().attribution());
        String losses = losses(samples);
        return (counts == null ? sentence : sentence + ' ' + counts(counts)) + (losses.isEmpty() ? "" : ' ' + losses); //$NON-NLS-1$
    }

    /**
     * @param samples a trace's samples
     * @return what the estimates miss: sample events that could not be read (count, rank of the
     *         first) and samples whose region stack was deeper than the recorder wrote; empty if none
     */
    public static String losses(TraceSamples samples) {
        StringBuilder text = new StringBuilder();
        if (samples.unreadableEvents() > 0) {
            text.append(NLS.bind(Messages.SampleAttribution_Unreadable, grouped(samples.unreadableEvents()),
                    Long.toString(samples.firstUnreadableRank())));
        }
        long cut = samples.series().cutSamples();
        if (cut > 0) {
            text.append(text.length() == 0 ? "" : " ").append(NLS.bind(Messages.SampleAttribution_Cut, grouped(cut))); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return text.toString();
    }

    /**
     * @param counts what an address-range translation reported
     * @return a sentence: the binary, the ranges, the samples placed in no range
     */
    public static String counts(@Nullable AddressRangeCounts counts) {
        if (counts == null) {
            return ""; //$NON-NLS-1$
        }
        return NLS.bind(Messages.SampleAttribution_AddressRangeCounts, new Object[] { counts.binary(), grouped(counts.ranges()),
                grouped(counts.rangesDiscarded()), grouped(counts.samplesWithoutRange()), grouped(counts.samplesTranslated()),
                grouped(counts.samplesOutsideBinary()), grouped(counts.regionsUnnamed()) });
    }

    private static String grouped(long value) {
        return String.format("%,d", Long.valueOf(value)); //$NON-NLS-1$
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
