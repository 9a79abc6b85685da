package org.featurecompass.model.execution;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.featurecompass.model.feature.FeatureSet;

/**
 * The execution definitions offered for a trace that has none saved, from its
 * {@link TraceInventory}, in this order:
 * <ol>
 * <li>the requests of the recorder's TCP demo ({@code fc-netdemo}): the client's
 * {@code FR(Request)} region instances, type {@value #REQUEST_TYPE};</li>
 * <li>one per other feature region (Base aside), type {@code FR(...)}, the most frequent first;</li>
 * <li>LTTng UST function calls ({@code func_entry}/{@code func_exit} paired by thread);</li>
 * <li>begin/end instant pairs by name ({@code x_begin}/{@code x_end}, {@code _start}/{@code _end},
 * {@code _entry}/{@code _exit}), paired by thread;</li>
 * <li>the top-level slices of each thread, if the trace has slices;</li>
 * <li>one per async span name, the most frequent first.</li>
 * </ol>
 * At most {@value #MAX_PER_KIND} of each kind. Types are unique.
 */
public final class DefaultDefinitions {

    /** Type of the TCP demo's requests. */
    public static final String REQUEST_TYPE = "Request"; //$NON-NLS-1$
    /** Region of the TCP demo's requests. */
    public static final String REQUEST_REGION = "FR(Request)"; //$NON-NLS-1$
    /** Type of the top-level slices. */
    public static final String TOP_LEVEL_SLICES_TYPE = "Top-level slices"; //$NON-NLS-1$
    /** At most this many definitions of one kind. */
    public static final int MAX_PER_KIND = 8;

    /** Begin and end suffixes, the most specific first: a name takes the first that fits. */
    private static final String[][] PAIR_SUFFIXES = { { ":func_entry", ":func_exit" }, { "_begin", "_end" }, //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            { "_start", "_end" }, { "_entry", "_exit" } }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    private DefaultDefinitions() {
    }

    /**
     * @param inventory what the trace holds
     * @return the definitions to offer, possibly none
     */
    public static List<ExecutionDefinition> detect(TraceInventory inventory) {
        List<ExecutionDefinition> definitions = new ArrayList<>();
        Set<String> types = new HashSet<>();
        Map<String, Long> regions = inventory.regions();
        if (regions.containsKey(REQUEST_REGION)) {
            add(definitions, types, new ExecutionDefinition.FeatureRegion(REQUEST_TYPE, REQUEST_REGION, List.of()));
        }
        regions.entrySet().stream().filter(e -> !e.getKey().equals(REQUEST_REGION) && !e.getKey().equals(FeatureSet.BASE))
                .sorted(Map.Entry.<String, Long> comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(MAX_PER_KIND)
                .forEach(e -> add(definitions, types, new ExecutionDefinition.FeatureRegion(e.getKey(), e.getKey(), List.of())));
        int pairs = 0;
        for (String name : inventory.names()) {
            for (String[] suffix : PAIR_SUFFIXES) {
                if (pairs < MAX_PER_KIND && name.endsWith(suffix[0])) {
                    String stem = name.substring(0, name.length() - suffix[0].length());
                    String end = stem + suffix[1];
                    if (inventory.count(end, null) > 0 && !stem.isEmpty()) {
                        String type = suffix[0].equals(":func_entry") ? "Function calls (" + stem + ')' : stem; //$NON-NLS-1$ //$NON-NLS-2$
                        add(definitions, types, new ExecutionDefinition.EventPair(type, EventSelector.named(name),
                                EventSelector.named(end), MatchKey.THREAD, List.of()));
                        pairs++;
                    }
                    break;
                }
            }
        }
        if (inventory.slices() > 0) {
            add(definitions, types, new ExecutionDefinition.Slice(TOP_LEVEL_SLICES_TYPE, 0, null, List.of()));
        }
        inventory.asyncBegins().entrySet().stream()
                .sorted(Map.Entry.<String, Long> comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                .limit(MAX_PER_KIND)
                .forEach(e -> add(definitions, types, new ExecutionDefinition.Async(e.getKey(), e.getKey(), null, List.of())));
        return definitions;
    }

    /** Adds a definition, its type made unique with a suffix. */
    private static void add(List<ExecutionDefinition> definitions, Set<String> types, ExecutionDefinition definition) {
        String type = definition.type();
        int n = 2;
        while (types.contains(type)) {
            type = definition.type() + " (" + n++ + ')'; //$NON-NLS-1$
        }
        types.add(type);
        definitions.add(type.equals(definition.type()) ? definition : definition.withType(type));
    }
}
