package org.featurecompass.model.compare.report;

import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.execution.MetricUnit;

/**
 * Where a comparison's data came from.
 *
 * @param suiteVersion the Feature Compass version that made the report
 * @param executionType the compared execution type
 * @param traces the traces, in the order of their executions
 * @param metricUnits unit of every metric of the executions (to write filters and histograms
 *        with units)
 * @param createdAt when the report was made (ISO 8601), or null to leave it out: reports of the
 *        same inputs are then byte-identical
 */
public record ReportMetadata(String suiteVersion, String executionType, List<TraceSummary> traces, Map<String, MetricUnit> metricUnits,
        @Nullable String createdAt) {

    /** Copies the collections. */
    public ReportMetadata {
        traces = List.copyOf(traces);
        metricUnits = Map.copyOf(metricUnits);
    }

    /**
     * @param metric a metric name
     * @return its unit, or null if unknown
     */
    public @Nullable MetricUnit unit(String metric) {
        return metricUnits.get(metric);
    }
}
