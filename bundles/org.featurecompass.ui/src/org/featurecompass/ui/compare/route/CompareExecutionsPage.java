package org.featurecompass.ui.compare.route;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.execution.ExpressionException;

/**
 * The wizard's page: the execution type (the types the Executions analysis found, the first
 * chosen) and the groups: by trace (B = the checked traces, A = the others), a feature on vs off,
 * the slowest executions vs the rest, or two group definitions typed in the command line's
 * syntax, checked as they are typed (the error names its column).
 */
final class CompareExecutionsPage extends WizardPage {

    /** How the groups are chosen. */
    enum Mode {
        /** A and B are traces. */
        TRACES,
        /** B = the executions with a feature, A = without. */
        FEATURE,
        /** B = the slowest executions, A = the rest. */
        SLOWEST,
        /** Two definitions typed in. */
        CUSTOM
    }

    private final List<String> fTraces;
    private final Consumer<String> fTypeChosen;
    private @Nullable Combo fType;
    private @Nullable Label fTypeNote;
    private final Button[] fModes = new Button[Mode.values().length];
    private @Nullable Table fTraceTable;
    private @Nullable Combo fFeature;
    private @Nullable Spinner fPercent;
    private @Nullable Text fA;
    private @Nullable Text fB;
    private List<String> fTypes = List.of();

    /**
     * @param description what is compared, in words
     * @param traces the names of the traces compared
     * @param typeChosen told the type the user chose (the wizard then reads its features)
     */
    CompareExecutionsPage(String description, List<String> traces, Consumer<String> typeChosen) {
        super(CompareExecutionsPage.class.getName());
        fTraces = List.copyOf(traces);
        fTypeChosen = typeChosen;
        setTitle(Messages.CompareExecutionsPage_Title);
        setDescription(description);
        setPageComplete(false);
    }

    @Override
    public void createControl(@Nullable Composite parent) {
        Composite root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(2, false));

        new Label(root, SWT.NONE).setText(Messages.CompareExecutionsPage_Type);
        Combo type = new Combo(root, SWT.READ_ONLY);
        type.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        type.addListener(SWT.Selection, e -> typeChosen());
        fType = type;
        new Label(root, SWT.NONE);
        Label note = new Label(root, SWT.WRAP);
        note.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        note.setText(Messages.CompareExecutionsPage_DetectingTypes);
        fTypeNote = note;

