package org.featurecompass.tef.index;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefThread;
import org.featurecompass.tef.TefTimeUnit;
import org.featurecompass.tef.TefTraceMetadata;

/**
 * Gathers names, sort indexes and labels from {@code M} events ({@code process_name},
 * {@code process_sort_index}, {@code process_labels}, {@code thread_name},
 * {@code thread_sort_index}). A later event overrides an earlier one for the same process or thread.
 */
public final class MetadataCollector {

    private final Map<String, String> processNames = new LinkedHashMap<>();
    private final Map<String, Long> processSortIndexes = new LinkedHashMap<>();
    private final Map<String, String> processLabels = new LinkedHashMap<>();
    private final Map<TefThread, String> threadNames = new LinkedHashMap<>();
    private final Map<TefThread, Long> threadSortIndexes = new LinkedHashMap<>();

    void add(TefEvent event) {
        String name = event.name();
        if (name == null) {
            return;
        }
        String pid = orEmpty(event.pid());
        TefThread thread = new TefThread(pid, orEmpty(event.tid()));
        switch (name) {
        case "process_name": putText(processNames, pid, event.args().get("name")); break; //$NON-NLS-1$ //$NON-NLS-2$
        case "process_labels": putText(processLabels, pid, event.args().get("labels")); break; //$NON-NLS-1$ //$NON-NLS-2$
        case "process_sort_index": putNumber(processSortIndexes, pid, event.args().get("sort_index")); break; //$NON-NLS-1$ //$NON-NLS-2$
        case "thread_name": putText(threadNames, thread, event.args().get("name")); break; //$NON-NLS-1$ //$NON-NLS-2$
        case "thread_sort_index": putNumber(threadSortIndexes, thread, event.args().get("sort_index")); break; //$NON-NLS-1$ //$NON-NLS-2$
        default:
            break; // other metadata stays available as the event itself
        }
    }

    TefTraceMetadata build(TefTimeUnit unit, @Nullable String displayTimeUnit, Map<String, String> topLevelFields,
            Map<String, TefTraceMetadata.ByteRange> topLevelRanges) {
        return new TefTraceMetadata(unit, displayTimeUnit, processNames, processSortIndexes, processLabels, threadNames,
                threadSortIndexes, topLevelFields, topLevelRanges);
    }

    private static <K> void putText(Map<K, String> map, K key, @Nullable Object value) {
        if (value != null) {
            map.put(key, value.toString());
        }
    }

    private static <K> void putNumber(Map<K, Long> map, K key, @Nullable Object value) {
        if (value instanceof Long) {
            map.put(key, (Long) value);
        } else if (value instanceof BigDecimal) {
            map.put(key, Long.valueOf(((BigDecimal) value).longValue()));
        }
    }

    private static String orEmpty(@Nullable String text) {
        return text == null ? "" : text; //$NON-NLS-1$
    }
}
