package org.featurecompass.ui.views.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.compare.ComparisonChange;
import org.featurecompass.core.compare.ComparisonListener;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.compare.ComparisonSessions;
import org.featurecompass.core.compare.ContextSelectedSignal;
import org.featurecompass.core.compare.DifferentialTreeDataProvider;
import org.featurecompass.core.compare.DifferentialTreeEntry;
import org.featurecompass.core.compare.DifferentialTreeModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupFilter.CategorySet;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.group.GroupFilter.TimeRange;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.ui.views.base.AnalysisResultView;
import org.featurecompass.ui.views.feature.FeatureTimeFormat;

/**
 * What the comparison views share: they show the differential tree of the trace's current
 * {@link ComparisonSession} (or, when none is current yet, of its first execution type, whose
 * session then becomes current), fetched from the {@link DifferentialTreeDataProvider} in the
 * view's job, and they follow the session: a group or settings change (the Execution Groups
 * view's brushes, a toggle of either view) fetches the tree again; a context selected in one view
 * is selected in the other, through the Trace Compass signal {@link ContextSelectedSignal}.
 */
public abstract class ComparisonView extends AnalysisResultView {

    private final ComparisonListener fSessionListener = this::sessionChanged;
    private final ComparisonSessions.CurrentListener fCurrentListener = this::currentChanged;
    private @Nullable ComparisonSession fSession;
    private int fSelected = -1;
    private @Nullable DifferentialTree fTree;
    private @Nullable Label fAnswer;
    private static final String ANSWER_HEADER = "answer"; //$NON-NLS-1$

    /** @param name the view's name, for Trace Compass */
    protected ComparisonView(String name) {
        super(name);
        ComparisonSessions.getInstance().addListener(fCurrentListener);
    }

    /** @return the session shown, or null */
    public @Nullable ComparisonSession getSession() {
        return fSession;
    }

    @Override
    protected void update(ITmfTrace trace, @Nullable AnalysisWindow window) {
        DifferentialTreeDataProvider provider = DataProviderLookup.get(trace, DifferentialTreeDataProvider.ID, DifferentialTreeDataProvider.class);
        if (provider == null) {
            show(null, NLS.bind(Messages.ComparisonView_NoProvider, trace.getName()));
            return;
        }
        Map<String, Object> parameters = new HashMap<>();
        ComparisonSession current = ComparisonSessions.getInstance().current(trace);
        if (current != null) {
            parameters.put(DifferentialTreeDataProvider.TYPE_KEY, current.type());
        }
        fetchTree(NLS.bind(Messages.ComparisonView_JobName, trace.getName()), provider, parameters,
                NLS.bind(Messages.ComparisonView_Running, trace.getName()), new TreeResponseHandler<DifferentialTreeEntry>() {
                    @Override
                    public void completed(TmfTreeModel<DifferentialTreeEntry> model) {
                        DifferentialTreeModel tree = (DifferentialTreeModel) model;
                        ComparisonSession session = tree.getSession();
                        if (session != null && ComparisonSessions.getInstance().current(trace) == null) {
                            ComparisonSessions.getInstance().setCurrent(session);
                        }
                        showIfCurrent(trace, window, () -> {
                            attach(session);
                            fTree = tree.getTree();
                            showAnswer(tree);
                            show(tree, summary(tree));
                        });
                    }

                    @Override
                    public void failed(String message) {
                        showIfCurrent(trace, window, () -> {
                            attach(null);
                            fTree = null;
                            showAnswer(null);
                            show(null, message);
                        });
                    }
                });
    }

    @Override
    protected void showNoTrace() {
        onUiThread(() -> {
            attach(null);
            showAnswer(null);
            show(null, Messages.ComparisonView_NoTrace);
        });
    }

    /**
     * Shows a result, on the UI thread.
     *
     * @param model the differential tree, or null
     * @param summary the summary line
     */
    protected abstract void show(@Nullable DifferentialTreeModel model, String summary);

