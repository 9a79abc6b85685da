package org.featurecompass.ui.perspective;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;
import org.featurecompass.ui.views.compare.DifferentialFlameGraphView;
import org.featurecompass.ui.views.compare.ExecutionGroupsView;
import org.featurecompass.ui.views.compare.TopDifferencesView;
import org.featurecompass.ui.views.ecct.EcctFlameGraphView;
import org.featurecompass.ui.views.execution.ExecutionsView;

/**
 * The Comparison perspective, laid out for comparing two groups of executions (the route of
 * <em>Compare executions…</em>): the Project Explorer in a narrow column, Execution Groups large on
 * the left (its histograms are the brushes), the Differential Flame Graph and Top Differences
 * beside it, one above the other, each in its own stack so that every title stays whole at
 * 1600×1000. The trace editor is hidden: the comparison views follow the active trace or
 * experiment, not the events table.
 */
public class ComparisonPerspective implements IPerspectiveFactory {

    /** The perspective id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.comparisonPerspective"; //$NON-NLS-1$

    @Override
    public void createInitialLayout(@Nullable IPageLayout layout) {
        if (layout == null) {
            return;
        }
        String editorArea = layout.getEditorArea();
        layout.setEditorAreaVisible(false);
        layout.addView(IPageLayout.ID_PROJECT_EXPLORER, IPageLayout.LEFT, 0.16f, editorArea);
        IFolderLayout groups = layout.createFolder(ID + ".groups", IPageLayout.LEFT, 0.55f, editorArea); //$NON-NLS-1$
        groups.addView(ExecutionGroupsView.ID);
        groups.addPlaceholder(ExecutionsView.ID);
        IFolderLayout flameGraph = layout.createFolder(ID + ".flameGraph", IPageLayout.TOP, 0.95f, editorArea); //$NON-NLS-1$ (the hidden editor area keeps nothing)
        flameGraph.addView(DifferentialFlameGraphView.ID);
        flameGraph.addPlaceholder(EcctFlameGraphView.ID);
        IFolderLayout top = layout.createFolder(ID + ".topDifferences", IPageLayout.BOTTOM, 0.64f, ID + ".flameGraph"); //$NON-NLS-1$ //$NON-NLS-2$
        top.addView(TopDifferencesView.ID);

        layout.addPerspectiveShortcut(ID);
        layout.addPerspectiveShortcut(FeatureCompassPerspective.ID);
        layout.addShowViewShortcut(ExecutionGroupsView.ID);
        layout.addShowViewShortcut(DifferentialFlameGraphView.ID);
        layout.addShowViewShortcut(TopDifferencesView.ID);
        layout.addShowViewShortcut(ExecutionsView.ID);
        layout.addShowViewShortcut(EcctFlameGraphView.ID);
    }
}
