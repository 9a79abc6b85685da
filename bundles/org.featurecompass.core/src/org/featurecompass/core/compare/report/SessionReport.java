package org.featurecompass.core.compare.report;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.trace.ICoverageTrace;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.compare.report.ComparisonReport;
import org.featurecompass.model.compare.report.MetricHistogram;
import org.featurecompass.model.compare.report.ReportMetadata;
import org.featurecompass.model.compare.report.TraceSummary;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.execution.ProblemCount;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * A comparison session's state at one moment, as the reports need it: the report (tree, spec,
 * histograms, metadata) and, for the group profiles, the ECCTs and both groups' members. Taken
 * under the session's lock, so that a filter changed meanwhile (a brush dragged in the view) never
 * mixes two states in one report.
 *
 * @param report the report
 * @param eccts every execution's ECCT
 * @param membersA group A's executions
 * @param membersB group B's executions
 */
public record SessionReport(ComparisonReport report, EcctStore eccts, BitSet membersA, BitSet membersB) {

    /**
     * @param session the comparison
     * @param createdAt the time stamp to write (ISO 8601), or null for byte-identical reports
     * @return its snapshot
     */
    public static SessionReport of(ComparisonSession session, @Nullable String createdAt) {
        return session.read(filter -> {
            // The session's lock is held (reentrant): compute() and spec() see these same groups.
            ComparisonReport report = new ComparisonReport(session.compute(), session.spec(), MetricHistogram.forReport(filter),
                    metadata(session, createdAt), GroupRelation.of(filter));
            return new SessionReport(report, session.eccts(), filter.members(Group.A), filter.members(Group.B));
        });
    }

    /**
     * @param group A or B
     * @return its executions
     */
    public BitSet members(Group group) {
        return (BitSet) (group == Group.A ? membersA : membersB).clone();
    }

    private static ReportMetadata metadata(ComparisonSession session, @Nullable String createdAt) {
        Map<String, MetricUnit> units = new LinkedHashMap<>();
        for (MetricColumn m : session.executions().metrics()) {
            units.put(m.name(), m.unit());
        }
        List<TraceSummary> traces = new ArrayList<>();
        for (ExecutionTable table : session.tables()) {
            List<String> problems = new ArrayList<>();
            for (ProblemCount p : table.report().problems()) {
                problems.add(p.toString());
            }
            ITmfTrace trace = null;
            for (ITmfTrace candidate : session.traces()) {
                if (candidate.getName().equals(table.traceName())) {
                    trace = candidate;
                }
            }
            traces.add(trace instanceof ICoverageTrace coverage
                    ? TraceSummary.of(table.traceName(), table.size(), coverage.getLostEventRanges(), coverage.getMeasurementOffWindows(), problems)
                    : TraceSummary.of(table.traceName(), table.size(), List.of(), List.of(), problems));
        }
        return new ReportMetadata(suiteVersion(), session.type(), traces, units, createdAt);
    }

    /** @return the suite's version, that of the core bundle */
    public static String suiteVersion() {
        Bundle bundle = FrameworkUtil.getBundle(SessionReport.class);
        return bundle == null ? "(unknown version)" : bundle.getVersion().toString(); //$NON-NLS-1$
    }
}
