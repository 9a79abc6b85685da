package org.featurecompass.core.execution;

import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;

/**
 * The columns Trace Compass's segment-store views show for an {@link ExecutionSegment}: thread,
 * features, calls and on-CPU time, read from the analysis's table of the segment's type.
 */
final class ExecutionSegmentAspects {

    private ExecutionSegmentAspects() {
    }

    static List<ISegmentAspect> of(ExecutionAnalysis analysis) {
        return List.of(
                new TableAspect(analysis, Messages.ExecutionSegment_Thread, Messages.ExecutionSegment_ThreadHelp,
                        (table, row) -> Integer.valueOf(table.tid(row))),
                new TableAspect(analysis, Messages.ExecutionSegment_Features, Messages.ExecutionSegment_FeaturesHelp,
                        ExecutionTable::featureSet),
                new TableAspect(analysis, Messages.ExecutionSegment_Calls, Messages.ExecutionSegment_CallsHelp,
                        (table, row) -> metric(table, MetricColumn.CALLS, row)),
                new TableAspect(analysis, Messages.ExecutionSegment_Cpu, Messages.ExecutionSegment_CpuHelp,
                        (table, row) -> metric(table, MetricColumn.CPU, row)));
    }

    private static @Nullable Object metric(ExecutionTable table, String column, int row) {
        MetricColumn metric = table.column(column);
        if (metric == null || Double.isNaN(metric.get(row))) {
            return null;
        }
        return Long.valueOf((long) metric.get(row));
    }

    /** A value of the execution's row in its table; empty for other segments or before the analysis completed. */
    private static final class TableAspect implements ISegmentAspect {
        private final ExecutionAnalysis fAnalysis;
        private final String fName;
        private final String fHelp;
        private final BiFunction<ExecutionTable, Integer, @Nullable Object> fValue;

        TableAspect(ExecutionAnalysis analysis, String name, String help, BiFunction<ExecutionTable, Integer, @Nullable Object> value) {
            fAnalysis = analysis;
            fName = name;
            fHelp = help;
            fValue = value;
        }

        @Override
        public String getName() {
            return fName;
        }

        @Override
        public String getHelpText() {
            return fHelp;
        }

        @Override
        public @Nullable Comparator<?> getComparator() {
            return (ISegment a, ISegment b) -> compare(resolve(a), resolve(b));
        }

        @SuppressWarnings({ "unchecked", "rawtypes" })
        private static int compare(@Nullable Object a, @Nullable Object b) {
            if (a == null || b == null) {
                return a == null ? (b == null ? 0 : -1) : 1;
            }
            return a instanceof Comparable comparable && a.getClass() == b.getClass() ? comparable.compareTo(b)
                    : a.toString().compareTo(b.toString());
        }

        @Override
        public @Nullable Object resolve(@Nullable ISegment segment) {
            ExecutionResult result = fAnalysis.getResult();
            if (!(segment instanceof ExecutionSegment execution) || result == null) {
                return null;
            }
            ExecutionTable table = result.table(execution.getName());
            return table == null || execution.getRow() >= table.size() ? null : fValue.apply(table, execution.getRow());
        }
    }
}
