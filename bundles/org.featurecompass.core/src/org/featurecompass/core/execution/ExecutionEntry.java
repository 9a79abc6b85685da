package org.featurecompass.core.execution;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;

/**
 * One entry of the tree {@link ExecutionDataProvider} serves: an execution type (a root, its
 * labels the type and its count) or one execution (a child, its labels the columns of
 * {@link ExecutionTreeModel#headers}), with its type and row so that a client can read the
 * numbers from the table.
 */
public class ExecutionEntry extends TmfTreeDataModel {

    private final String fType;
    private final int fRow;

    /**
     * @param id the entry's id, stable across queries of one provider
     * @param parentId its parent's id, or -1 for a type
     * @param labels its texts
     * @param type the execution type
     * @param row the execution's row in its table, or -1 for a type
     */
    public ExecutionEntry(long id, long parentId, List<String> labels, String type, int row) {
        super(id, parentId, labels);
        fType = type;
        fRow = row;
    }

    /** @return the execution type */
    public String getType() {
        return fType;
    }

    /** @return the execution's row in the table of its type, or -1 for a type entry */
    public int getRow() {
        return fRow;
    }

    @Override
    public boolean equals(@Nullable Object obj) {
        return super.equals(obj) && obj instanceof ExecutionEntry other && fType.equals(other.fType) && fRow == other.fRow;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + fType.hashCode() * 17 + fRow;
    }
}
