package org.featurecompass.core.feature.statistics;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;

/**
 * One row of the tree {@link FeatureStatisticsDataProvider} serves: Trace Compass's tree entry
 * (id, parent id, one label per {@link FeatureStatisticsColumn}) with the row's values, so that a
 * client can sort by number rather than by text.
 */
public class FeatureStatisticsEntry extends TmfTreeDataModel {

    private final FeatureStatisticsRow fRow;

    /**
     * @param id the entry's id, stable across queries of one provider
     * @param parentId its parent's id, or -1 for a root
     * @param row the values
     */
    public FeatureStatisticsEntry(long id, long parentId, FeatureStatisticsRow row) {
        super(id, parentId, FeatureStatisticsColumn.texts(row));
        fRow = row;
    }

    /** @return the row's values */
    public FeatureStatisticsRow getRow() {
        return fRow;
    }

    @Override
    public boolean equals(@Nullable Object obj) {
        return super.equals(obj) && obj instanceof FeatureStatisticsEntry other && fRow.equals(other.fRow);
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + fRow.hashCode();
    }
}
