package org.featurecompass.core.compare;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionDataProvider;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.core.execution.ExecutionTypeChoice;
import org.featurecompass.core.trace.AnalysisTreeDataProvider;
import org.featurecompass.core.trace.ResultOrStatus;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.compare.io.ComparisonFile;
import org.featurecompass.model.compare.io.ComparisonFormatException;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.compare.report.ComparisonAnswer;
import org.featurecompass.model.compare.stats.TestResult;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.execution.ExpressionException;

/**
 * Serves the differential tree of two groups of executions (TraceCompare §3.4.2) as a Trace
 * Compass tree: one entry per calling context reached by an execution of either group, plus the
 * root, with both groups' n, means and standard deviations, the difference B − A, the test, p, q,
 * significance, direction and the flame-graph box ({@link DifferentialTreeModel#HEADERS}).
 * <p>
 * The trace may be an experiment: its traces' executions are compared together (category
 * {@code trace} tells them apart). Parameters: {@value #TYPE_KEY} (optional; default: the trace's
 * current session's type, else the first execution type of its first trace) and {@value #COMPARISON_KEY} (optional: a {@link ComparisonSpec}, or its
 * JSON text in the saved-comparison format of {@link ComparisonFile}; its groups and settings are
 * compared without changing the shared session's); {@value #GROUP_A_KEY} and {@value #GROUP_B_KEY}
 * (optional: a group's definition as text, {@link GroupFilterExpression}, e.g.
 * {@code trace = a.json} or {@code slowest 10%}, resolved against the executions; it replaces that
 * group of {@value #COMPARISON_KEY}, or of the session's groups); {@value #SHARE_KEY} (optional,
 * {@code true}: the groups and settings asked for become the shared session's, and the session
 * the trace's current one, so the views show them: how a client changes the comparison the views
 * show without calling the session). Without any of them the answer is the shared session's
 * groups and settings, as the views show them.
 * <p>
 * Statuses: {@code RUNNING} while the executions and their ECCTs are computed (the first query
 * starts it); {@code FAILED} with the reason (unknown type, analysis failure, invalid comparison);
 * {@code CANCELLED}; {@code COMPLETED} ({@link AnalysisTreeDataProvider}; malformed requested
 * times, which it does not otherwise read, are {@code FAILED}). Registered under {@link #ID}.
 */
public class DifferentialTreeDataProvider extends AnalysisTreeDataProvider<DifferentialTreeEntry, DifferentialTreeDataProvider.Opened> {

    /** The provider id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.compare.differentialTree"; //$NON-NLS-1$
    /** The parameter naming the execution type (as the execution table's provider names it). */
    public static final String TYPE_KEY = ExecutionDataProvider.TYPE_KEY;
    /** The parameter holding the groups and settings to compare instead of the session's. */
    public static final String COMPARISON_KEY = "comparison"; //$NON-NLS-1$
    /** The parameter holding group A's definition as text ({@link GroupFilterExpression}). */
    public static final String GROUP_A_KEY = "groupA"; //$NON-NLS-1$
    /** The parameter holding group B's definition as text ({@link GroupFilterExpression}). */
    public static final String GROUP_B_KEY = "groupB"; //$NON-NLS-1$
    /** The parameter that makes the comparison asked for the shared one ({@code true}). */
    public static final String SHARE_KEY = "share"; //$NON-NLS-1$

    private final ITmfTrace fTrace;

    /** @param trace the trace */
    public DifferentialTreeDataProvider(ITmfTrace trace) {
        fTrace = trace;
    }

    @Override
    public String getId() {
        return ID;
    }

    /**
     * The session of the type asked for and the comparison to compute on it.
     *
     * @param session the shared session of the trace and type
     * @param spec the groups and settings of {@value #COMPARISON_KEY}, or null for the session's own
     */
    protected record Opened(ComparisonSession session, @Nullable ComparisonSpec spec) {
    }

