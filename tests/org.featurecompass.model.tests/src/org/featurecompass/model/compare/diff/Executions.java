package org.featurecompass.model.compare.diff;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAccumulator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.graph.EdgeLabel;

/**
 * Builds ECCTs of executions from paths such as {@code main/f/f} (a label {@code wait:timer} is
 * the timer wait frame, {@code wait:block device} the disk wait) in a union tree and a store.
 */
final class Executions {

    private final ContextTree tree = new ContextTree(new FrameTable());
    private final EcctStore store = new EcctStore(tree);
    private final EcctAccumulator accumulator = new EcctAccumulator(tree);
    private final Map<String, Integer> ids = new HashMap<>();
    private final Map<Integer, String> paths = new HashMap<>(Map.of(ContextTree.ROOT, "")); //$NON-NLS-1$

    /** @return the context of a path, created with its ancestors if new */
    int context(String path) {
        if (path.isEmpty()) {
            return ContextTree.ROOT;
        }
        Integer id = ids.get(path);
        if (id != null) {
            return id;
        }
        int slash = path.lastIndexOf('/');
        int parent = context(slash < 0 ? "" : path.substring(0, slash)); //$NON-NLS-1$
        String label = path.substring(slash + 1);
        Frame frame = label.startsWith("wait:") //$NON-NLS-1$
                ? Frame.waiting(EdgeLabel.valueOf(label.substring(5).toUpperCase(Locale.ROOT).replace(' ', '_')))
                : Frame.function(label);
        int created = tree.child(parent, frame);
        ids.put(path, created);
        paths.put(created, path);
        return created;
    }

    /** @return the path a context was created with */
    String path(int context) {
        return paths.get(context);
    }

    /**
     * Adds an execution.
     *
     * @param selfTimes path, self ns, path, self ns, …
     * @return its number
     */
    int add(Object... selfTimes) {
        for (int i = 0; i < selfTimes.length; i += 2) {
            accumulator.insert(context((String) selfTimes[i]), ((Number) selfTimes[i + 1]).longValue());
        }
        return store.add(accumulator.finish());
    }

    int size() {
        return store.size();
    }

    ExecutionValues build() {
        return new ExecutionValues(store);
    }
}
