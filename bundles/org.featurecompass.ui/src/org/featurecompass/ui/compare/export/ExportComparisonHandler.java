package org.featurecompass.ui.compare.export;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.HandlerUtil;

/** The comparison views' export button: opens {@link ExportComparisonWizard}. */
public final class ExportComparisonHandler extends AbstractHandler {

    /** The command's id (plugin.xml). */
    public static final String COMMAND_ID = "org.featurecompass.ui.compare.export"; //$NON-NLS-1$

    @Override
    public @Nullable Object execute(@Nullable ExecutionEvent event) {
        ExportComparisonWizard wizard = new ExportComparisonWizard();
        wizard.init(PlatformUI.getWorkbench(), StructuredSelection.EMPTY);
        new WizardDialog(event == null ? null : HandlerUtil.getActiveShell(event), wizard).open();
        return null;
    }
}
