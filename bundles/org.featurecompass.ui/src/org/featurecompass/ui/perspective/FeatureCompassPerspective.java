package org.featurecompass.ui.perspective;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;
import org.featurecompass.ui.views.compare.ExecutionGroupsView;
import org.featurecompass.ui.views.compare.DifferentialFlameGraphView;
import org.featurecompass.ui.views.compare.TopDifferencesView;
import org.featurecompass.ui.views.ecct.EcctFlameGraphView;
import org.featurecompass.ui.views.execution.ExecutionsView;
import org.featurecompass.ui.views.feature.FeatureFlameGraphView;
import org.featurecompass.ui.views.feature.FeatureRegionsView;
import org.featurecompass.ui.views.feature.FeatureStatisticsView;
import org.featurecompass.ui.views.graph.CriticalPathView;
import org.featurecompass.ui.views.kernel.KernelActivityView;

/**
 * The Feature Compass perspective: traces on the left, the events table in the middle, and the
 * suite's views below it, with what a feature trace answers first (Feature Statistics) in front.
 * TEF traces open in it (plugin.xml, tracetypeui).
 */
public class FeatureCompassPerspective implements IPerspectiveFactory {

    /** The perspective id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.perspective"; //$NON-NLS-1$

    private static final String HISTOGRAM_VIEW_ID = "org.eclipse.linuxtools.tmf.ui.views.histogram"; //$NON-NLS-1$

    @Override
    public void createInitialLayout(@Nullable IPageLayout layout) {
        if (layout == null) {
            return;
        }
        String editorArea = layout.getEditorArea();
        layout.setEditorAreaVisible(true);
        layout.addView(IPageLayout.ID_PROJECT_EXPLORER, IPageLayout.LEFT, 0.18f, editorArea);

        IFolderLayout bottom = layout.createFolder("org.featurecompass.ui.perspective.bottom", IPageLayout.BOTTOM, 0.45f, editorArea); //$NON-NLS-1$
        bottom.addView(FeatureStatisticsView.ID);
        bottom.addView(FeatureRegionsView.ID);
        bottom.addView(FeatureFlameGraphView.ID);
        bottom.addView(EcctFlameGraphView.ID);
        bottom.addView(KernelActivityView.ID);
        bottom.addView(CriticalPathView.ID);
        bottom.addView(ExecutionsView.ID);
        bottom.addView(ExecutionGroupsView.ID);
        bottom.addView(DifferentialFlameGraphView.ID);

        IFolderLayout lowest = layout.createFolder("org.featurecompass.ui.perspective.histogram", IPageLayout.BOTTOM, 0.75f, //$NON-NLS-1$
                "org.featurecompass.ui.perspective.bottom"); //$NON-NLS-1$
        lowest.addView(HISTOGRAM_VIEW_ID);
        lowest.addView(TopDifferencesView.ID);
        lowest.addView(IPageLayout.ID_PROP_SHEET);

        layout.addPerspectiveShortcut(ID);
        layout.addShowViewShortcut(FeatureStatisticsView.ID);
        layout.addShowViewShortcut(FeatureRegionsView.ID);
        layout.addShowViewShortcut(FeatureFlameGraphView.ID);
        layout.addShowViewShortcut(EcctFlameGraphView.ID);
        layout.addShowViewShortcut(KernelActivityView.ID);
        layout.addShowViewShortcut(CriticalPathView.ID);
        layout.addShowViewShortcut(ExecutionsView.ID);
        layout.addShowViewShortcut(ExecutionGroupsView.ID);
        layout.addShowViewShortcut(DifferentialFlameGraphView.ID);
        layout.addShowViewShortcut(TopDifferencesView.ID);
    }
}
