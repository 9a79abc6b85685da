package org.featurecompass.ui.views.compare;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.window.Window;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.events.MouseAdapter;
import org.eclipse.swt.events.MouseEvent;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.compare.DifferentialTreeModel;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.diff.StatisticalTest;
import org.featurecompass.model.compare.diff.WidthMode;
import org.featurecompass.ui.viewers.FlameGraphFrame;
import org.featurecompass.ui.viewers.FlameGraphViewer;

/**
 * The Differential Flame Graph (TraceCompare §3.4.2): the calling contexts of the executions of
 * groups A and B, one box per context reached by either group at the differential tree's x and
 * width (max(A, B) of the mean inclusive time per execution by default, so that what shrinks or
 * vanishes stays visible), coloured by the signed difference B − A only where it is significant
 * (Benjamini-Hochberg q &lt; α and the minimum absolute and relative effect), grey elsewhere;
 * contexts reached in one group only are hatched. A legend says the direction in words; the
 * tooltip gives n, means, standard deviations, the test, df, p and q. Toolbar: self time,
 * reset zoom, legend; view menu: the test, the width mode, the thresholds. Double-click zooms,
 * click selects (the Top Differences view follows), the find box outlines matching contexts.
 * The groups are the trace's current comparison session's (see the Execution Groups view).
 */
