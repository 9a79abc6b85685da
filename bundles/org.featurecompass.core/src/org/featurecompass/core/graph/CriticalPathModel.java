package org.featurecompass.core.graph;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;

/**
 * The rows of a critical path with the whole {@link CriticalPathResult} behind them (path,
 * breakdown per worker, host and label, host clock) for the drawing, table and exports of a
 * client in the same process; remote clients read the entries and ask for the rows' states.
 */
public class CriticalPathModel extends TmfTreeModel<CriticalPathEntry> {

    private final @Nullable CriticalPathResult fResult;

    /**
     * @param entries one entry per worker on the path, by time on the path, longest first
     * @param result the path, or null while it is not available or when the thread does not exist in the range
     */
    public CriticalPathModel(List<CriticalPathEntry> entries, @Nullable CriticalPathResult result) {
        super(CriticalPathDataProvider.headers(), entries);
        fResult = result;
    }

    /** @return the path, or null while it is not available or when the thread does not exist in the range */
    public @Nullable CriticalPathResult getResult() {
        return fResult;
    }
}
