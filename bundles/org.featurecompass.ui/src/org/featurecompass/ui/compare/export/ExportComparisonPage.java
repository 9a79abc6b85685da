package org.featurecompass.ui.compare.export;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.featurecompass.core.compare.report.ReportFormat;

/** Where the report goes and in which formats. */
final class ExportComparisonPage extends WizardPage {

    /** Formats ticked at first: the ones a person reads or a tool parses. */
    private static final Set<ReportFormat> DEFAULT_FORMATS = EnumSet.of(ReportFormat.HTML, ReportFormat.JSON, ReportFormat.CSV,
            ReportFormat.MARKDOWN);

    /** The page's fields, once created. */
    private record Form(Text folder, Text baseName, Map<ReportFormat, Button> formats, Button timestamp) {
    }

    private @Nullable Form fForm;

    ExportComparisonPage(String description) {
        super(ExportComparisonPage.class.getName());
        setTitle(Messages.ExportComparisonWizard_Title);
        setDescription(description);
    }

    @Override
    public void createControl(@Nullable Composite parent) {
        Composite page = new Composite(parent, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(3).applyTo(page);
        new Label(page, SWT.NONE).setText(Messages.ExportComparisonPage_Folder);
        Text folder = new Text(page, SWT.BORDER);
        folder.setText(System.getProperty("user.home")); //$NON-NLS-1$
        GridDataFactory.fillDefaults().grab(true, false).applyTo(folder);
        Button browse = new Button(page, SWT.PUSH);
        browse.setText(Messages.ExportComparisonPage_Browse);
        browse.addListener(SWT.Selection, e -> {
            DirectoryDialog dialog = new DirectoryDialog(getShell());
            dialog.setFilterPath(folder.getText());
            String chosen = dialog.open();
            if (chosen != null) {
                folder.setText(chosen);
            }
        });
        new Label(page, SWT.NONE).setText(Messages.ExportComparisonPage_BaseName);
        Text baseName = new Text(page, SWT.BORDER);
        baseName.setText("comparison"); //$NON-NLS-1$
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(baseName);
        Group group = new Group(page, SWT.NONE);
        group.setText(Messages.ExportComparisonPage_Formats);
        GridLayoutFactory.swtDefaults().applyTo(group);
        GridDataFactory.fillDefaults().grab(true, false).span(3, 1).applyTo(group);
        Map<ReportFormat, Button> formats = new EnumMap<>(ReportFormat.class);
        for (ReportFormat format : ReportFormat.values()) {
            Button check = new Button(group, SWT.CHECK);
            check.setText(label(format));
            check.setSelection(DEFAULT_FORMATS.contains(format));
            check.addListener(SWT.Selection, e -> validate());
            formats.put(format, check);
        }
        Button timestamp = new Button(page, SWT.CHECK);
        timestamp.setText(Messages.ExportComparisonPage_Timestamp);
        GridDataFactory.fillDefaults().span(3, 1).applyTo(timestamp);
        fForm = new Form(folder, baseName, formats, timestamp);
        folder.addListener(SWT.Modify, e -> validate());
        baseName.addListener(SWT.Modify, e -> validate());
        setControl(page);
        validate();
    }

    private static String label(ReportFormat format) {
        return switch (format) {
        case HTML -> Messages.ExportComparisonPage_Format_HTML;
        case JSON -> Messages.ExportComparisonPage_Format_JSON;
        case CSV -> Messages.ExportComparisonPage_Format_CSV;
        case MARKDOWN -> Messages.ExportComparisonPage_Format_MARKDOWN;
        case FOLDED_A -> Messages.ExportComparisonPage_Format_FOLDED_A;
        case FOLDED_B -> Messages.ExportComparisonPage_Format_FOLDED_B;
        case PPROF_A -> Messages.ExportComparisonPage_Format_PPROF_A;
        case PPROF_B -> Messages.ExportComparisonPage_Format_PPROF_B;
        };
    }

    private void validate() {
        Form form = fForm;
        if (form == null) {
            return;
        }
        String error = null;
        if (!Files.isDirectory(Path.of(form.folder().getText().trim()))) {
            error = Messages.ExportComparisonPage_NoFolder;
        } else if (form.baseName().getText().trim().isEmpty()) {
            error = Messages.ExportComparisonPage_NoName;
        } else if (formats().isEmpty()) {
            error = Messages.ExportComparisonPage_NoFormat;
        }
        setErrorMessage(error);
        List<String> existing = new ArrayList<>();
        if (error == null) {
            files().forEach((format, file) -> {
                if (Files.exists(file)) {
                    existing.add(String.valueOf(file.getFileName()));
                }
            });
        }
        setMessage(existing.isEmpty() ? null : NLS.bind(Messages.ExportComparisonPage_Overwrite, String.join(", ", existing)), WARNING); //$NON-NLS-1$
        setPageComplete(error == null);
    }

    /** @return the formats ticked */
    Set<ReportFormat> formats() {
        Set<ReportFormat> chosen = EnumSet.noneOf(ReportFormat.class);
        Form form = fForm;
        if (form == null) {
            return chosen;
        }
        form.formats().forEach((format, check) -> {
            if (check.getSelection()) {
                chosen.add(format);
            }
        });
        return chosen;
    }

    /** @return the file of each format ticked */
    Map<ReportFormat, Path> files() {
        Map<ReportFormat, Path> files = new EnumMap<>(ReportFormat.class);
        Form form = fForm;
        if (form == null) {
            return files;
        }
        Path folder = Path.of(form.folder().getText().trim());
        for (ReportFormat format : formats()) {
            files.put(format, folder.resolve(format.fileName(form.baseName().getText().trim())));
        }
        return files;
    }

    /** @return whether the creation time goes into the reports */
    boolean timestamp() {
        Form form = fForm;
        return form != null && form.timestamp().getSelection();
    }
}