    @Override
    protected ResultOrStatus<Opened> analysis(Query query) {
        Map<String, Object> parameters = query.parameters();
        ComparisonSpec spec;
        try {
            spec = spec(parameters.get(COMPARISON_KEY));
        } catch (ComparisonFormatException | IOException | IllegalArgumentException e) {
            return ResultOrStatus.failed(NLS.bind(Messages.DifferentialTreeDataProvider_BadComparison, e.getMessage()));
        }
        String type = type(parameters.get(TYPE_KEY));
        if (type == null) {
            ITmfTrace first = TmfTraceManager.getTraceSet(fTrace).iterator().next(); // the trace, or an experiment's first trace
            ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(first, ExecutionAnalysis.class, ExecutionAnalysis.ID);
            if (module == null) {
                return ResultOrStatus.failed(NLS.bind(Messages.ComparisonSession_NoExecutions, first.getName()));
            }
            ResultOrStatus<ExecutionResult> executions = ResultOrStatus.of(module, module.getResult(), module.getFailure());
            ExecutionResult result = executions.result();
            if (result == null) {
                return executions.status() == ITmfResponse.Status.RUNNING
                        ? ResultOrStatus.running(Messages.DifferentialTreeDataProvider_Running) : executions.withoutResult();
            }
            type = ExecutionTypeChoice.of(result.tables().keySet());
            if (type == null) {
                return ResultOrStatus.failed(NLS.bind(Messages.DifferentialTreeDataProvider_NoTypes, fTrace.getName()));
            }
        }
        ComparisonSessions.Status status = ComparisonSessions.getInstance().request(fTrace, type);
        ComparisonSession session = status.session();
        if (session == null) {
            String failure = status.failure();
            return failure != null ? ResultOrStatus.failed(failure) : ResultOrStatus.running(Messages.DifferentialTreeDataProvider_Running);
        }
        return ResultOrStatus.completed(new Opened(session, spec));
    }

    @Override
    protected TmfModelResponse<TmfTreeModel<DifferentialTreeEntry>> tree(Opened opened, Query query, IProgressMonitor monitor) {
        ComparisonSession session = opened.session();
        ComparisonSpec spec = opened.spec();
        DifferentialTree tree;
        ComparisonSpec used;
        GroupRelation relation;
        try {
            spec = withGroups(spec, session, query.parameters().get(GROUP_A_KEY), query.parameters().get(GROUP_B_KEY));
        } catch (ExpressionException e) {
            return response(ResultOrStatus.failed(NLS.bind(Messages.DifferentialTreeDataProvider_BadComparison, e.getMessage())));
        }
        try {
            if (spec != null && Boolean.parseBoolean(String.valueOf(query.parameters().get(SHARE_KEY)))) {
                session.apply(spec);
                ComparisonSessions.getInstance().setCurrent(session);
                spec = null; // now the session's
            }
            if (spec != null) {
                tree = session.compute(spec);
                used = spec;
                relation = session.relation(spec);
            } else {
                synchronized (session) {
                    tree = session.compute();
                    used = session.spec();
                    relation = session.relation(null);
                }
            }
        } catch (IllegalArgumentException e) { // a filter naming a metric or label the executions do not have
            return response(ResultOrStatus.failed(NLS.bind(Messages.DifferentialTreeDataProvider_BadComparison, e.getMessage())));
        }
        return ResultOrStatus.completed(tree)
                .response(new DifferentialTreeModel(entries(tree, ComparisonAnswer.of(tree, relation).sentence()), tree, session, used));
    }

    @Override
    protected TmfTreeModel<DifferentialTreeEntry> empty(ResultOrStatus<?> status) {
        return new DifferentialTreeModel(List.of(), null, null, null);
    }

    private @Nullable String type(@Nullable Object parameter) {
        if (parameter != null) {
            return parameter.toString();
        }
        ComparisonSession current = ComparisonSessions.getInstance().current(fTrace);
        return current == null ? null : current.type();
    }

