package org.featurecompass.model.sampling;

import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * How a recording attributed each sample to a feature-region stack, as {@code fc-record} declares
 * it in {@code otherData.sampling.attribution} (doc/recorder.md, "Sampling"). The estimates are
 * only as good as this attribution, so the views and the command line say which it was.
 */
public enum SampleAttribution {

    /**
     * {@code "region-maps"}: each thread's region stack kept in BPF maps by the region probes and
     * read by the sample; exact (nested regions, recursion and threads need no assumption).
     */
    REGION_MAPS("region-maps"), //$NON-NLS-1$

    /**
     * {@code "address-ranges"}: the sampled user stack's addresses translated to regions offline by
     * the code ranges between the regions' probe addresses (Kaufmann 2022, §3.4); approximate: it
     * rests on the thesis's assumption A1 that a region's code lies between its probes' addresses,
     * which code outside the range, other regions' code inside it or several exits break.
     */
    ADDRESS_RANGES("address-ranges"), //$NON-NLS-1$

    /**
     * The trace does not say how its samples were attributed: no {@code attribution} key, and not
     * a recording of {@code fc-record}'s region-maps mode, or a value this version does not know.
     */
    NOT_STATED("not stated"); //$NON-NLS-1$

    /** The {@code otherData.sampling} key that names the attribution. */
    public static final String ATTRIBUTION_KEY = "attribution"; //$NON-NLS-1$
    /** The {@code otherData} key that names the recorder. */
    public static final String RECORDER_KEY = "recorder"; //$NON-NLS-1$
    /** The {@code otherData.recorder} value of our recorder. */
    public static final String FC_RECORD = "fc-record"; //$NON-NLS-1$
    /** The {@code otherData.sampling} key where {@code fc-record} said, before the attribution key, where region stacks came from. */
    public static final String REGION_STACKS_KEY = "regionStacks"; //$NON-NLS-1$
    /** How {@code regionStacks} of an {@code fc-record} region-maps recording begins. */
    private static final String BPF_MAPS = "BPF maps"; //$NON-NLS-1$

    private final String fValue;

    SampleAttribution(String value) {
        fValue = value;
    }

    /** @return the value as {@code otherData.sampling.attribution} writes it ("not stated" for {@link #NOT_STATED}) */
    public String value() {
        return fValue;
    }

    /** @return whether the attribution rests on an assumption about code addresses (Kaufmann 2022, §3.4, A1) */
    public boolean isApproximate() {
        return this == ADDRESS_RANGES;
    }

    /**
     * @param recorder {@code otherData.recorder}, or null
     * @param sampling the scalar members of {@code otherData.sampling}
     * @return the attribution the trace declares; without the key, {@link #REGION_MAPS} only for a
     *         recording that says it came from {@code fc-record} with region stacks in BPF maps
     *         (recordings made before the key existed), else {@link #NOT_STATED}
     */
    public static SampleAttribution declared(@Nullable String recorder, Map<String, String> sampling) {
        String value = sampling.get(ATTRIBUTION_KEY);
        if (value != null) {
            for (SampleAttribution attribution : values()) {
                if (attribution != NOT_STATED && attribution.fValue.equals(value)) {
                    return attribution;
                }
            }
            return NOT_STATED;
        }
        String stacks = sampling.get(REGION_STACKS_KEY);
        return FC_RECORD.equals(recorder) && stacks != null && stacks.startsWith(BPF_MAPS) ? REGION_MAPS : NOT_STATED;
    }
}