        Label groups = new Label(root, SWT.NONE);
        groups.setText(Messages.CompareExecutionsPage_Groups);
        groups.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false, 2, 1));

        fModes[Mode.TRACES.ordinal()] = radio(root, Messages.CompareExecutionsPage_ByTrace);
        Table traces = new Table(root, SWT.CHECK | SWT.BORDER | SWT.V_SCROLL);
        GridData tracesData = new GridData(SWT.FILL, SWT.FILL, true, false, 2, 1);
        tracesData.heightHint = Math.min(8, Math.max(2, fTraces.size())) * 22;
        tracesData.horizontalIndent = 24;
        traces.setLayoutData(tracesData);
        for (int i = 0; i < fTraces.size(); i++) {
            TableItem item = new TableItem(traces, SWT.NONE);
            item.setChecked(i >= fTraces.size() / 2 && fTraces.size() > 1); // the later half in B
            item.setText(label(fTraces.get(i), item.getChecked()));
        }
        traces.addListener(SWT.Selection, e -> {
            if (e.detail == SWT.CHECK && e.item instanceof TableItem item) {
                item.setText(label(fTraces.get(traces.indexOf(item)), item.getChecked()));
                select(Mode.TRACES);
            }
        });
        fTraceTable = traces;

        fModes[Mode.FEATURE.ordinal()] = radio(root, Messages.CompareExecutionsPage_Feature);
        Combo feature = new Combo(root, SWT.READ_ONLY);
        feature.setLayoutData(indented(new GridData(SWT.LEFT, SWT.CENTER, false, false, 2, 1)));
        feature.addListener(SWT.Selection, e -> select(Mode.FEATURE));
        fFeature = feature;

        Composite slowest = new Composite(root, SWT.NONE);
        slowest.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        GridLayout slowestLayout = new GridLayout(3, false);
        slowestLayout.marginWidth = 0;
        slowestLayout.marginHeight = 0;
        slowest.setLayout(slowestLayout);
        Button slowestButton = new Button(slowest, SWT.RADIO);
        slowestButton.setText(Messages.CompareExecutionsPage_Slowest);
        slowestButton.addListener(SWT.Selection, e -> validate());
        fModes[Mode.SLOWEST.ordinal()] = slowestButton;
        Spinner percent = new Spinner(slowest, SWT.BORDER);
        percent.setValues(10, 1, 99, 0, 1, 10);
        percent.addListener(SWT.Modify, e -> select(Mode.SLOWEST));
        fPercent = percent;
        new Label(slowest, SWT.NONE).setText(Messages.CompareExecutionsPage_SlowestRest);

        fModes[Mode.CUSTOM.ordinal()] = radio(root, Messages.CompareExecutionsPage_Custom);
        fA = definition(root, Messages.CompareExecutionsPage_GroupA, "all"); //$NON-NLS-1$
        fB = definition(root, Messages.CompareExecutionsPage_GroupB, "slowest 10%"); //$NON-NLS-1$
        Label hint = new Label(root, SWT.WRAP);
        hint.setText(Messages.CompareExecutionsPage_CustomHint);
        hint.setLayoutData(indented(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1)));

        fModes[Mode.TRACES.ordinal()].setEnabled(fTraces.size() > 1);
        traces.setEnabled(fTraces.size() > 1);
        select(fTraces.size() > 1 ? Mode.TRACES : Mode.SLOWEST);
        setControl(root);
    }

    private static String label(String trace, boolean b) {
        return (b ? "B \u2190 " : "A \u2190 ") + trace; //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static GridData indented(GridData data) {
        data.horizontalIndent = 24;
        return data;
    }

    private Button radio(Composite parent, String text) {
        Button button = new Button(parent, SWT.RADIO);
        button.setText(text);
        button.setLayoutData(new GridData(SWT.LEFT, SWT.CENTER, false, false, 2, 1));
        button.addListener(SWT.Selection, e -> validate());
        return button;
    }

    private Text definition(Composite parent, String label, String initial) {
        Label name = new Label(parent, SWT.NONE);
        name.setText(label);
        name.setLayoutData(indented(new GridData(SWT.LEFT, SWT.CENTER, false, false)));
        Text text = new Text(parent, SWT.BORDER | SWT.SINGLE);
        text.setText(initial);
        text.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        text.addListener(SWT.Modify, e -> select(Mode.CUSTOM));
        return text;
    }

    /** @param mode the way of choosing the groups to select, as a click on its radio button does */
    void select(Mode mode) {
        for (Mode m : Mode.values()) {
            fModes[m.ordinal()].setSelection(m == mode);
        }
        validate();
    }

    /** @return the way of choosing the groups selected */
    Mode mode() {
        for (Mode m : Mode.values()) {
            if (fModes[m.ordinal()].getSelection()) {
                return m;
            }
        }
        return Mode.SLOWEST;
    }

    /**
     * @param types the execution types found, with their counts in words; empty if none
     * @param note what to say under the choice (counts, or why there is none)
     */
    void setTypes(List<String> types, String note) {
        fTypes = List.copyOf(types);
        Combo combo = fType;
        Label label = fTypeNote;
        if (combo == null || combo.isDisposed() || label == null) {
            return;
        }
        combo.setItems(types.toArray(new String[0]));
        label.setText(note);
        label.getParent().layout(true, true);
        if (!types.isEmpty()) {
            combo.select(0);
            typeChosen();
        }
        validate();
    }

    /** @param type the type to choose, as the user does */
    void chooseType(String type) {
        Combo combo = fType;
        if (combo != null && fTypes.contains(type)) {
            combo.select(fTypes.indexOf(type));
            typeChosen();
        }
    }

    private void typeChosen() {
        String type = type();
        if (type != null) {
            fTypeChosen.accept(type);
        }
        validate();
    }

    /** @param features the features of the executions of the chosen type, sorted */
    void setFeatures(List<String> features) {
        Combo combo = fFeature;
        if (combo == null || combo.isDisposed()) {
            return;
        }
        String previous = combo.getSelectionIndex() >= 0 ? combo.getItem(combo.getSelectionIndex()) : null;
        combo.setItems(features.toArray(new String[0]));
        int index = previous == null ? 0 : Math.max(0, features.indexOf(previous));
        if (!features.isEmpty()) {
            combo.select(index);
        }
        fModes[Mode.FEATURE.ordinal()].setEnabled(!features.isEmpty());
        combo.setEnabled(!features.isEmpty());
        combo.getParent().layout(true, true);
        validate();
    }

    /** @param feature the feature to choose for "on vs off", as the user does */
    void chooseFeature(String feature) {
        Combo combo = fFeature;
        if (combo != null) {
            int index = List.of(combo.getItems()).indexOf(feature);
            if (index >= 0) {
                combo.select(index);
                select(Mode.FEATURE);
            }
        }
    }

    /**
     * @param inB the traces to put in group B (the others go to A), as the user checks them
     */
    void checkTraces(List<String> inB) {
        Table table = fTraceTable;
        if (table == null) {
            return;
        }
        for (int i = 0; i < table.getItemCount(); i++) {
            TableItem item = table.getItem(i);
            item.setChecked(inB.contains(fTraces.get(i)));
            item.setText(label(fTraces.get(i), item.getChecked()));
        }
        select(Mode.TRACES);
    }

    /**
     * @param a group A's definition
     * @param b group B's definition
     */
    void typeDefinitions(String a, String b) {
        Text textA = fA;
        Text textB = fB;
        if (textA != null && textB != null) {
            textA.setText(a);
            textB.setText(b);
            select(Mode.CUSTOM);
        }
    }

    /** @return the chosen type, or null */
    @Nullable String type() {
        Combo combo = fType;
        return combo == null || combo.isDisposed() || combo.getSelectionIndex() < 0 ? null : fTypes.get(combo.getSelectionIndex());
    }

    /** @return the groups chosen, or null if they are not valid */
    @Nullable ComparisonGroups groups() {
        switch (mode()) {
        case TRACES: {
            Table table = fTraceTable;
            if (table == null) {
                return null;
            }
            List<String> a = new ArrayList<>();
            List<String> b = new ArrayList<>();
            for (int i = 0; i < table.getItemCount(); i++) {
                (table.getItem(i).getChecked() ? b : a).add(fTraces.get(i));
            }
            return a.isEmpty() || b.isEmpty() ? null : ComparisonGroups.byTrace(a, b);
        }
        case FEATURE: {
            Combo combo = fFeature;
            return combo == null || combo.getSelectionIndex() < 0 ? null : ComparisonGroups.feature(combo.getItem(combo.getSelectionIndex()));
        }
        case SLOWEST: {
            Spinner percent = fPercent;
            return percent == null ? null : ComparisonGroups.slowest(percent.getSelection());
        }
        case CUSTOM: {
            Text a = fA;
            Text b = fB;
            return a == null || b == null ? null : new ComparisonGroups(a.getText().trim(), b.getText().trim());
        }
        default:
            return null;
        }
    }

    private void validate() {
        String error = null;
        ComparisonGroups groups = groups();
        if (type() == null) {
            error = fTypes.isEmpty() ? null : Messages.CompareExecutionsPage_NoType;
        } else if (groups == null) {
            error = mode() == Mode.TRACES ? Messages.CompareExecutionsPage_TracesBoth : Messages.CompareExecutionsPage_NoFeature;
        } else if (mode() == Mode.CUSTOM) {
            error = syntax(Messages.CompareExecutionsPage_GroupA, groups.groupA());
            if (error == null) {
                error = syntax(Messages.CompareExecutionsPage_GroupB, groups.groupB());
            }
        }
        setErrorMessage(error);
        setPageComplete(error == null && type() != null && groups != null);
    }

    private static @Nullable String syntax(String group, String text) {
        try {
            GroupFilterExpression.parse(text);
            return null;
        } catch (ExpressionException e) {
            return NLS.bind(Messages.CompareExecutionsPage_Syntax, group, e.getMessage());
        }
    }
}