    /** @return the comparison with the groups defined by text in place of its own (or of the session's); null if neither is given */
    private static @Nullable ComparisonSpec withGroups(@Nullable ComparisonSpec spec, ComparisonSession session, @Nullable Object a,
            @Nullable Object b) throws ExpressionException {
        if (a == null && b == null) {
            return spec;
        }
        ComparisonSpec base = spec != null ? spec : session.spec();
        List<GroupFilter> groupA = a == null ? base.groupA() : GroupFilterExpression.parse(a.toString()).resolve(session.executions());
        List<GroupFilter> groupB = b == null ? base.groupB() : GroupFilterExpression.parse(b.toString()).resolve(session.executions());
        return new ComparisonSpec(base.executionDefinition(), groupA, groupB, base.settings());
    }

    private static @Nullable ComparisonSpec spec(@Nullable Object parameter) throws ComparisonFormatException, IOException {
        if (parameter == null || parameter instanceof ComparisonSpec) {
            return (ComparisonSpec) parameter;
        }
        return ComparisonFile.read(new StringReader(parameter.toString()));
    }

    /**
     * @param tree a differential tree
     * @param answer the comparison's answer ({@link ComparisonAnswer#sentence()}), the root's {@code answer} label
     * @return its entries: the root and every context reached by an execution of either group, parents first
     */
    public static List<DifferentialTreeEntry> entries(DifferentialTree tree, String answer) {
        List<DifferentialTreeEntry> entries = new ArrayList<>();
        ContextTree contexts = tree.tree();
        for (int c = 0; c < tree.size(); c++) {
            ContextDifference d = tree.context(c);
            if (c != ContextTree.ROOT && d.presentA() + d.presentB() == 0) {
                continue;
            }
            entries.add(new DifferentialTreeEntry(c == ContextTree.ROOT ? -1 : contexts.parent(c), labels(tree, d, c == ContextTree.ROOT ? answer : ""), d, tree.x(c), //$NON-NLS-1$
                    tree.width(c)));
        }
        return entries;
    }

    /**
     * @param tree the tree
     * @param d one of its contexts
     * @param answer the comparison's answer for the root, empty for the other contexts
     * @return its texts, in the order of {@link DifferentialTreeModel#HEADERS}
     */
    public static List<String> labels(DifferentialTree tree, ContextDifference d, String answer) {
        int c = d.context();
        ContextTree contexts = tree.tree();
        TestResult test = d.test();
        return List.of(c == ContextTree.ROOT ? "" : contexts.frame(c).label(), c == ContextTree.ROOT ? "" : contexts.folded(c), //$NON-NLS-1$ //$NON-NLS-2$
                Integer.toString(d.nA()), Integer.toString(d.nB()), Integer.toString(d.presentA()), Integer.toString(d.presentB()),
                number(d.meanA()), number(d.meanB()), number(d.sdA()), number(d.sdB()), number(d.difference()), number(d.relative()),
                tree.settings().test().name(), test.outcome().name(), number(test.statistic()), number(test.degreesOfFreedom()), number(test.p()),
                number(d.q()), Boolean.toString(d.significant()), d.direction().name(), number(tree.x(c)), number(tree.width(c)),
                String.format("#%06X", Integer.valueOf(DifferencePalette.rgb(d))), answer, number(d.share()), number(d.shareLow()), //$NON-NLS-1$
                number(d.shareHigh()), tree.verdict().name(), c == ContextTree.ROOT ? tree.verdictReason().sentence() : ""); //$NON-NLS-1$
    }

    /** @return the answer without a tree */
    private TmfModelResponse<TmfTreeModel<DifferentialTreeEntry>> response(ResultOrStatus<?> status) {
        return status.response(empty(status));
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "" : Double.toString(value); //$NON-NLS-1$
    }
}
