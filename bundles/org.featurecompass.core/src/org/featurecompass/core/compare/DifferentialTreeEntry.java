package org.featurecompass.core.compare;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.featurecompass.model.compare.diff.ContextDifference;

/**
 * One calling context of the differential tree ({@link DifferentialTreeDataProvider}): id = the
 * context's union-tree node, parent id = its parent's (-1 for the root), labels in the order of
 * {@link DifferentialTreeModel#HEADERS}; for clients in the same process, the model's
 * {@link ContextDifference} and box.
 */
public class DifferentialTreeEntry extends TmfTreeDataModel {

    private final ContextDifference fDifference;
    private final double fX;
    private final double fWidth;

    /**
     * @param parentId the parent context's id, -1 for the root
     * @param labels the column texts
     * @param difference the context's statistics
     * @param x its box's left edge, ns
     * @param width its box's width, ns
     */
    public DifferentialTreeEntry(long parentId, List<String> labels, ContextDifference difference, double x, double width) {
        super(difference.context(), parentId, labels);
        fDifference = difference;
        fX = x;
        fWidth = width;
    }

    /** @return the context's statistics */
    public ContextDifference getDifference() {
        return fDifference;
    }

    /** @return its box's left edge, ns from the root's */
    public double getX() {
        return fX;
    }

    /** @return its box's width, ns */
    public double getWidth() {
        return fWidth;
    }
}
