package org.featurecompass.core.compare;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.featurecompass.core.ecct.ExperimentEccts;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.ExecutionValues;
import org.featurecompass.model.compare.diff.GroupComparison;
import org.featurecompass.model.compare.diff.GroupDesign;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupPresets;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.NameSuggestion;

/**
 * One comparison of two groups of the executions of one type of a trace, or of the traces of an
 * experiment or of several traces together (TraceCompare §3.4): the executions
 * ({@link ExperimentExecutions}: each trace's execution table, one after the other) with one ECCT
 * each ({@link ExperimentEccts}, store index = row), read once into {@link ExecutionValues}, the groups' filters ({@link CrossFilter})
 * and the live {@link GroupComparison} that follows them, and the {@link ComparisonSettings}. The
 * Execution Groups view sets the groups, the Differential Flame Graph and Top Differences views
 * draw {@link #compute()}, the command line does both without a view; all share one session per
 * trace and type through {@link ComparisonSessions}.
 * <p>
 * Thread-safe: the model is not, so every access goes through this object's lock (the
 * {@link #read}/{@link #update} methods give the filter to a function under it). Listeners are
 * told after the lock is released, on the thread that made the change.
 */
public final class ComparisonSession {

    /** Buckets of each metric's histogram. */
    public static final int HISTOGRAM_BUCKETS = 50;
    /** Bucket scale of the histograms: durations of executions are long-tailed. */
    public static final HistogramEdges.Scale HISTOGRAM_SCALE = HistogramEdges.Scale.LOG;
    /** Share of the executions in group B of a new session (the slowest, by duration; A: the rest). */
    public static final double INITIAL_SLOWEST_FRACTION = 0.1;

    private final ITmfTrace fTrace;
    private final List<ITmfTrace> fTraces;
    private final String fType;
    private final @Nullable String fDefinitionJson;
    private final List<ExecutionTable> fTables;
    private final EcctStore fStore;
    private final ExperimentExecutions fExecutions;
    private final ExecutionValues fValues;
    private final CrossFilter fFilter;
    private final GroupComparison fComparison;
    private final List<ComparisonListener> fListeners = new CopyOnWriteArrayList<>();
    private ComparisonSettings fSettings = ComparisonSettings.DEFAULT;
    private int fSelected = -1;
    /** Incremented at each group change; with the settings, what the cached tree was computed for. */
    private long fGroupsVersion;
    private @Nullable DifferentialTree fTree;
    private long fTreeVersion = -1;

    /**
     * A session over executions and their ECCTs already computed.
     *
     * @param trace the trace (or experiment) the session is for
     * @param traces the traces of the executions, in row order ({@code trace} itself, an experiment's traces, or several traces)
     * @param eccts the executions of one type of each trace and their ECCTs
     * @param definition the definition of that type, or null if unknown
     */
    public ComparisonSession(ITmfTrace trace, List<ITmfTrace> traces, ExperimentEccts eccts, @Nullable ExecutionDefinition definition) {
        fTrace = trace;
        fTraces = List.copyOf(traces);
        fTables = eccts.tables();
        fType = fTables.get(0).type();
        fDefinitionJson = definition == null ? null : definitionJson(definition);
        fStore = eccts.store();
        fExecutions = eccts.executions();
        fValues = new ExecutionValues(eccts.store());
        fFilter = new CrossFilter(fExecutions, HISTOGRAM_BUCKETS, HISTOGRAM_SCALE);
        if (fExecutions.size() >= 2) {
            GroupPresets.Pair slowest = GroupPresets.slowestVersusRest(fExecutions, MetricColumn.DURATION, INITIAL_SLOWEST_FRACTION);
            fFilter.apply(Group.A, slowest.a());
            fFilter.apply(Group.B, slowest.b());
        }
        fComparison = new GroupComparison(fFilter, fValues);
    }

    /**
     * Computes (or reuses) the executions of a type of a trace, or of each trace of an experiment,
     * and their ECCTs, and makes a session of them. Long: runs the execution, ECCT and, with kernel
     * events, execution-graph analyses. Without registering it: {@link ComparisonSessions#open}
     * shares sessions.
     *
     * @param trace the trace, or an experiment
     * @param type the execution type
     * @param monitor progress and cancellation
     * @return the session, or null if cancelled
     * @throws ComparisonUnavailableException if the type is unknown or an analysis failed
     */
    public static @Nullable ComparisonSession create(ITmfTrace trace, String type, IProgressMonitor monitor)
            throws ComparisonUnavailableException {
        return create(trace, new ArrayList<>(TmfTraceManager.getTraceSet(trace)), type, monitor);
    }

