package org.featurecompass.ui.views.compare;

import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.featurecompass.model.compare.diff.ComparisonSettings;

/**
 * Edits when a context counts as significantly different: the false discovery rate α and the
 * minimum absolute (µs) and relative (%) effect. OK is enabled only for valid values.
 */
final class ThresholdsDialog extends Dialog {

    private static final double NS_PER_US = 1e3;

    private final ComparisonSettings fInitial;
    private ComparisonSettings fResult;
    private @Nullable Text fAlpha;
    private @Nullable Text fAbsolute;
    private @Nullable Text fRelative;
    private @Nullable Label fError;

    ThresholdsDialog(Shell parent, ComparisonSettings initial) {
        super(parent);
        fInitial = initial;
        fResult = initial;
    }

    @Override
    protected void configureShell(@Nullable Shell shell) {
        super.configureShell(shell);
        if (shell != null) {
            shell.setText(Messages.ThresholdsDialog_Title);
        }
    }

    @Override
    protected Control createDialogArea(@Nullable Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        area.setLayout(new GridLayout(2, false));
        fAlpha = field(area, Messages.ThresholdsDialog_Alpha, fInitial.alpha());
        fAbsolute = field(area, Messages.ThresholdsDialog_MinAbsolute, fInitial.minAbsoluteNs() / NS_PER_US);
        fRelative = field(area, Messages.ThresholdsDialog_MinRelative, 100 * fInitial.minRelative());
        Label error = new Label(area, SWT.WRAP);
        error.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1));
        fError = error;
        return area;
    }

    private Text field(Composite area, String label, double value) {
        new Label(area, SWT.NONE).setText(label);
        Text text = new Text(area, SWT.BORDER);
        text.setText(String.format(Locale.ROOT, "%s", Double.valueOf(value))); //$NON-NLS-1$
        text.setLayoutData(new GridData(120, SWT.DEFAULT));
        text.addModifyListener(e -> validate());
        return text;
    }

    private void validate() {
        ComparisonSettings parsed = parse();
        Label error = fError;
        if (error != null) {
            error.setText(parsed == null ? Messages.ThresholdsDialog_Invalid : ""); //$NON-NLS-1$
        }
        if (getButton(IDialogConstants.OK_ID) != null) {
            getButton(IDialogConstants.OK_ID).setEnabled(parsed != null);
        }
    }

    private @Nullable ComparisonSettings parse() {
        Text alpha = fAlpha;
        Text absolute = fAbsolute;
        Text relative = fRelative;
        if (alpha == null || absolute == null || relative == null) {
            return null;
        }
        try {
            return new ComparisonSettings(fInitial.test(), Double.parseDouble(alpha.getText().trim()),
                    Double.parseDouble(absolute.getText().trim()) * NS_PER_US, Double.parseDouble(relative.getText().trim()) / 100,
                    fInitial.measure(), fInitial.widthMode());
        } catch (IllegalArgumentException e) { // not a number, or out of range
            return null;
        }
    }

    @Override
    protected void okPressed() {
        ComparisonSettings parsed = parse();
        if (parsed != null) {
            fResult = parsed;
            super.okPressed();
        }
    }

    /** @return the settings with the thresholds entered (the initial ones if cancelled) */
    ComparisonSettings result() {
        return fResult;
    }
}
