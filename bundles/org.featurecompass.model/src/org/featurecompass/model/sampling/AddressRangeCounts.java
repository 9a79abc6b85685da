package org.featurecompass.model.sampling;

import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What {@code fc-record}'s address-range attribution (Kaufmann 2022, §3.4) reports about its
 * translation in {@code otherData.sampling.addressRanges} (doc/recorder-format.md): the ranges it
 * kept and the samples it could place in none, which then count outside every region. For the
 * whole recording, not a window.
 *
 * @param binary the probed binary whose raw probes gave the ranges
 * @param ranges ranges kept
 * @param rangesDiscarded ranges discarded (overlapping a larger one)
 * @param samplesTranslated samples translated
 * @param samplesWithoutRange of them, those with no address in any range (an empty region stack)
 * @param samplesOutsideBinary of those, the ones with no frame in the binary at all
 * @param regionsUnnamed regions without a name (shown as {@code FR(?id)})
 */
public record AddressRangeCounts(String binary, long ranges, long rangesDiscarded, long samplesTranslated, long samplesWithoutRange,
        long samplesOutsideBinary, long regionsUnnamed) {

    /** The {@code otherData.sampling} key of the counts. */
    public static final String KEY = "addressRanges"; //$NON-NLS-1$

    /**
     * @param members the scalar members of {@code otherData.sampling.addressRanges}
     * @return the counts, or null when a count is missing or not a whole number
     */
    static @Nullable AddressRangeCounts of(Map<String, String> members) {
        try {
            return new AddressRangeCounts(members.getOrDefault("binary", "?"), count(members, "ranges"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    count(members, "rangesDiscarded"), count(members, "samplesTranslated"), count(members, "samplesWithoutRange"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    count(members, "samplesOutsideBinary"), count(members, "regionsUnnamed")); //$NON-NLS-1$ //$NON-NLS-2$
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long count(Map<String, String> members, String key) {
        String value = members.get(key);
        if (value == null) {
            throw new NumberFormatException(key);
        }
        return Long.parseLong(value);
    }
}
