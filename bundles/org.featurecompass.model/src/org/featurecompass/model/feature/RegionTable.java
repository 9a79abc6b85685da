package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Regions keyed on (id, name), with open addressing on the unsigned 64-bit id so that a lookup
 * per event neither boxes nor allocates. Names are parsed into feature sets once per region; a
 * malformed name is kept with the region ({@link RegionEntry#fMalformedName}) and its whole text
 * becomes the region's single feature.
 */
final class RegionTable {

    private final FeatureSetInterner fSets;
    private long[] fIds = new long[64];
    private @Nullable RegionEntry[] fEntries = new RegionEntry[64];
    private final List<RegionEntry> fInOrder = new ArrayList<>();

    RegionTable(FeatureSetInterner sets) {
        fSets = sets;
    }

    RegionEntry get(long id, String name, @Nullable String uuid) {
        int mask = fIds.length - 1;
        int slot = mix(id) & mask;
        RegionEntry head;
        while ((head = fEntries[slot]) != null && fIds[slot] != id) {
            slot = (slot + 1) & mask;
        }
        for (RegionEntry entry = head; entry != null; entry = entry.fSameIdNext) {
            if (entry.fRegion.name().equals(name)) {
                return entry;
            }
        }
        FeatureSet features;
        @Nullable String malformed = null;
        try {
            features = FeatureSet.parseRegionName(name);
        } catch (MalformedRegionNameException e) {
            malformed = e.getMessage();
            features = name.isBlank() ? FeatureSet.EMPTY : FeatureSet.of(name.strip());
        }
        RegionEntry created = new RegionEntry(new Region(id, name, features, uuid), fSets.intern(features));
        created.fMalformedName = malformed;
        fInOrder.add(created);
        if (head != null) {
            created.fSameIdNext = head.fSameIdNext;
            head.fSameIdNext = created;
            return created;
        }
        fIds[slot] = id;
        fEntries[slot] = created;
        if (2 * fInOrder.size() > fIds.length) {
            grow();
        }
        return created;
    }

    private void grow() {
        long[] oldIds = fIds;
        RegionEntry[] oldEntries = fEntries;
        fIds = new long[oldIds.length * 2];
        fEntries = new RegionEntry[oldIds.length * 2];
        int mask = fIds.length - 1;
        for (int i = 0; i < oldIds.length; i++) {
            RegionEntry entry = oldEntries[i];
            if (entry != null) {
                int slot = mix(oldIds[i]) & mask;
                while (fEntries[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                fIds[slot] = oldIds[i];
                fEntries[slot] = entry;
            }
        }
    }

    private static int mix(long id) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** @return all regions in order of first appearance */
    List<RegionEntry> entries() {
        return fInOrder;
    }

}