    /**
     * Compares the executions of a type over several traces opened separately (the command line's
     * {@code compare} of several files): their rows one after the other, trace by trace.
     *
     * @param traces the traces, at least one
     * @param type the execution type, defined in every trace
     * @param monitor progress and cancellation
     * @return the session (its {@link #trace()} is the first trace), or null if cancelled
     * @throws ComparisonUnavailableException if a trace lacks the type or an analysis failed
     */
    public static @Nullable ComparisonSession create(List<ITmfTrace> traces, String type, IProgressMonitor monitor)
            throws ComparisonUnavailableException {
        return create(traces.get(0), traces, type, monitor);
    }

    private static @Nullable ComparisonSession create(ITmfTrace trace, List<ITmfTrace> traces, String type, IProgressMonitor monitor)
            throws ComparisonUnavailableException {
        ExperimentEccts eccts;
        try {
            // an experiment's ECCTs follow critical paths across its hosts (ExperimentEccts.of(trace, ...))
            eccts = trace instanceof TmfExperiment ? ExperimentEccts.of(trace, type, monitor) : ExperimentEccts.of(traces, type, monitor);
        } catch (IllegalArgumentException e) { // a trace without that type: the message names it and its types
            throw new ComparisonUnavailableException(String.valueOf(e.getMessage()));
        }
        if (monitor.isCanceled()) {
            return null;
        }
        ExecutionDefinition definition = null;
        for (ITmfTrace each : traces) {
            ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(each, ExecutionAnalysis.class, ExecutionAnalysis.ID);
            ExecutionResult result = module == null ? null : module.getResult();
            if (result == null) {
                String failure = module == null ? null : module.getFailure();
                throw new ComparisonUnavailableException(failure != null ? failure : NLS.bind(Messages.ComparisonSession_NoExecutions, each.getName()));
            }
            if (result.table(type) == null) {
                throw new ComparisonUnavailableException(NLS.bind(Messages.ComparisonSession_NoSuchType,
                        new Object[] { each.getName(), type, String.join(", ", result.tables().keySet()), //$NON-NLS-1$
                                NameSuggestion.hint(type, result.tables().keySet()) }));
            }
            for (ExecutionDefinition d : result.definitions()) {
                definition = definition == null && d.type().equals(type) ? d : definition;
            }
        }
        if (eccts == null) {
            throw new ComparisonUnavailableException(NLS.bind(Messages.ComparisonSession_NoEccts, trace.getName(), type));
        }
        return new ComparisonSession(trace, traces, eccts, definition);
    }

    private static @Nullable String definitionJson(ExecutionDefinition definition) {
        StringWriter out = new StringWriter();
        try {
            ExecutionDefinitionsJson.write(List.of(definition), out);
        } catch (IOException e) {
            return null; // a StringWriter does not fail
        }
        return out.toString();
    }

    /** @return the trace */
    public ITmfTrace trace() {
        return fTrace;
    }

    /** @return the traces of the executions, in row order */
    public List<ITmfTrace> traces() {
        return fTraces;
    }

    /** @return the execution type compared */
    public String type() {
        return fType;
    }

    /** @return the executions (immutable) */
    public ExperimentExecutions executions() {
        return fExecutions;
    }

    /** @return the execution tables the executions come from, one per trace of {@link #traces()} */
    public List<ExecutionTable> tables() {
        return fTables;
    }

    /** @return one ECCT per execution, in execution order, and their union tree (immutable once built) */
    public EcctStore eccts() {
        return fStore;
    }

    /** @return every execution's time per context (immutable) */
    public ExecutionValues values() {
        return fValues;
    }

    // ---- groups ----

    /**
     * Reads the groups under the session's lock: members, sizes, histograms, filters.
     *
     * @param <T> what is read
     * @param reader reads the filter; must not keep it or change it
     * @return what it read
     */
    public synchronized <T> T read(Function<CrossFilter, T> reader) {
        return reader.apply(fFilter);
    }

    /**
     * Changes the groups under the session's lock (a brush drag: {@link CrossFilter#setRange}; a
     * preset: {@link CrossFilter#apply}), then tells the listeners once ({@link ComparisonChange#GROUPS}).
     *
     * @param change changes the filter; must not keep it
     */
    public void update(Consumer<CrossFilter> change) {
        synchronized (this) {
            change.accept(fFilter);
            fGroupsVersion++;
        }
        fire(ComparisonChange.GROUPS);
    }