    /**
     * The selected context changed (in this view or another), on the UI thread.
     *
     * @param context the union-tree node, or -1
     */
    protected abstract void selectionChanged(int context);

    /** @return the calling context selected in a comparison view of the session shown, or -1 */
    public int selectedContext() {
        return fSelected;
    }

    /**
     * Selects a calling context in this view and tells the other comparison views, as a user
     * selection does.
     *
     * @param context the differential tree's node, or -1
     */
    protected void selectContext(int context) {
        ComparisonSession session = fSession;
        if (session == null || context == fSelected) {
            return;
        }
        fSelected = context;
        DifferentialTree tree = fTree;
        String path = tree != null && context > 0 && context < tree.size() ? tree.tree().folded(context) : ""; //$NON-NLS-1$
        TmfSignalManager.dispatchSignal(new ContextSelectedSignal(this, session.trace(), session.type(), context, path));
    }

    /**
     * Another comparison view selected a context: shows it if it is of the session shown.
     *
     * @param signal the selection
     */
    @TmfSignalHandler
    public void contextSelected(ContextSelectedSignal signal) {
        if (signal.getSource() == this) {
            return;
        }
        onUiThread(() -> {
            ComparisonSession session = fSession;
            if (session != null && signal.getTrace() == session.trace() && signal.getType().equals(session.type())) {
                fSelected = signal.getContext();
                selectionChanged(fSelected);
            }
        });
    }

    /**
     * Adds the answer line above the summary: the comparison's answer in one sentence (the root
     * entry's {@code answer} label, {@link org.featurecompass.model.compare.report.ComparisonAnswer}),
     * in bold, as every report starts with it.
     *
     * @param root the view's root, made by {@link #createRootWithSummary}
     */
    protected void createAnswer(Composite root) {
        Label answer = new Label(root, SWT.WRAP);
        answer.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        FontData[] bold = answer.getFont().getFontData();
        for (FontData data : bold) {
            data.setStyle(SWT.BOLD);
        }
        Font font = new Font(answer.getDisplay(), bold);
        answer.setFont(font);
        answer.addListener(SWT.Dispose, e -> font.dispose());
        answer.moveAbove(root.getChildren()[0]);
        fAnswer = answer;
    }

    /** @return the answer shown, or "" (for tests) */
    public String getAnswerText() {
        Label answer = fAnswer;
        return answer == null || answer.isDisposed() ? "" : answer.getText(); //$NON-NLS-1$
    }

    private void showAnswer(@Nullable DifferentialTreeModel model) {
        Label answer = fAnswer;
        if (answer == null || answer.isDisposed()) {
            return;
        }
        String text = ""; //$NON-NLS-1$
        int column = DifferentialTreeModel.HEADERS.indexOf(ANSWER_HEADER);
        if (model != null && !model.getEntries().isEmpty() && column >= 0 && column < model.getEntries().get(0).getLabels().size()) {
            text = model.getEntries().get(0).getLabels().get(column);
        }
        answer.setText(text);
        ((GridData) answer.getLayoutData()).exclude = text.isEmpty();
        answer.setVisible(!text.isEmpty());
        answer.getParent().layout(true);
    }

    /** Fetches the tree again, for the trace and window shown. */
    protected void refresh() {
        ITmfTrace trace = getShownTrace();
        if (trace != null) {
            showTrace(trace, getShownWindow());
        }
    }

    /**
     * Changes the session's settings (the views follow through the session's listeners).
     *
     * @param settings the new settings
     */
    protected void changeSettings(ComparisonSettings settings) {
        ComparisonSession session = fSession;
        if (session != null) {
            session.setSettings(settings);
        }
    }

    private void attach(@Nullable ComparisonSession session) {
        ComparisonSession old = fSession;
        if (old == session) {
            return;
        }
        if (old != null) {
            old.removeListener(fSessionListener);
        }
        fSession = session;
        fSelected = -1;
        if (session != null) {
            session.addListener(fSessionListener);
        }
    }

