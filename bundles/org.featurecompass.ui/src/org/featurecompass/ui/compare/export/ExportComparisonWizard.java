package org.featurecompass.ui.compare.export;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.SWT;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.ui.IExportWizard;
import org.eclipse.ui.IWorkbench;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.compare.ComparisonSessions;
import org.featurecompass.core.compare.report.ReportFormat;
import org.featurecompass.core.compare.report.SessionReport;
import org.featurecompass.model.compare.group.Group;

/**
 * File › Export › Feature Compass › Comparison Report, also opened by the comparison views'
 * export button: writes the current comparison of the active trace (the session the Execution
 * Groups and Differential Flame Graph views show, {@link ComparisonSessions#current}) as the
 * chosen report files. One snapshot of the session is taken, so a brush moved while the files are
 * written does not change them.
 */
public final class ExportComparisonWizard extends Wizard implements IExportWizard {

    private @Nullable ComparisonSession fSession;
    private @Nullable ExportComparisonPage fPage;

    /** A wizard for the active trace's comparison. */
    public ExportComparisonWizard() {
        setWindowTitle(Messages.ExportComparisonWizard_Title);
        setNeedsProgressMonitor(true);
    }

    @Override
    public void init(@Nullable IWorkbench workbench, @Nullable IStructuredSelection selection) {
        ITmfTrace trace = TmfTraceManager.getInstance().getActiveTrace();
        fSession = trace == null ? null : ComparisonSessions.getInstance().current(trace);
    }

    @Override
    public void addPages() {
        ComparisonSession session = fSession;
        if (session == null) {
            addPage(new WizardPage(ExportComparisonWizard.class.getName()) {
                @Override
                public void createControl(@Nullable Composite parent) {
                    Label text = new Label(parent, SWT.WRAP);
                    text.setText(Messages.ExportComparisonWizard_NoSession);
                    setTitle(Messages.ExportComparisonWizard_Title);
                    setControl(text);
                    setPageComplete(false);
                }
            });
            return;
        }
        ExportComparisonPage page = new ExportComparisonPage(NLS.bind(Messages.ExportComparisonPage_Description, new Object[] {
                session.trace().getName(), session.type(), Integer.toString(session.members(Group.A).cardinality()),
                Integer.toString(session.members(Group.B).cardinality()) }));
        fPage = page;
        addPage(page);
    }

    @Override
    public boolean performFinish() {
        ComparisonSession session = fSession;
        ExportComparisonPage page = fPage;
        if (session == null || page == null) {
            return false;
        }
        Map<ReportFormat, Path> files = page.files();
        String createdAt = page.timestamp() ? Instant.now().truncatedTo(ChronoUnit.SECONDS).toString() : null;
        try {
            getContainer().run(true, false, monitor -> {
                SubMonitor progress = SubMonitor.convert(monitor, Messages.ExportComparisonWizard_Task, files.size() + 1);
                SessionReport snapshot = SessionReport.of(session, createdAt);
                progress.worked(1);
                try {
                    for (Map.Entry<ReportFormat, Path> file : files.entrySet()) {
                        progress.subTask(String.valueOf(file.getValue()));
                        file.getKey().write(snapshot, file.getValue());
                        progress.worked(1);
                    }
                } catch (IOException e) {
                    throw new InvocationTargetException(e);
                }
            });
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            MessageDialog.openError(getShell(), Messages.ExportComparisonWizard_Title,
                    NLS.bind(Messages.ExportComparisonWizard_Failed, String.valueOf(cause.getMessage())));
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }
}
