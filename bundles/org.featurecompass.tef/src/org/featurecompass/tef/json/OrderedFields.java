package org.featurecompass.tef.json;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Collects fields of one event in file order, as a {@link LinkedHashMap} would (a repeated key keeps
 * its first position and takes the last value), and builds the smallest read-only map that holds
 * them: most events have no {@code args} or a single extra field (VaRA's {@code ID}), which then
 * costs no hash table, and the same single field as the event before gives the same map again.
 *
 * @param <V> the type of the values
 */
public final class OrderedFields<V> {

    private @Nullable String firstKey;
    private @Nullable V firstValue;
    private @Nullable LinkedHashMap<String, V> all;
    private @Nullable Map<String, V> lastSingle;

    void put(String key, V value) {
        LinkedHashMap<String, V> map = all;
        String first = firstKey;
        if (map != null) {
            map.put(key, value);
        } else if (first == null || first.equals(key)) {
            firstKey = key;
            firstValue = value;
        } else {
            map = new LinkedHashMap<>();
            V previous = firstValue;
            if (previous != null) {
                map.put(first, previous);
            }
            map.put(key, value);
            all = map;
        }
    }

    /** Forgets the fields; maps built before are not affected. */
    void clear() {
        firstKey = null;
        firstValue = null;
        all = null;
    }

    /** @return the fields as a read-only map in file order */
    Map<String, V> build() {
        LinkedHashMap<String, V> map = all;
        String first = firstKey;
        V value = firstValue;
        if (map != null) {
            return Collections.unmodifiableMap(map);
        }
        if (first == null || value == null) {
            return Collections.emptyMap();
        }
        Map<String, V> single = lastSingle;
        if (single == null || !single.containsKey(first) || single.get(first) != value) {
            single = Collections.singletonMap(first, value);
            lastSingle = single;
        }
        return single;
    }
}
