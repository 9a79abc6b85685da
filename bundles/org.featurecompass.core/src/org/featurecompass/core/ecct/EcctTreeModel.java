package org.featurecompass.core.ecct;

import java.util.BitSet;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.featurecompass.model.ecct.EcctAggregate;

/**
 * The ECCT data provider's answer: the contexts reached by the selected executions
 * ({@link EcctEntry}), and, for clients in the same process, what is behind them: the execution
 * types of the trace, the type shown, its {@link ExecutionEccts} (union tree and table), the
 * selected rows, their sums ({@link EcctAggregate}) and the stacks' faults. Remote clients read
 * the labels.
 */
public class EcctTreeModel extends TmfTreeModel<EcctEntry> {

    private final List<String> fTypes;
    private final @Nullable String fType;
    private final @Nullable ExecutionEccts fEccts;
    private final BitSet fRows;
    private final @Nullable EcctAggregate fSums;
    private final @Nullable TraceStacks fStacks;

    /**
     * @param entries the contexts
     * @param types the trace's execution types
     * @param type the type shown, or null
     * @param eccts its ECCTs, or null while not available
     * @param rows the selected rows
     * @param sums their sums, or null while not available
     * @param stacks the stacks the ECCTs were built from, or null
     */
    public EcctTreeModel(List<EcctEntry> entries, List<String> types, @Nullable String type, @Nullable ExecutionEccts eccts,
            BitSet rows, @Nullable EcctAggregate sums, @Nullable TraceStacks stacks) {
        super(EcctDataProvider.headers(), entries);
        fTypes = List.copyOf(types);
        fType = type;
        fEccts = eccts;
        fRows = (BitSet) rows.clone();
        fSums = sums;
        fStacks = stacks;
    }

    /** @return the trace's execution types, in definition order */
    public List<String> getTypes() {
        return fTypes;
    }

    /** @return the execution type shown, or null */
    public @Nullable String getType() {
        return fType;
    }

    /** @return the ECCTs of the type (union tree, table, store), or null */
    public @Nullable ExecutionEccts getEccts() {
        return fEccts;
    }

    /** @return the selected rows of the type's table (a copy) */
    public BitSet getRows() {
        return (BitSet) fRows.clone();
    }

    /** @return the sums over the selected rows, per union-tree node, or null */
    public @Nullable EcctAggregate getSums() {
        return fSums;
    }

    /** @return the stacks the ECCTs were built from (with their faults), or null */
    public @Nullable TraceStacks getStacks() {
        return fStacks;
    }
}
