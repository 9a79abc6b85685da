package org.featurecompass.ui.views.compare;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.RowData;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.featurecompass.core.compare.ComparisonChange;
import org.featurecompass.core.compare.ComparisonListener;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.compare.ComparisonSessions;
import org.featurecompass.core.compare.DifferentialTreeDataProvider;
import org.featurecompass.core.compare.DifferentialTreeEntry;
import org.featurecompass.core.compare.DifferentialTreeModel;
import org.featurecompass.core.execution.ExecutionDataProvider;
import org.featurecompass.core.execution.ExecutionEntry;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.core.execution.ExecutionTreeModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.model.compare.group.CategoryColumn;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupPresets;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.compare.io.ComparisonFile;
import org.featurecompass.model.compare.io.ComparisonFormatException;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.execution.DefinitionFormatException;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.ui.viewers.HistogramCanvas;
import org.featurecompass.ui.views.base.AnalysisResultView;

/**
 * The Execution Groups view: groups A and B of the executions of one type, chosen with
 * cross-filtered histograms (TraceCompare §3.4.1 and §3.4.4). One column per group, one row per
 * metric (duration, CPU, waits, time per feature, arguments, user metrics, start and end) and per
 * category (feature set; trace, for an experiment), each cell the histogram of that dimension over
 * the executions that pass the group's other filters. Dragging a range on a histogram filters
 * that group, and its other histograms follow at once, which reveals correlated metrics. Presets:
 * the slowest 10 % against the rest, a feature on against off; the time range selected in Trace
 * Compass as a group's time range. Below, each group's executions; a double-click selects an
 * execution's time range in Trace Compass. The groups can be saved to and loaded from a
 * comparison file ({@link ComparisonFile}).
 * <p>
 * The groups live in the trace's shared {@link ComparisonSession} (obtained through the
 * differential-tree data provider), so the Differential Flame Graph and Top Differences views
 * follow every change; the view draws the session's state after each change, whoever made it.
 * Only the histograms whose counts or range changed are redrawn.
 */
