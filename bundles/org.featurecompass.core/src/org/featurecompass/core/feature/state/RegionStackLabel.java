package org.featurecompass.core.feature.state;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.MalformedRegionNameException;

/**
 * The state-system value of one level of a thread's region stack: the region name and its
 * unsigned 64-bit id, encoded as {@code name #id} (the id is decimal, so the last {@code " #"}
 * separates them even if the name contains one).
 *
 * @param name region name, e.g. {@code FR(A,B)}
 * @param id region id, unsigned 64-bit
 */
public record RegionStackLabel(String name, long id) {

    private static final String SEPARATOR = " #"; //$NON-NLS-1$

    /** @return the encoded state value */
    public String encode() {
        return name + SEPARATOR + Long.toUnsignedString(id);
    }

    /**
     * @param value a state value written by {@link #encode()}
     * @return the label, or null if the value is not one
     */
    public static @Nullable RegionStackLabel decode(@Nullable Object value) {
        if (!(value instanceof String text)) {
            return null;
        }
        int separator = text.lastIndexOf(SEPARATOR);
        if (separator < 0) {
            return null;
        }
        try {
            return new RegionStackLabel(text.substring(0, separator),
                    Long.parseUnsignedLong(text.substring(separator + SEPARATOR.length())));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** @return the features parsed from the name; a malformed name is its own single feature, as in the model */
    public FeatureSet features() {
        try {
            return FeatureSet.parseRegionName(name);
        } catch (MalformedRegionNameException e) {
            return name.isBlank() ? FeatureSet.EMPTY : FeatureSet.of(name.strip());
        }
    }
}
