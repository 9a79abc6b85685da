package org.featurecompass.ui.compare.route;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfCommonProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfExperimentElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * <em>Compare executions…</em> on traces (or one experiment) selected in the Project Explorer:
 * the traces become an experiment when there are several ({@link ComparisonExperiment}), it is
 * opened as Trace Compass opens any trace, and {@link CompareExecutionsWizard} chooses the groups.
 */
public final class CompareExecutionsHandler extends AbstractHandler {

    /** The command's id (plugin.xml). */
    public static final String COMMAND_ID = "org.featurecompass.ui.compare.executions"; //$NON-NLS-1$

    @Override
    public @Nullable Object execute(@Nullable ExecutionEvent event) {
        if (event == null) {
            return null;
        }
        Shell shell = HandlerUtil.getActiveShell(event);
        List<TmfTraceElement> traces = new ArrayList<>();
        TmfCommonProjectElement element = null;
        ISelection selection = HandlerUtil.getCurrentSelection(event);
        if (selection instanceof IStructuredSelection structured) {
            Set<TmfTraceElement> chosen = new LinkedHashSet<>();
            for (Object item : structured.toList()) {
                if (item instanceof TmfExperimentElement experiment && structured.size() == 1) {
                    element = experiment;
                    experiment.getTraces().forEach(t -> chosen.add(t.getElementUnderTraceFolder()));
                } else if (item instanceof TmfTraceElement trace) {
                    chosen.add(trace.getElementUnderTraceFolder());
                }
            }
            traces.addAll(chosen);
            traces.sort(java.util.Comparator.comparing(TmfTraceElement::getName)); // runs of one configuration side by side
        }
        if (traces.isEmpty()) {
            return null;
        }
        try {
            if (element == null) {
                element = ComparisonExperiment.of(traces, new NullProgressMonitor());
            }
        } catch (CoreException e) {
            ErrorDialog.openError(shell, Messages.CompareExecutionsWizard_Title, null, e.getStatus());
            return null;
        }
        IStatus opened = TmfOpenTraceHelper.openFromElement(element);
        if (!opened.isOK()) {
            ErrorDialog.openError(shell, Messages.CompareExecutionsWizard_Title, null, opened);
            return null;
        }
        WizardDialog dialog = new WizardDialog(shell, new CompareExecutionsWizard(element, traces.stream().map(TmfTraceElement::getName).toList()));
        dialog.setPageSize(640, 480);
        dialog.setBlockOnOpen(false); // modal all the same; the handler need not wait for it
        dialog.open();
        return null;
    }
}
