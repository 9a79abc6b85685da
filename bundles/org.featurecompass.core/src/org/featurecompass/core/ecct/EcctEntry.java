package org.featurecompass.core.ecct;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;

/**
 * One calling context of the ECCT data provider's tree ({@link EcctDataProvider}): a node of the
 * union tree, its id being the node id and its parent's the parent node's (-1 for the root), with
 * one label per {@link EcctDataProvider#headers()} column.
 */
public class EcctEntry extends TmfTreeDataModel {

    /**
     * @param node the union-tree node
     * @param parent its parent node, -1 for the root
     * @param labels the column texts
     */
    public EcctEntry(int node, int parent, List<String> labels) {
        super(node, parent, labels);
    }

    /** @return the union-tree node */
    public int node() {
        return (int) getId();
    }
}