    /**
     * Replaces both groups' filters.
     *
     * @param a group A's filters (intersected)
     * @param b group B's filters (intersected)
     */
    public void setGroups(List<GroupFilter> a, List<GroupFilter> b) {
        update(filter -> {
            filter.apply(Group.A, a);
            filter.apply(Group.B, b);
        });
    }

    /**
     * @param group a group
     * @return its filters
     */
    public List<GroupFilter> filters(Group group) {
        return read(filter -> filter.filters(group));
    }

    /**
     * @param group a group
     * @return its executions (a copy), rows of {@link #executions()}
     */
    public BitSet members(Group group) {
        return read(filter -> filter.members(group));
    }

    // ---- settings and selection ----

    /** @return the settings */
    public synchronized ComparisonSettings settings() {
        return fSettings;
    }

    /** @param settings new settings; listeners are told ({@link ComparisonChange#SETTINGS}) if they differ */
    public void setSettings(ComparisonSettings settings) {
        synchronized (this) {
            if (settings.equals(fSettings)) {
                return;
            }
            fSettings = settings;
        }
        fire(ComparisonChange.SETTINGS);
    }

    /** @return the calling context selected in a view (a union-tree node), or -1 */
    public synchronized int selectedContext() {
        return fSelected;
    }

    /** @param context the calling context to select (a union-tree node), or -1; listeners are told if it changed */
    public void selectContext(int context) {
        synchronized (this) {
            if (context == fSelected) {
                return;
            }
            fSelected = context;
        }
        fire(ComparisonChange.SELECTION);
    }

    // ---- results ----

    /**
     * @return the differential tree of the current groups and settings (the last one when neither
     *         changed since)
     */
    public synchronized DifferentialTree compute() {
        DifferentialTree tree = fTree;
        if (tree != null && fTreeVersion == fGroupsVersion && tree.settings().equals(fSettings)) {
            return tree;
        }
        tree = fComparison.compute(fSettings);
        fTree = tree;
        fTreeVersion = fGroupsVersion;
        return tree;
    }

    /**
     * Compares other groups with other settings, leaving this session's groups and settings as
     * they are (for a data-provider query or a saved comparison shown beside the live one).
     *
     * @param spec the groups and settings
     * @return their differential tree
     */
    public DifferentialTree compute(ComparisonSpec spec) {
        CrossFilter scratch = scratch(spec);
        return GroupComparison.compare(fValues, scratch.members(Group.A), scratch.members(Group.B), GroupDesign.of(scratch), spec.settings());
    }

    /**
     * @param spec other groups, or null for this session's
     * @return how those groups' executions relate (for the warnings and the answer)
     */
    public GroupRelation relation(@Nullable ComparisonSpec spec) {
        return spec == null ? read(GroupRelation::of) : GroupRelation.of(scratch(spec));
    }

    private CrossFilter scratch(ComparisonSpec spec) {
        CrossFilter scratch = new CrossFilter(fExecutions, 1, HistogramEdges.Scale.LINEAR);
        scratch.apply(Group.A, spec.groupA());
        scratch.apply(Group.B, spec.groupB());
        return scratch;
    }

    /** @return the groups and settings, with the execution type's definition: what a saved comparison or a report holds */
    public synchronized ComparisonSpec spec() {
        return new ComparisonSpec(fDefinitionJson, fFilter.filters(Group.A), fFilter.filters(Group.B), fSettings);
    }

    /**
     * Takes the groups and settings of a saved comparison (its execution definition is not
     * checked: the caller chose this session's type).
     *
     * @param spec the comparison
     */
    public void apply(ComparisonSpec spec) {
        setGroups(spec.groupA(), spec.groupB());
        setSettings(spec.settings());
    }

    // ---- listeners ----

    /** @param listener told of every later change */
    public void addListener(ComparisonListener listener) {
        fListeners.add(Objects.requireNonNull(listener));
    }

    /** @param listener no longer told */
    public void removeListener(ComparisonListener listener) {
        fListeners.remove(listener);
    }

    private void fire(ComparisonChange change) {
        for (ComparisonListener listener : fListeners) {
            listener.changed(this, change);
        }
    }

    /**
     * Stops following the groups; the session is no longer usable. {@link ComparisonSessions}
     * disposes of the sessions it holds; whoever made a session with {@link #create} without
     * registering it disposes of it.
     */
    public synchronized void dispose() {
        fComparison.dispose();
        fListeners.clear();
    }

    @Override
    public String toString() {
        return fTrace.getName() + " / " + fType; //$NON-NLS-1$
    }
}
