package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Gives each distinct feature set and each feature name a dense id, and caches the union of two
 * interned sets, so that the interaction of a region stack costs one hash lookup per push.
 */
final class FeatureSetInterner {

    private final Map<FeatureSet, @Nullable InternedFeatureSet> fByValue = new HashMap<>();
    private final List<InternedFeatureSet> fById = new ArrayList<>();
    private final Map<String, Integer> fFeatureIndex = new HashMap<>();
    private final List<String> fFeatureNames = new ArrayList<>();
    private final InternedFeatureSet fIdle;

    FeatureSetInterner() {
        fIdle = new InternedFeatureSet(0, FeatureSet.EMPTY, true, new int[0]);
        fById.add(fIdle);
    }

    /** @return the pseudo-set of a thread with no open region */
    InternedFeatureSet idle() {
        return fIdle;
    }

    InternedFeatureSet intern(FeatureSet set) {
        @Nullable InternedFeatureSet interned = fByValue.get(set);
        if (interned == null) {
            int[] indices = new int[set.size()];
            int i = 0;
            for (String feature : set.features()) {
                indices[i++] = fFeatureIndex.computeIfAbsent(feature, name -> {
                    fFeatureNames.add(name);
                    return fFeatureNames.size() - 1;
                });
            }
            Arrays.sort(indices);
            interned = new InternedFeatureSet(fById.size(), set, false, indices);
            fById.add(interned);
            fByValue.put(set, interned);
            FeatureSet interaction = set.asInteraction();
            interned.fInteraction = interaction == set ? interned : intern(interaction);
        }
        return interned;
    }

    /** @return the union; the idle set is neutral */
    InternedFeatureSet union(InternedFeatureSet a, InternedFeatureSet b) {
        if (a.fIdle || a == b) {
            return b;
        }
        if (b.fIdle) {
            return a;
        }
        @Nullable InternedFeatureSet union = a.fUnions.get(b);
        if (union == null) {
            union = intern(a.fSet.union(b.fSet));
            a.fUnions.put(b, union);
        }
        return union;
    }

    InternedFeatureSet byId(int id) {
        return fById.get(id);
    }

    int setCount() {
        return fById.size();
    }

    int featureCount() {
        return fFeatureNames.size();
    }

    String featureName(int index) {
        return fFeatureNames.get(index);
    }

    /** @return the index of a feature, or -1 if it never occurred */
    int featureIndex(String feature) {
        return fFeatureIndex.getOrDefault(feature, -1);
    }
}