public class DifferentialFlameGraphView extends ComparisonView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.differentialFlameGraph"; //$NON-NLS-1$

    private final DifferentialFlameGraphContent fContent = new DifferentialFlameGraphContent();
    private @Nullable FlameGraphViewer<Integer> fViewer;
    private @Nullable Label fLegend;
    private @Nullable Label fMatches;
    private @Nullable DifferentialTreeModel fModel;
    private final Action fSelfAction = new Action(Messages.DifferentialFlameGraph_SelfAction, IAction.AS_CHECK_BOX) {
        @Override
        public void run() {
            settings(s -> s.withMeasure(isChecked() ? Measure.SELF : Measure.INCLUSIVE));
        }
    };
    private final Action[] fTestActions = { radio(Messages.ComparisonView_Welch, s -> s.withTest(StatisticalTest.WELCH)),
            radio(Messages.ComparisonView_MannWhitney, s -> s.withTest(StatisticalTest.MANN_WHITNEY)) };
    private final Action[] fWidthActions = { radio(Messages.DifferentialFlameGraph_WidthMax, s -> s.withWidthMode(WidthMode.MAX)),
            radio(Messages.DifferentialFlameGraph_WidthA, s -> s.withWidthMode(WidthMode.A)),
            radio(Messages.DifferentialFlameGraph_WidthB, s -> s.withWidthMode(WidthMode.B)),
            radio(Messages.DifferentialFlameGraph_WidthUnion, s -> s.withWidthMode(WidthMode.UNION)) };

    /** Creates the view. */
    public DifferentialFlameGraphView() {
        super("DifferentialFlameGraphView"); //$NON-NLS-1$
    }

    private Action radio(String text, java.util.function.UnaryOperator<ComparisonSettings> change) {
        return new Action(text, IAction.AS_RADIO_BUTTON) {
            @Override
            public void run() {
                if (isChecked()) {
                    settings(change);
                }
            }
        };
    }

    private void settings(java.util.function.UnaryOperator<ComparisonSettings> change) {
        ComparisonSession session = getSession();
        if (session != null) {
            changeSettings(change.apply(session.settings()));
        }
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.ComparisonView_NoTrace);
        ((GridLayout) root.getLayout()).marginHeight = 2;
        createAnswer(root);
        Label legend = new Label(root, SWT.WRAP);
        legend.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        fLegend = legend;
        Composite find = new Composite(root, SWT.NONE);
        GridLayout findLayout = new GridLayout(3, false);
        findLayout.marginHeight = 0;
        findLayout.marginWidth = 0;
        find.setLayout(findLayout);
        find.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        new Label(find, SWT.NONE).setText(Messages.DifferentialFlameGraph_Find);
        Text search = new Text(find, SWT.SEARCH | SWT.ICON_CANCEL);
        search.setLayoutData(new GridData(200, SWT.DEFAULT));
        search.addModifyListener(e -> setSearch(search.getText()));
        Label matches = new Label(find, SWT.NONE);
        matches.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        fMatches = matches;
        FlameGraphViewer<Integer> viewer = new FlameGraphViewer<>(root, fContent, Messages.DifferentialFlameGraph_ColourTitle);
        viewer.getControl().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.getTimeGraphViewer().getTimeGraphControl().addMouseListener(new MouseAdapter() {
            @Override
            public void mouseUp(@Nullable MouseEvent e) {
                if (e != null && e.button == 1) {
                    FlameGraphFrame<Integer> frame = viewer.frameAt(e.x, e.y);
                    if (frame != null) {
                        selectContext(frame.node().intValue());
                        selectionChanged(frame.node().intValue());
                    }
                }
            }
        });
        fViewer = viewer;
        IToolBarManager toolBar = getViewSite().getActionBars().getToolBarManager();
        fSelfAction.setToolTipText(Messages.DifferentialFlameGraph_SelfTooltip);
        toolBar.add(fSelfAction);
        toolBar.add(viewer.getTimeGraphViewer().getResetScaleAction());
        toolBar.add(viewer.getTimeGraphViewer().getShowLegendAction());
        IMenuManager menu = getViewSite().getActionBars().getMenuManager();
        MenuManager tests = new MenuManager(Messages.DifferentialFlameGraph_TestMenu);
        for (Action action : fTestActions) {
            tests.add(action);
        }
        MenuManager widths = new MenuManager(Messages.DifferentialFlameGraph_WidthMenu);
        for (Action action : fWidthActions) {
            widths.add(action);
        }
        menu.add(tests);
        menu.add(widths);
        menu.add(new Action(Messages.DifferentialFlameGraph_ThresholdsAction) {
            @Override
            public void run() {
                ComparisonSession session = getSession();
                if (session != null) {
                    ThresholdsDialog dialog = new ThresholdsDialog(getSite().getShell(), session.settings());
                    if (dialog.open() == Window.OK) {
                        changeSettings(dialog.result());
                    }
                }
            }
        });
        showLegend(ComparisonSettings.DEFAULT);
        showActiveTrace();
    }

    @Override
    protected void show(@Nullable DifferentialTreeModel model, String summary) {
        FlameGraphViewer<Integer> viewer = fViewer;
        if (viewer == null || viewer.getControl().isDisposed()) {
            return;
        }
        fModel = model;
        DifferentialTree tree = model == null ? null : model.getTree();
        fContent.setInput(tree);
        fContent.setSelected(selectedContext());
        viewer.setInput(tree == null ? null : Integer.valueOf(0), Messages.DifferentialFlameGraph_RootRow);
        String hidden = tree == null ? "" : hiddenByWidth(tree); //$NON-NLS-1$
        setSummary(hidden.isEmpty() ? summary : summary + ' ' + hidden);
        if (tree != null) {
            showLegend(tree.settings());
        }
        updateMatches();
    }

    private void showLegend(ComparisonSettings settings) {
        Label legend = fLegend;
        if (legend != null && !legend.isDisposed()) {
            legend.setText(NLS.bind(Messages.DifferentialFlameGraph_Legend, widthName(settings.widthMode())));
            legend.getParent().layout(true);
        }
        fSelfAction.setChecked(settings.measure() == Measure.SELF);
        for (int i = 0; i < fTestActions.length; i++) {
            fTestActions[i].setChecked(settings.test() == StatisticalTest.values()[i]);
        }
        for (int i = 0; i < fWidthActions.length; i++) {
            fWidthActions[i].setChecked(settings.widthMode() == WidthMode.values()[i]);
        }
    }

    private static String widthName(WidthMode mode) {
        return switch (mode) {
        case MAX -> Messages.DifferentialFlameGraph_WidthMax;
        case A -> Messages.DifferentialFlameGraph_WidthA;
        case B -> Messages.DifferentialFlameGraph_WidthB;
        case UNION -> Messages.DifferentialFlameGraph_WidthUnion;
        };
    }

    /** @return a note on the contexts reached by an execution that have no width in the width mode (not drawn), or "" */
    private String hiddenByWidth(DifferentialTree tree) {
        int hidden = 0;
        for (int c = 1; c < tree.size(); c++) {
            hidden += fContent.isDrawn(c) && fContent.width(Integer.valueOf(c)) <= 0 ? 1 : 0;
        }
        return hidden == 0 ? "" : NLS.bind(Messages.DifferentialFlameGraph_HiddenByWidth, Integer.valueOf(hidden)); //$NON-NLS-1$
    }

    @Override
    protected void selectionChanged(int context) {
        FlameGraphViewer<Integer> viewer = fViewer;
        if (viewer == null || viewer.getControl().isDisposed()) {
            return;
        }
        fContent.setSelected(context);
        FlameGraphFrame<Integer> frame = context < 0 ? null : viewer.frameOf(Integer.valueOf(context));
        if (frame != null) {
            long start = viewer.getTimeGraphViewer().getTime0();
            long end = viewer.getTimeGraphViewer().getTime1();
            if (frame.getTime() + frame.getDuration() <= start || frame.getTime() >= end) {
                viewer.resetZoom(); // the selected box is out of sight
            }
        }
        viewer.redraw();
    }

    /**
     * Outlines the contexts whose frame label contains a text (ignoring case).
     *
     * @param text the text; empty for none
     */
    public void setSearch(String text) {
        fContent.setSearch(text);
        updateMatches();
        FlameGraphViewer<Integer> viewer = fViewer;
        if (viewer != null && !viewer.getControl().isDisposed()) {
            viewer.redraw();
        }
    }

    private void updateMatches() {
        Label matches = fMatches;
        if (matches == null || matches.isDisposed()) {
            return;
        }
        long count = matchingContexts().size();
        matches.setText(count == 0 ? "" : NLS.bind(Messages.DifferentialFlameGraph_Matches, Long.valueOf(count))); //$NON-NLS-1$
        matches.getParent().layout(true);
    }

    /** @return the drawn contexts matching the search (for tests) */
    public List<Integer> matchingContexts() {
        FlameGraphViewer<Integer> viewer = fViewer;
        return viewer == null ? List.of() : viewer.frames().stream().map(FlameGraphFrame::node).filter(fContent::matches).toList();
    }

    @Override
    public void setFocus() {
        FlameGraphViewer<Integer> viewer = fViewer;
        if (viewer != null) {
            viewer.getControl().setFocus();
        }
    }

    /** @return the result drawn, or null (for tests) */
    public @Nullable DifferentialTreeModel getModel() {
        return fModel;
    }

    /** @return the context outlined as selected, or -1 (for tests) */
    public int outlinedContext() {
        return fContent.selected();
    }

    /**
     * Selects a box as a click does (for tests): Top Differences follows.
     *
     * @param node the context
     */
    public void clickContext(int node) {
        selectContext(node);
        selectionChanged(node);
    }

    /** @return the flame-graph viewer (for tests) */
    public @Nullable FlameGraphViewer<Integer> getViewer() {
        return fViewer;
    }

    /** @return the legend's text (for tests) */
    public String getLegendText() {
        Label legend = fLegend;
        return legend == null || legend.isDisposed() ? "" : legend.getText(); //$NON-NLS-1$
    }

    /**
     * @param node a context
     * @return the colour index of its box (for tests)
     */
    public int colourIndex(int node) {
        return fContent.colour(Integer.valueOf(node));
    }

    /**
     * @param node a context
     * @return its tooltip, as shown when hovering its box (for tests)
     */
    public List<String> getTooltip(int node) {
        return fContent.tooltip(Integer.valueOf(node)).entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList(); //$NON-NLS-1$
    }
}
