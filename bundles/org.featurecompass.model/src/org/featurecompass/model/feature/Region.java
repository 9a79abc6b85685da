package org.featurecompass.model.feature;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A static feature region of one binary: its VaRA id, name and the features parsed from the
 * name (Kaufmann 2022, §2.2, §3.4). Ids are unique only within one binary, so they are never
 * used to merge regions across traces.
 *
 * @param id region id, unsigned 64-bit
 * @param name region name as recorded
 * @param features features parsed from the name
 * @param uuid UUID string of the first event seen for this region, if the format has one
 */
public record Region(long id, String name, FeatureSet features, @Nullable String uuid) {

    /** Id of the {@code Base} region that spans the whole program (Listing 3.1). */
    public static final long BASE_ID = 0;

    /** @return the id as an unsigned decimal number */
    public String idString() {
        return Long.toUnsignedString(id);
    }

    @Override
    public String toString() {
        return name + " #" + idString(); //$NON-NLS-1$
    }
}
