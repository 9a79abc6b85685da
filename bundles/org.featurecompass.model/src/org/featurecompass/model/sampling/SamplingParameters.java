package org.featurecompass.model.sampling;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * How a trace was sampled, as {@code fc-record --sample} declares it in {@code otherData}
 * (doc/recorder-format.md): the sampling period (one sample stands for that much of its thread's
 * on-CPU time), the frequency, the names of the region ids the samples carry, and how the samples
 * were attributed to region stacks.
 *
 * @param periodNs the sampling period, ns ({@code otherData.sampling.periodNs})
 * @param frequencyHz the sampling frequency ({@code otherData.sampling.frequencyHz})
 * @param regionNames region id → name ({@code otherData.regionNames}), possibly empty
 * @param attribution how the samples were attributed ({@code otherData.sampling.attribution},
 *            {@link SampleAttribution#declared})
 * @param addressRanges what an address-range attribution reports ({@code otherData.sampling.addressRanges}),
 *            null when the trace gives none
 */
public record SamplingParameters(long periodNs, double frequencyHz, Map<Long, String> regionNames, SampleAttribution attribution,
        @Nullable AddressRangeCounts addressRanges) {

    /** The {@code otherData} key of the sampling settings. */
    public static final String SAMPLING_KEY = "sampling"; //$NON-NLS-1$
    /** The {@code otherData} key of the region names. */
    public static final String REGION_NAMES_KEY = "regionNames"; //$NON-NLS-1$

    private static final JsonFactory JSON = new JsonFactory();

    /** Checks the period and copies the names. */
    public SamplingParameters {
        if (periodNs <= 0) {
            throw new IllegalArgumentException("sampling period " + periodNs + " ns"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        regionNames = Collections.unmodifiableMap(new LinkedHashMap<>(regionNames));
    }

    /**
     * @param otherData a trace's {@code otherData} keys, each value as written (an object as JSON text)
     * @return the sampling it declares, or null when it declares none (no {@code sampling} object
     *         with a positive {@code periodNs})
     */
    public static @Nullable SamplingParameters fromOtherData(Map<String, String> otherData) {
        String sampling = otherData.get(SAMPLING_KEY);
        if (sampling == null) {
            return null;
        }
        Map<String, String> settings = object(sampling);
        long periodNs;
        double frequencyHz;
        try {
            periodNs = Math.round(Double.parseDouble(settings.getOrDefault("periodNs", "0"))); //$NON-NLS-1$ //$NON-NLS-2$
            frequencyHz = Double.parseDouble(settings.getOrDefault("frequencyHz", "NaN")); //$NON-NLS-1$ //$NON-NLS-2$
        } catch (NumberFormatException e) {
            return null;
        }
        if (periodNs <= 0) {
            return null;
        }
        Map<Long, String> names = new LinkedHashMap<>();
        String regionNames = otherData.get(REGION_NAMES_KEY);
        if (regionNames != null) {
            object(regionNames).forEach((id, name) -> {
                try {
                    names.put(Long.parseUnsignedLong(id), name);
                } catch (NumberFormatException e) {
                    // not a region id: ignored, the region's samples then show it unnamed
                }
            });
        }
        Map<String, String> ranges = object(sampling, AddressRangeCounts.KEY);
        return new SamplingParameters(periodNs, frequencyHz, names,
                SampleAttribution.declared(otherData.get(SampleAttribution.RECORDER_KEY), settings),
                ranges.isEmpty() ? null : AddressRangeCounts.of(ranges));
    }

    /**
     * @param json a JSON object's text
     * @param path member names of nested objects to descend into, none for the object itself
     * @return the scalar members of the object at that path, as text; empty when there is none
     */
    private static Map<String, String> object(String json, String... path) {
        Map<String, String> members = new LinkedHashMap<>();
        try (JsonParser parser = JSON.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return members;
            }
            int depth = 0;
            String key;
            while ((key = parser.nextFieldName()) != null) {
                JsonToken token = parser.nextToken();
                if (depth < path.length) {
                    if (token == JsonToken.START_OBJECT && key.equals(path[depth])) {
                        depth++; // into the nested object: its members come next
                    } else {
                        parser.skipChildren();
                    }
                } else if (token.isScalarValue()) {
                    members.put(key, parser.getText());
                } else {
                    parser.skipChildren();
                }
            }
            if (depth < path.length) {
                members.clear();
            }
        } catch (IOException e) {
            members.clear();
        }
        return members;
    }
}
