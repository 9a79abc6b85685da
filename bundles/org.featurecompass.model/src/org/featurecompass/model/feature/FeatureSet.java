package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;

/**
 * An immutable set of feature names in canonical (sorted, de-duplicated) order.
 * <p>
 * Feature sets are parsed from region names, because VaRA encodes a region's features only in
 * its name, {@code FR(A,B)}; region ids are per-binary static ids, not feature encodings
 * (Kaufmann 2022, §3.4, Figs. 3.1-3.2). The special region {@code Base} (id 0, Listing 3.1)
 * is the feature {@value #BASE}. Interactions are written {@code A*B}, the form used by
 * VaRA-Tool-Suite's {@code get_interactions_from_fr_string}, but always sorted (VaRA follows
 * Python {@code set()} order).
 */
public final class FeatureSet implements Comparable<FeatureSet> {

    /** Name of the base feature: the whole program, from init to finalize. */
    public static final String BASE = "Base"; //$NON-NLS-1$

    /** The set without features, e.g. of a region named {@code FR()}. */
    public static final FeatureSet EMPTY = new FeatureSet(new String[0]);

    private static final String PREFIX = "FR("; //$NON-NLS-1$
    private static final String SUFFIX = ")"; //$NON-NLS-1$

    private final String[] fFeatures;
    private final int fHash;

    private FeatureSet(String[] sortedDistinct) {
        fFeatures = sortedDistinct;
        fHash = Arrays.hashCode(sortedDistinct);
    }

    /**
     * @param features feature names, in any order, duplicates allowed
     * @return the canonical set
     */
    public static FeatureSet of(String... features) {
        return of(Arrays.asList(features));
    }

    /**
     * @param features feature names, in any order, duplicates allowed
     * @return the canonical set
     */
    public static FeatureSet of(Collection<String> features) {
        for (String feature : features) {
            if (feature.isEmpty()) {
                throw new IllegalArgumentException("A feature name must not be empty"); //$NON-NLS-1$
            }
        }
        return new FeatureSet(new TreeSet<>(features).toArray(new String[0]));
    }

    /**
     * Parses the features of a region name. {@code FR(A,B)} gives {A, B}, {@code FR()} the
     * empty set; blanks around names are ignored and names such as {@code Size_val} are kept
     * whole. Any other name, such as {@code Base}, is one feature of that name.
     *
     * @param regionName the region name as recorded in the trace
     * @return the canonical feature set
     * @throws MalformedRegionNameException if the name starts with {@code FR(} but is no
     *             well-formed list, or is empty
     */
    public static FeatureSet parseRegionName(String regionName) {
        if (regionName.isBlank()) {
            throw new MalformedRegionNameException(regionName, "empty name"); //$NON-NLS-1$
        }
        if (!regionName.startsWith(PREFIX)) {
            return new FeatureSet(new String[] { regionName.strip() });
        }
        if (!regionName.endsWith(SUFFIX) || regionName.indexOf(')') != regionName.length() - 1) {
            throw new MalformedRegionNameException(regionName, "expected a single closing ')' at the end"); //$NON-NLS-1$
        }
        String list = regionName.substring(PREFIX.length(), regionName.length() - 1);
        if (list.isBlank()) {
            return EMPTY;
        }
        List<String> features = new ArrayList<>();
        for (String part : list.split(",", -1)) { //$NON-NLS-1$
            String feature = part.strip();
            if (feature.isEmpty()) {
                throw new MalformedRegionNameException(regionName, "empty feature between commas"); //$NON-NLS-1$
            }
            features.add(feature);
        }
        return of(features);
    }

    /**
     * Parses the canonical text form, {@code A*B}; the empty string is the empty set.
     *
     * @param interaction text as produced by {@link #toString()}
     * @return the feature set
     */
    public static FeatureSet parseInteraction(String interaction) {
        return interaction.isEmpty() ? EMPTY : of(interaction.split("\\*")); //$NON-NLS-1$
    }

    /** @return the number of features */
    public int size() {
        return fFeatures.length;
    }

    /** @return whether the set has no feature */
    public boolean isEmpty() {
        return fFeatures.length == 0;
    }

    /**
     * @param feature a feature name
     * @return whether the set contains it
     */
    public boolean contains(String feature) {
        return Arrays.binarySearch(fFeatures, feature) >= 0;
    }

    /** @return the features in canonical order */
    public List<String> features() {
        return List.of(fFeatures);
    }

    /**
     * @param other another set
     * @return the union of both sets
     */
    public FeatureSet union(FeatureSet other) {
        if (other.fFeatures.length == 0 || this.equals(other)) {
            return this;
        }
        if (fFeatures.length == 0) {
            return other;
        }
        TreeSet<String> union = new TreeSet<>(Arrays.asList(fFeatures));
        union.addAll(Arrays.asList(other.fFeatures));
        return new FeatureSet(union.toArray(new String[0]));
    }

    /**
     * The interaction this set of active features represents: {@value #BASE} is dropped unless it
     * is the only feature (VaRA-Tool-Suite {@code get_interactions_from_fr_string} convention).
     *
     * @return this set without {@value #BASE}, or this set if {@value #BASE} is alone or absent
     */
    public FeatureSet asInteraction() {
        int base = Arrays.binarySearch(fFeatures, BASE);
        if (base < 0 || fFeatures.length == 1) {
            return this;
        }
        String[] rest = new String[fFeatures.length - 1];
        System.arraycopy(fFeatures, 0, rest, 0, base);
        System.arraycopy(fFeatures, base + 1, rest, base, rest.length - base);
        return new FeatureSet(rest);
    }

    /** Orders by size, then feature by feature. */
    @Override
    public int compareTo(FeatureSet other) {
        int bySize = Integer.compare(fFeatures.length, other.fFeatures.length);
        return bySize != 0 ? bySize : Arrays.compare(fFeatures, other.fFeatures);
    }

    @Override
    public boolean equals(@Nullable Object obj) {
        return obj instanceof FeatureSet other && fHash == other.fHash && Arrays.equals(fFeatures, other.fFeatures);
    }

    @Override
    public int hashCode() {
        return fHash;
    }

    /** @return the canonical form, {@code A*B}; the empty set is the empty string, as in VaRA */
    @Override
    public String toString() {
        return String.join("*", fFeatures); //$NON-NLS-1$
    }
}