    private void sessionChanged(ComparisonSession session, ComparisonChange change) {
        if (change != ComparisonChange.SELECTION) { // selections travel as signals
            onUiThread(() -> {
                if (session == fSession) {
                    refresh();
                }
            });
        }
    }

    private void currentChanged(ITmfTrace trace, @Nullable ComparisonSession session) {
        onUiThread(() -> {
            if (trace == getShownTrace() && session != fSession) {
                refresh();
            }
        });
    }

    @Override
    public void dispose() {
        ComparisonSessions.getInstance().removeListener(fCurrentListener);
        attach(null);
        super.dispose();
    }

    /** @return the summary line of a result: trace, type, both groups, how many contexts differ, under which settings */
    private static String summary(DifferentialTreeModel model) {
        DifferentialTree tree = model.getTree();
        ComparisonSession session = model.getSession();
        ComparisonSpec spec = model.getSpec();
        if (tree == null || session == null || spec == null) {
            return ""; //$NON-NLS-1$
        }
        int contexts = model.getEntries().size() - 1;
        long significant = model.getEntries().stream().filter(e -> e.getId() != 0 && e.getDifference().significant()).count();
        return NLS.bind(Messages.ComparisonView_Summary, new Object[] { session.trace().getName(), session.type(),
                count(tree.context(0).nA()), describe(spec.groupA(), session), count(tree.context(0).nB()), describe(spec.groupB(), session),
                count(significant), count(contexts), describe(tree.settings()) });
    }

    /** @return the settings in words */
    static String describe(ComparisonSettings settings) {
        return NLS.bind(Messages.ComparisonView_SettingsSummary, new Object[] {
                switch (settings.test()) {
                case WELCH -> Messages.ComparisonView_Welch;
                case MANN_WHITNEY -> Messages.ComparisonView_MannWhitney;
                },
                settings.measure() == Measure.SELF ? Messages.ComparisonView_Self : Messages.ComparisonView_Inclusive,
                String.format(Locale.ROOT, "%.3g", settings.alpha()), FeatureTimeFormat.mean(settings.minAbsoluteNs()), //$NON-NLS-1$
                String.format(Locale.ROOT, "%.0f %%", 100 * settings.minRelative()) }); //$NON-NLS-1$
    }

    /** @return a group's filters in words, e.g. {@code duration ≥ 1.23 ms, feature set ∈ {A, A*B}} */
    static String describe(List<GroupFilter> filters, ComparisonSession session) {
        if (filters.isEmpty()) {
            return Messages.ComparisonView_AllExecutions;
        }
        List<String> parts = new ArrayList<>();
        for (GroupFilter filter : filters) {
            if (filter instanceof MetricRange r) {
                boolean ns = session.executions().metrics().stream().anyMatch(m -> m.name().equals(r.metric()) && m.unit() == MetricUnit.NANOSECONDS);
                String min = ns ? FeatureTimeFormat.mean(r.min()) : String.format(Locale.ROOT, "%.4g", r.min()); //$NON-NLS-1$
                String max = ns ? FeatureTimeFormat.mean(r.max()) : String.format(Locale.ROOT, "%.4g", r.max()); //$NON-NLS-1$
                if (r.min() == Double.NEGATIVE_INFINITY) {
                    parts.add(r.metric() + " < " + max); //$NON-NLS-1$
                } else if (r.max() == Double.POSITIVE_INFINITY) {
                    parts.add(r.metric() + " \u2265 " + min); //$NON-NLS-1$
                } else {
                    parts.add(r.metric() + " \u2208 [" + min + ", " + max + ")"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
            } else if (filter instanceof CategorySet c) {
                parts.add(c.category() + " \u2208 {" + String.join(", ", new TreeSet<>(c.labels())) + "}"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            } else if (filter instanceof TimeRange t) {
                parts.add("[" + t.startNs() + ", " + t.endNs() + "] ns"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
        return String.join(", ", parts); //$NON-NLS-1$
    }

    private static String count(long n) {
        return String.format("%,d", Long.valueOf(n)); //$NON-NLS-1$
    }
}