public class ExecutionGroupsView extends AnalysisResultView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.executionGroups"; //$NON-NLS-1$
    /**
     * The group of the view's menu (and toolbar) where export actions go: contribute to
     * {@code menu:org.featurecompass.ui.views.executionGroups?after=export}; {@link #getSession()}
     * gives the comparison to export.
     */
    public static final String EXPORT_GROUP = "export"; //$NON-NLS-1$
    /** Share of the executions in group B of the "slowest" preset. */
    public static final double SLOWEST_FRACTION = 0.1;
    /**
     * Delay of the execution lists after the last change, ms: a drag redraws the histograms at
     * once, the lists (a table of up to all executions) once the brush rests.
     */
    private static final int LIST_DELAY_MS = 120;

    private @Nullable Combo fTypes;
    private @Nullable Combo fFeatures;
    private @Nullable GroupHistogramGrid fGrid;
    private final Map<Group, GroupExecutionList> fLists = new EnumMap<>(Group.class);
    private volatile @Nullable ComparisonSession fSession;
    private final AtomicBoolean fRefreshPending = new AtomicBoolean();
    private @Nullable Map<Group, GroupState> fListedStates;
    private final Runnable fListRefresh = () -> {
        Map<Group, GroupState> states = fListedStates;
        GroupHistogramGrid grid = fGrid;
        if (states != null && fSession != null && grid != null && !grid.getControl().isDisposed()) {
            states.forEach((group, state) -> fLists.get(group).setMembers(state.members()));
        }
    };
    /** A loaded comparison waiting for the session of its execution type. */
    private @Nullable ComparisonSpec fPendingSpec;
    private final ComparisonListener fListener = (session, change) -> {
        if (change == ComparisonChange.GROUPS && session == fSession) {
            scheduleRefresh();
        }
    };
    private final ComparisonSessions.CurrentListener fCurrentListener = (trace, session) -> onUiThread(() -> {
        if (session != null && trace == getShownTrace() && session != fSession) {
            attach(session); // another view chose another type
        }
    });

    /** Creates the view. */
    public ExecutionGroupsView() {
        super("ExecutionGroupsView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.ExecutionGroupsView_NoTrace);
        Composite bar = new Composite(root, SWT.NONE);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        RowLayout barLayout = new RowLayout(SWT.HORIZONTAL);
        barLayout.wrap = true;
        barLayout.center = true;
        barLayout.marginLeft = 0;
        bar.setLayout(barLayout);
        new Label(bar, SWT.NONE).setText(Messages.ExecutionGroupsView_Type);
        Combo types = new Combo(bar, SWT.READ_ONLY);
        types.setLayoutData(new RowData(180, SWT.DEFAULT));
        types.addListener(SWT.Selection, e -> typeChosen());
        fTypes = types;
        button(bar, Messages.ExecutionGroupsView_Slowest, Messages.ExecutionGroupsView_SlowestTip, this::applySlowestPreset);
        new Label(bar, SWT.NONE).setText(Messages.ExecutionGroupsView_Feature);
        Combo features = new Combo(bar, SWT.READ_ONLY);
        features.setLayoutData(new RowData(120, SWT.DEFAULT));
        fFeatures = features;
        button(bar, Messages.ExecutionGroupsView_FeatureOnOff, Messages.ExecutionGroupsView_FeatureOnOffTip, () -> {
            if (features.getSelectionIndex() >= 0) {
                applyFeaturePreset(features.getItem(features.getSelectionIndex()));
            }
        });
        for (Group group : Group.values()) {
            button(bar, NLS.bind(Messages.ExecutionGroupsView_TimeTo, group.name()), NLS.bind(Messages.ExecutionGroupsView_TimeToTip, group.name()),
                    () -> useTimeSelection(group));
        }
        for (Group group : Group.values()) {
            button(bar, NLS.bind(Messages.ExecutionGroupsView_Clear, group.name()), NLS.bind(Messages.ExecutionGroupsView_ClearTip, group.name()),
                    () -> clearGroup(group));
        }
        button(bar, Messages.ExecutionGroupsView_Save, Messages.ExecutionGroupsView_SaveTip, this::saveWithDialog);
        button(bar, Messages.ExecutionGroupsView_Load, Messages.ExecutionGroupsView_LoadTip, this::loadWithDialog);

        SashForm sash = new SashForm(root, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        fGrid = new GroupHistogramGrid(sash, new GroupHistogramGrid.FilterSink() {
            @Override
            public void range(Group group, String metric, double min, double max) {
                change(filter -> filter.setRange(group, metric, min, max));
            }

            @Override
            public void labels(Group group, String category, @Nullable Set<String> labels) {
                change(filter -> {
                    if (labels == null) {
                        filter.clearCategories(group, category);
                    } else {
                        filter.setCategories(group, category, labels);
                    }
                });
            }
        });
        SashForm lists = new SashForm(sash, SWT.HORIZONTAL);
        for (Group group : Group.values()) {
            fLists.put(group, new GroupExecutionList(lists, group, GroupColours.rgb(group), this::selectExecution));
        }
        sash.setWeights(new int[] { 68, 32 });

        IMenuManager menu = getViewSite().getActionBars().getMenuManager();
        menu.add(new GroupMarker(EXPORT_GROUP));
        getViewSite().getActionBars().getToolBarManager().add(new GroupMarker(EXPORT_GROUP));
        ComparisonSessions.getInstance().addListener(fCurrentListener);
        showActiveTrace();
    }

    private static void button(Composite parent, String text, String tip, Runnable action) {
        Button button = new Button(parent, SWT.PUSH);
        button.setText(text);
        button.setToolTipText(tip);
        button.addListener(SWT.Selection, e -> action.run());
    }

    @Override
    public void setFocus() {
        Combo types = fTypes;
        if (types != null && !types.isDisposed()) {
            types.setFocus();
        }
    }

    @Override
    public void dispose() {
        ComparisonSessions.getInstance().removeListener(fCurrentListener);
        detach();
        super.dispose();
    }

    // ---- trace, type, session ----

    @Override
    protected void update(ITmfTrace trace, @Nullable AnalysisWindow window) {
        onUiThread(() -> {
            detachAndClear();
            Combo types = fTypes;
            if (types != null && !types.isDisposed()) {
                types.removeAll(); // the previous trace's types
            }
        });
        ExecutionDataProvider provider = DataProviderLookup.get(trace, ExecutionDataProvider.ID, ExecutionDataProvider.class);
        if (provider == null) {
            onUiThread(() -> setSummary(NLS.bind(Messages.ExecutionGroupsView_NotSupported, trace.getName())));
            return;
        }
        String running = NLS.bind(Messages.ExecutionGroupsView_Running, trace.getName());
        onUiThread(() -> setSummary(running));
        fetchTree(NLS.bind(Messages.ExecutionGroupsView_JobName, trace.getName()), provider, Map.of(), running,
                new TreeResponseHandler<ExecutionEntry>() {
                    @Override
                    public void completed(TmfTreeModel<ExecutionEntry> model) {
                        ExecutionResult result = model instanceof ExecutionTreeModel executions ? executions.getResult() : null;
                        List<String> types = result == null ? List.of() : List.copyOf(result.tables().keySet());
                        showIfCurrent(trace, window, () -> showTypes(trace, types));
                    }

                    @Override
                    public void failed(String message) {
                        showIfCurrent(trace, window, () -> setSummary(NLS.bind(Messages.ExecutionGroupsView_Failed, trace.getName(), message)));
                    }
                });
    }

    @Override
    protected void showNoTrace() {
        onUiThread(() -> {
            detachAndClear();
            Combo types = fTypes;
            if (types != null && !types.isDisposed()) {
                types.removeAll();
            }
            setSummary(Messages.ExecutionGroupsView_NoTrace);
        });
    }

    /** Fills the type choice and opens the session of the type shown (the current one, if the trace has one). */
    private void showTypes(ITmfTrace trace, List<String> types) {
        Combo combo = fTypes;
        if (combo == null || combo.isDisposed()) {
            return;
        }
        String previous = combo.getSelectionIndex() >= 0 ? combo.getItem(combo.getSelectionIndex()) : null;
        combo.setItems(types.toArray(new String[0]));
        if (types.isEmpty()) {
            setSummary(NLS.bind(Messages.ExecutionGroupsView_NoTypes, trace.getName()));
            return;
        }
        ComparisonSession current = ComparisonSessions.getInstance().current(trace);
        String type = current != null && types.contains(current.type()) ? current.type()
                : previous != null && types.contains(previous) ? previous : types.get(0);
        combo.select(types.indexOf(type));
        openType(trace, type);
    }

    private void typeChosen() {
        Combo combo = fTypes;
        ITmfTrace trace = getShownTrace();
        if (combo != null && trace != null && combo.getSelectionIndex() >= 0) {
            openType(trace, combo.getItem(combo.getSelectionIndex()));
        }
    }

    /** Obtains the session of a type through the differential-tree data provider (it builds the ECCTs the first time). */
    private void openType(ITmfTrace trace, String type) {
        DifferentialTreeDataProvider provider = DataProviderLookup.get(trace, DifferentialTreeDataProvider.ID, DifferentialTreeDataProvider.class);
        if (provider == null) {
            setSummary(NLS.bind(Messages.ExecutionGroupsView_NotSupported, trace.getName()));
            return;
        }
        AnalysisWindow window = getShownWindow();
        String running = NLS.bind(Messages.ExecutionGroupsView_Building, type);
        setSummary(running);
        fetchTree(NLS.bind(Messages.ExecutionGroupsView_SessionJobName, type, trace.getName()), provider,
                Map.of(DifferentialTreeDataProvider.TYPE_KEY, type), running, new TreeResponseHandler<DifferentialTreeEntry>() {
                    @Override
                    public void completed(TmfTreeModel<DifferentialTreeEntry> model) {
                        ComparisonSession session = model instanceof DifferentialTreeModel tree ? tree.getSession() : null;
                        if (session == null) {
                            failed(String.valueOf(model));
                            return;
                        }
                        showIfCurrent(trace, window, () -> attach(session));
                    }

                    @Override
                    public void failed(String message) {
                        showIfCurrent(trace, window, () -> {
                            fPendingSpec = null; // a loaded comparison waiting for this type is not applied to another
                            setSummary(NLS.bind(Messages.ExecutionGroupsView_Failed, trace.getName(), message));
                        });
                    }
                });
    }

    /** Shows a session: builds the rows for its executions and follows its changes. On the UI thread. */
    private void attach(ComparisonSession session) {
        GroupHistogramGrid grid = fGrid;
        if (grid == null || grid.getControl().isDisposed()) {
            return;
        }
        if (session != fSession) {
            detach();
            fSession = session;
            session.addListener(fListener);
            ComparisonSessions.getInstance().setCurrent(session);
            Combo types = fTypes;
            if (types != null) {
                int index = Arrays.asList(types.getItems()).indexOf(session.type());
                if (index >= 0 && index != types.getSelectionIndex()) {
                    types.select(index);
                }
            }
            ExperimentExecutions executions = session.executions();
            Map<String, HistogramEdges> edges = session.read(filter -> {
                Map<String, HistogramEdges> byMetric = new LinkedHashMap<>();
                executions.metrics().forEach(m -> byMetric.put(m.name(), filter.edges(m.name())));
                return byMetric;
            });
            grid.setExecutions(executions, edges);
            fLists.values().forEach(list -> list.setExecutions(executions));
            fillFeatures(executions);
        }
        ComparisonSpec pending = fPendingSpec;
        if (pending != null) {
            fPendingSpec = null;
            applySpec(session, pending, null);
        }
        refresh();
    }

    private void detach() {
        ComparisonSession session = fSession;
        if (session != null) {
            session.removeListener(fListener);
        }
        fSession = null;
    }

    private void detachAndClear() {
        detach();
        GroupHistogramGrid grid = fGrid;
        if (grid != null && !grid.getControl().isDisposed()) {
            grid.setExecutions(null, Map.of());
            fLists.values().forEach(list -> list.setExecutions(null));
        }
    }

    private void fillFeatures(ExperimentExecutions executions) {
        Combo combo = fFeatures;
        if (combo == null) {
            return;
        }
        Set<String> features = new TreeSet<>();
        CategoryColumn sets = executions.categories().get(executions.categoryIndex(ExperimentExecutions.FEATURE_SET));
        sets.labels().forEach(label -> features.addAll(FeatureSet.parseInteraction(label).features()));
        combo.setItems(features.toArray(new String[0]));
        if (!features.isEmpty()) {
            combo.select(0);
        }
    }

    // ---- changes: all go to the session, whose listener redraws ----

    /** Changes the groups of the session shown, if any; the redraw follows from the session's notification. */
    private void change(Consumer<CrossFilter> change) {
        ComparisonSession session = fSession;
        if (session != null) {
            session.update(change);
        }
    }

    /** Redraws once after any number of changes (a drag sends one per bucket crossed). */
    private void scheduleRefresh() {
        if (fRefreshPending.compareAndSet(false, true)) {
            onUiThread(() -> {
                fRefreshPending.set(false);
                refresh();
            });
        }
    }

    /** Draws the session's groups: sizes, histograms, category counts, member lists. On the UI thread. */
    private void refresh() {
        ComparisonSession session = fSession;
        GroupHistogramGrid grid = fGrid;
        if (session == null || grid == null || grid.getControl().isDisposed()) {
            return;
        }
        Map<Group, GroupState> states = session.read(filter -> {
            Map<Group, GroupState> read = new EnumMap<>(Group.class);
            for (Group group : Group.values()) {
                read.put(group, GroupState.read(filter, group));
            }
            return read;
        });
        int total = session.executions().size();
        grid.show(states, total);
        fListedStates = states;
        Display display = grid.getControl().getDisplay();
        display.timerExec(-1, fListRefresh);
        display.timerExec(LIST_DELAY_MS, fListRefresh);
        setSummary(NLS.bind(Messages.ExecutionGroupsView_Summary, new Object[] { session.trace().getName(), session.type(),
                String.format("%,d", total), String.format("%,d", states.get(Group.A).size()), //$NON-NLS-1$ //$NON-NLS-2$
                String.format("%,d", states.get(Group.B).size()) })); //$NON-NLS-1$
    }

    // ---- presets, time range, clearing ----

    /** Group B: the slowest {@value #SLOWEST_FRACTION} of the executions by duration; A: the rest. */
    public void applySlowestPreset() {
        ComparisonSession session = fSession;
        if (session == null) {
            return;
        }
        try {
            GroupPresets.Pair pair = GroupPresets.slowestVersusRest(session.executions(), MetricColumn.DURATION, SLOWEST_FRACTION);
            session.setGroups(pair.a(), pair.b());
        } catch (IllegalArgumentException e) {
            setSummary(NLS.bind(Messages.ExecutionGroupsView_PresetFailed, e.getMessage()));
        }
    }

    /**
     * Group B: the executions whose feature set contains a feature; A: the others.
     *
     * @param feature the feature
     */
    public void applyFeaturePreset(String feature) {
        ComparisonSession session = fSession;
        if (session == null) {
            return;
        }
        try {
            GroupPresets.Pair pair = GroupPresets.featureOnVersusOff(session.executions(), ExperimentExecutions.FEATURE_SET, feature);
            session.setGroups(pair.a(), pair.b());
        } catch (IllegalArgumentException e) {
            setSummary(NLS.bind(Messages.ExecutionGroupsView_PresetFailed, e.getMessage()));
        }
    }

    /**
     * Keeps in a group only the executions inside the time range selected in Trace Compass.
     *
     * @param group the group
     */
    public void useTimeSelection(Group group) {
        ComparisonSession session = fSession;
        if (session == null) {
            return;
        }
        TmfTimeRange selection = TmfTraceManager.getInstance().getTraceContext(session.trace()).getSelectionRange();
        long begin = selection.getStartTime().toNanos();
        long end = selection.getEndTime().toNanos();
        if (begin == end) {
            setSummary(Messages.ExecutionGroupsView_NoTimeSelection);
            return;
        }
        change(filter -> filter.setTimeRange(group, Math.min(begin, end), Math.max(begin, end)));
    }

    /**
     * Removes every filter of a group: it holds all executions.
     *
     * @param group the group
     */
    public void clearGroup(Group group) {
        change(filter -> filter.apply(group, List.of()));
    }

    // ---- execution lists ----

    /** Selects the time range of an execution in Trace Compass (all views follow), as the Executions view does. */
    private void selectExecution(int row) {
        ComparisonSession session = fSession;
        if (session == null) {
            return;
        }
        ExecutionTable table = session.executions().table(row);
        int r = session.executions().rowInTable(row);
        TmfSignalManager.dispatchSignal(new TmfSelectionRangeUpdatedSignal(this, TmfTimestamp.fromNanos(table.start(r)),
                TmfTimestamp.fromNanos(table.end(r))));
    }

    // ---- saving and loading ----

    private void saveWithDialog() {
        ComparisonSession session = fSession;
        Composite parent = getParentComposite();
        if (session == null || parent == null) {
            return;
        }
        FileDialog dialog = new FileDialog(parent.getShell(), SWT.SAVE);
        dialog.setFilterExtensions(new String[] { "*.json", "*" }); //$NON-NLS-1$ //$NON-NLS-2$
        dialog.setFileName(session.type().replaceAll("[^A-Za-z0-9._-]+", "_") + "-comparison.json"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        dialog.setOverwrite(true);
        String file = dialog.open();
        if (file != null) {
            save(Path.of(file));
        }
    }

    private void loadWithDialog() {
        Composite parent = getParentComposite();
        if (fSession == null || parent == null) {
            return;
        }
        FileDialog dialog = new FileDialog(parent.getShell(), SWT.OPEN);
        dialog.setFilterExtensions(new String[] { "*.json", "*" }); //$NON-NLS-1$ //$NON-NLS-2$
        String file = dialog.open();
        if (file != null) {
            load(Path.of(file));
        }
    }

    /**
     * Saves the groups, the settings and the execution definition of the comparison shown.
     *
     * @param file the file
     * @return whether it was written (otherwise the summary says why)
     */
    public boolean save(Path file) {
        ComparisonSession session = fSession;
        if (session == null) {
            return false;
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            ComparisonFile.write(session.spec(), out);
            setSummary(NLS.bind(Messages.ExecutionGroupsView_Saved, file));
            return true;
        } catch (IOException e) {
            setSummary(NLS.bind(Messages.ExecutionGroupsView_NotSaved, file, e.getMessage()));
            return false;
        }
    }

    /**
     * Loads a saved comparison: its groups and settings replace the session's. When it compares
     * another execution type of the trace, that type is shown first.
     *
     * @param file the file
     * @return whether it was applied or is being applied (otherwise the summary says why)
     */
    public boolean load(Path file) {
        ComparisonSession session = fSession;
        ITmfTrace trace = getShownTrace();
        if (session == null || trace == null) {
            return false;
        }
        ComparisonSpec spec;
        String type;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            spec = ComparisonFile.read(in);
            type = typeOf(spec);
        } catch (IOException | ComparisonFormatException | DefinitionFormatException e) {
            setSummary(NLS.bind(Messages.ExecutionGroupsView_NotLoaded, file, e.getMessage()));
            return false;
        }
        Combo types = fTypes;
        if (type != null && !type.equals(session.type()) && types != null) {
            int index = Arrays.asList(types.getItems()).indexOf(type);
            if (index < 0) {
                setSummary(NLS.bind(Messages.ExecutionGroupsView_NotLoaded, file, NLS.bind(Messages.ExecutionGroupsView_OtherType, type, trace.getName())));
                return false;
            }
            fPendingSpec = spec;
            types.select(index);
            openType(trace, type);
            return true;
        }
        return applySpec(session, spec, file);
    }

    /** @return the execution type a saved comparison was made for, or null if it does not say */
    private static @Nullable String typeOf(ComparisonSpec spec) throws IOException, DefinitionFormatException {
        String json = spec.executionDefinition();
        if (json == null) {
            return null;
        }
        List<ExecutionDefinition> definitions = ExecutionDefinitionsJson.read(new StringReader(json));
        return definitions.isEmpty() ? null : definitions.get(0).type();
    }

    /** Applies a comparison whose filters all name metrics, categories and labels of the session's executions. */
    private boolean applySpec(ComparisonSession session, ComparisonSpec spec, @Nullable Path file) {
        List<String> unknown = new ArrayList<>();
        ExperimentExecutions executions = session.executions();
        List<GroupFilter> all = new ArrayList<>(spec.groupA());
        all.addAll(spec.groupB());
        for (GroupFilter filter : all) {
            try {
                if (filter instanceof GroupFilter.MetricRange range) {
                    executions.metricIndex(range.metric());
                } else if (filter instanceof GroupFilter.CategorySet set) {
                    CategoryColumn column = executions.categories().get(executions.categoryIndex(set.category()));
                    set.labels().stream().filter(label -> column.code(label) < 0).forEach(label -> unknown.add(set.category() + ' ' + label));
                }
            } catch (IllegalArgumentException e) {
                unknown.add(e.getMessage());
            }
        }
        String name = file == null ? session.type() : file.toString();
        if (!unknown.isEmpty()) {
            setSummary(NLS.bind(Messages.ExecutionGroupsView_NotLoaded, name, String.join("; ", unknown))); //$NON-NLS-1$
            return false;
        }
        session.apply(spec);
        setSummary(NLS.bind(Messages.ExecutionGroupsView_Loaded, name));
        return true;
    }

    // ---- for tests and for export actions ----

    /** @return the choice of execution type (for tests) */
    public @Nullable Combo getTypeCombo() {
        return fTypes;
    }

    /** @return the trace shown, or null */
    public @Nullable ITmfTrace getTrace() {
        return getShownTrace();
    }

    /** @return the comparison session shown (for export actions), or null */
    public @Nullable ComparisonSession getSession() {
        return fSession;
    }

    /**
     * @param group a group
     * @param metric a metric name
     * @return its histogram widget, or null if none is shown
     */
    public @Nullable HistogramCanvas getHistogram(Group group, String metric) {
        GroupHistogramGrid grid = fGrid;
        return grid == null ? null : grid.canvas(group, metric);
    }

    /** @return the metrics with a histogram row, in the order shown */
    public List<String> getMetricsShown() {
        GroupHistogramGrid grid = fGrid;
        return grid == null ? List.of() : grid.metricsShown();
    }

    /**
     * @param group a group
     * @return the SWT table listing its executions
     */
    public Table getExecutionTable(Group group) {
        return fLists.get(group).getTable();
    }

    /**
     * @param group a group
     * @return the executions listed, rows of the session's executions, in order
     */
    public int[] getListedExecutions(Group group) {
        return fLists.get(group).getRows();
    }

    /**
     * @param group a group
     * @param category a category name
     * @return its check list of labels, or null if not shown
     */
    public @Nullable Table getCategoryTable(Group group, String category) {
        GroupHistogramGrid grid = fGrid;
        return grid == null ? null : grid.categoryTable(group, category);
    }
}
