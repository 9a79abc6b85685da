package org.featurecompass.ui.views.execution;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.featurecompass.model.execution.DelimiterPhase;
import org.featurecompass.model.execution.EventSelector;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinition.Kind;
import org.featurecompass.model.execution.ExpressionException;
import org.featurecompass.model.execution.MatchKey;
import org.featurecompass.model.execution.MetricExpression;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.execution.UserMetric;

/**
 * Defines one execution type (TraceCompare §3.2.1): its kind (begin/end event pair, slices at a
 * depth, async spans, feature region), the kind's fields, and its user metrics, one a line:
 * {@code name = expression} or {@code name [ns|count|none] = expression}. OK stays disabled while
 * the definition is invalid; the message says what is wrong and where (metric line and column).
 */
public class ExecutionDefinitionDialog extends TitleAreaDialog {

    /** The kind choice's items, in the order of {@link Kind} (the controls of kind k are {@code byKind(k.ordinal(), …)}). */
    private static final String[] KINDS = java.util.Arrays.stream(Kind.values()).map(ExecutionDefinitionDialog::label).toArray(String[]::new);
    private static final String ANY_PHASE = "any"; //$NON-NLS-1$
    private static final String[] KEYS = { "thread", "process", "field" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

    private final @Nullable ExecutionDefinition fInitial;
    private final List<String> fOtherTypes;
    private @Nullable ExecutionDefinition fResult;

    private @Nullable Text fType;
    private @Nullable Combo fKind;
    private @Nullable Text fBeginName;
    private @Nullable Combo fBeginPhase;
    private @Nullable Text fBeginWhere;
    private @Nullable Text fEndName;
    private @Nullable Combo fEndPhase;
    private @Nullable Text fEndWhere;
    private @Nullable Combo fKey;
    private @Nullable Text fKeyField;
    private @Nullable Spinner fDepth;
    private @Nullable Text fName;
    private @Nullable Text fCategory;
    private @Nullable Text fRegion;
    private @Nullable Text fMetrics;
    private final Map<Integer, List<Control>> fByKind = new LinkedHashMap<>();

    /**
     * @param parent the parent shell
     * @param initial the definition to edit, or null for a new one
     * @param otherTypes the types of the trace's other definitions (a type must be unique)
     */
    public ExecutionDefinitionDialog(@Nullable Shell parent, @Nullable ExecutionDefinition initial, List<String> otherTypes) {
        super(parent);
        fInitial = initial;
        fOtherTypes = List.copyOf(otherTypes);
    }

    /** @return the definition entered, or null if the dialog was cancelled */
    public @Nullable ExecutionDefinition getDefinition() {
        return fResult;
    }

    @Override
    protected boolean isResizable() {
        return true;
    }

    @Override
    protected Control createDialogArea(@Nullable Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        setTitle(Messages.ExecutionDefinitionDialog_Title);
        setMessage(Messages.ExecutionDefinitionDialog_Message);
        getShell().setText(Messages.ExecutionDefinitionDialog_Title);
        Composite form = new Composite(area, SWT.NONE);
        form.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        form.setLayout(new GridLayout(4, false));

        fType = text(form, Messages.ExecutionDefinitionDialog_Type, 3, -1);
        label(form, Messages.ExecutionDefinitionDialog_Kind, -1);
        Combo kind = new Combo(form, SWT.READ_ONLY);
        kind.setItems(KINDS);
        kind.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        kind.addListener(SWT.Selection, e -> kindChanged());
        fKind = kind;

        fBeginName = text(form, Messages.ExecutionDefinitionDialog_Begin, 1, 0);
        fBeginPhase = phase(form, 0);
        fBeginWhere = text(form, Messages.ExecutionDefinitionDialog_Where, 3, 0);
        fEndName = text(form, Messages.ExecutionDefinitionDialog_End, 1, 0);
        fEndPhase = phase(form, 0);
        fEndWhere = text(form, Messages.ExecutionDefinitionDialog_Where, 3, 0);
        label(form, Messages.ExecutionDefinitionDialog_Key, 0);
        Combo key = new Combo(form, SWT.READ_ONLY);
        key.setItems(KEYS);
        key.addListener(SWT.Selection, e -> validate());
        byKind(0, key);
        fKey = key;
        Text keyField = new Text(form, SWT.BORDER);
        keyField.setMessage(Messages.ExecutionDefinitionDialog_KeyField);
        keyField.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        keyField.addListener(SWT.Modify, e -> validate());
        byKind(0, keyField);
        fKeyField = keyField;

        label(form, Messages.ExecutionDefinitionDialog_Depth, 1);
        Spinner depth = new Spinner(form, SWT.BORDER);
        depth.setMinimum(0);
        depth.setMaximum(10_000);
        depth.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        byKind(1, depth);
        fDepth = depth;
        Text name = text(form, Messages.ExecutionDefinitionDialog_Name, 3, 1);
        byKind(2, name);
        fName = name;
        fCategory = text(form, Messages.ExecutionDefinitionDialog_Category, 3, 2);
        fRegion = text(form, Messages.ExecutionDefinitionDialog_Region, 3, 3);

        Label metricsLabel = new Label(form, SWT.NONE);
        metricsLabel.setText(Messages.ExecutionDefinitionDialog_Metrics);
        metricsLabel.setLayoutData(new GridData(SWT.FILL, SWT.TOP, false, false, 4, 1));
        Text metrics = new Text(form, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL);
        GridData metricsData = new GridData(SWT.FILL, SWT.FILL, true, true, 4, 1);
        metricsData.heightHint = 80;
        metrics.setLayoutData(metricsData);
        metrics.addListener(SWT.Modify, e -> validate());
        fMetrics = metrics;

        fill(fInitial);
        kindChanged();
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(@Nullable Composite parent) {
        super.createButtonsForButtonBar(parent);
        validate();
    }

    private Label label(Composite form, String text, int kind) {
        Label label = new Label(form, SWT.NONE);
        label.setText(text);
        byKind(kind, label);
        return label;
    }

    private Text text(Composite form, String label, int span, int kind) {
        label(form, label, kind);
        Text text = new Text(form, SWT.BORDER);
        text.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, span, 1));
        text.addListener(SWT.Modify, e -> validate());
        byKind(kind, text);
        return text;
    }

    private Combo phase(Composite form, int kind) {
        Combo phase = new Combo(form, SWT.READ_ONLY);
        List<String> items = new ArrayList<>(List.of(ANY_PHASE));
        for (DelimiterPhase value : DelimiterPhase.values()) {
            items.add(value.jsonName());
        }
        phase.setItems(items.toArray(new String[0]));
        phase.select(0);
        phase.addListener(SWT.Selection, e -> validate());
        byKind(kind, phase);
        return phase;
    }

    /** Controls of one kind (-1: every kind) are enabled only for it. */
    private void byKind(int kind, Control control) {
        if (kind >= 0) {
            fByKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(control);
        }
    }

    private void kindChanged() {
        Combo kind = fKind;
        int selected = kind == null ? 0 : kind.getSelectionIndex();
        fByKind.forEach((k, controls) -> controls.forEach(control -> control.setEnabled(k == selected)));
        if (selected == 2 && fName != null) {
            fName.setEnabled(true);
        }
        validate();
    }

    private void fill(@Nullable ExecutionDefinition definition) {
        Combo kind = fKind;
        if (kind == null) {
            return;
        }
        set(fKey, 0);
        if (definition == null) {
            kind.select(0);
            return;
        }
        setText(fType, definition.type());
        kind.select(definition.kind().ordinal());
        switch (definition.kind()) {
        case EVENT_PAIR -> {
            ExecutionDefinition.EventPair pair = (ExecutionDefinition.EventPair) definition;
            fillSelector(pair.begin(), fBeginName, fBeginPhase, fBeginWhere);
            fillSelector(pair.end(), fEndName, fEndPhase, fEndWhere);
            set(fKey, pair.key().by().ordinal());
            setText(fKeyField, java.util.Objects.toString(pair.key().field(), "")); //$NON-NLS-1$
        }
        case SLICE -> {
            ExecutionDefinition.Slice slice = (ExecutionDefinition.Slice) definition;
            if (fDepth != null) {
                fDepth.setSelection(slice.depth());
            }
            setText(fName, java.util.Objects.toString(slice.name(), "")); //$NON-NLS-1$
        }
        case ASYNC -> {
            ExecutionDefinition.Async async = (ExecutionDefinition.Async) definition;
            setText(fName, java.util.Objects.toString(async.name(), "")); //$NON-NLS-1$
            setText(fCategory, java.util.Objects.toString(async.category(), "")); //$NON-NLS-1$
        }
        case FEATURE_REGION -> setText(fRegion, ((ExecutionDefinition.FeatureRegion) definition).region());
        default -> throw new IllegalStateException("no form for definitions of kind " + definition.kind()); //$NON-NLS-1$
        }
        StringBuilder metrics = new StringBuilder();
        for (UserMetric metric : definition.metrics()) {
            metrics.append(metric.name()).append(" [").append(metric.unit().jsonName()).append("] = ").append(metric.expression()).append('\n'); //$NON-NLS-1$ //$NON-NLS-2$
        }
        setText(fMetrics, metrics.toString());
    }

    private static void fillSelector(EventSelector selector, @Nullable Text name, @Nullable Combo phase, @Nullable Text where) {
        setText(name, selector.name());
        DelimiterPhase value = selector.phase();
        set(phase, value == null ? 0 : value.ordinal() + 1);
        List<String> conditions = new ArrayList<>();
        selector.where().forEach((field, expected) -> conditions.add(field + '=' + expected));
        setText(where, String.join(", ", conditions)); //$NON-NLS-1$
    }

    private static void setText(@Nullable Text text, String value) {
        if (text != null) {
            text.setText(value);
        }
    }

    private static void set(@Nullable Combo combo, int index) {
        if (combo != null) {
            combo.select(index);
        }
    }

    private static String value(@Nullable Text text) {
        return text == null ? "" : text.getText().strip(); //$NON-NLS-1$
    }

    private static @Nullable String optional(@Nullable Text text) {
        String value = value(text);
        return value.isEmpty() ? null : value;
    }

    /** Builds the definition from the form, or says what is wrong. */
    private void validate() {
        try {
            fResult = build();
            setErrorMessage(null);
        } catch (IllegalArgumentException e) {
            fResult = null;
            setErrorMessage(e.getMessage());
        }
        if (getButton(IDialogConstants.OK_ID) != null) {
            getButton(IDialogConstants.OK_ID).setEnabled(fResult != null);
        }
    }

    @Override
    protected void cancelPressed() {
        fResult = null;
        super.cancelPressed();
    }

    private ExecutionDefinition build() {
        String type = value(fType);
        if (type.isEmpty()) {
            throw new IllegalArgumentException(Messages.ExecutionDefinitionDialog_NoType);
        }
        if (fOtherTypes.contains(type)) {
            throw new IllegalArgumentException(NLS.bind(Messages.ExecutionDefinitionDialog_TypeTaken, type));
        }
        List<UserMetric> metrics = metrics(value(fMetrics));
        Combo kind = fKind;
        return switch (Kind.values()[kind == null ? 0 : Math.max(0, kind.getSelectionIndex())]) {
        case SLICE -> new ExecutionDefinition.Slice(type, fDepth == null ? 0 : fDepth.getSelection(), optional(fName), metrics);
        case ASYNC -> new ExecutionDefinition.Async(type, optional(fName), optional(fCategory), metrics);
        case FEATURE_REGION -> {
            String region = value(fRegion);
            if (region.isEmpty()) {
                throw new IllegalArgumentException(Messages.ExecutionDefinitionDialog_NoRegion);
            }
            yield new ExecutionDefinition.FeatureRegion(type, region, metrics);
        }
        case EVENT_PAIR -> {
            Combo key = fKey;
            int by = key == null ? 0 : key.getSelectionIndex();
            MatchKey matchKey = by == 2 ? MatchKey.field(required(fKeyField, Messages.ExecutionDefinitionDialog_NoKeyField))
                    : by == 1 ? new MatchKey(MatchKey.By.PROCESS, null) : MatchKey.THREAD;
            yield new ExecutionDefinition.EventPair(type, selector(fBeginName, fBeginPhase, fBeginWhere, Messages.ExecutionDefinitionDialog_NoBegin),
                    selector(fEndName, fEndPhase, fEndWhere, Messages.ExecutionDefinitionDialog_NoEnd), matchKey, metrics);
        }
        };
    }

    /** @return the kind choice's item of a kind */
    private static String label(Kind kind) {
        return switch (kind) {
        case EVENT_PAIR -> Messages.ExecutionDefinitionDialog_KindPair;
        case SLICE -> Messages.ExecutionDefinitionDialog_KindSlice;
        case ASYNC -> Messages.ExecutionDefinitionDialog_KindAsync;
        case FEATURE_REGION -> Messages.ExecutionDefinitionDialog_KindRegion;
        };
    }

    private static String required(@Nullable Text text, String message) {
        String value = value(text);
        if (value.isEmpty()) {
            throw new IllegalArgumentException(message);
        }
        return value;
    }

    private static EventSelector selector(@Nullable Text name, @Nullable Combo phase, @Nullable Text where, String missing) {
        String event = required(name, missing);
        DelimiterPhase value = phase == null || phase.getSelectionIndex() <= 0 ? null : DelimiterPhase.values()[phase.getSelectionIndex() - 1];
        Map<String, String> conditions = new LinkedHashMap<>();
        for (String condition : value(where).split(",")) { //$NON-NLS-1$
            if (condition.isBlank()) {
                continue;
            }
            int equals = condition.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException(NLS.bind(Messages.ExecutionDefinitionDialog_BadCondition, condition.strip()));
            }
            conditions.put(condition.substring(0, equals).strip(), condition.substring(equals + 1).strip());
        }
        return new EventSelector(event, value, conditions);
    }

    /**
     * @param text one metric a line: {@code name = expression} or {@code name [unit] = expression}
     * @return the metrics
     */
    static List<UserMetric> metrics(String text) {
        List<UserMetric> metrics = new ArrayList<>();
        String[] lines = text.split("\n"); //$NON-NLS-1$
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException(NLS.bind(Messages.ExecutionDefinitionDialog_BadMetric, i + 1));
            }
            String head = line.substring(0, equals).strip();
            MetricUnit unit = MetricUnit.NONE;
            int bracket = head.indexOf('[');
            if (bracket > 0 && head.endsWith("]")) { //$NON-NLS-1$
                String unitName = head.substring(bracket + 1, head.length() - 1).strip();
                MetricUnit parsed = MetricUnit.ofJsonName(unitName);
                if (parsed == null) {
                    throw new IllegalArgumentException(NLS.bind(Messages.ExecutionDefinitionDialog_BadUnit, i + 1, unitName));
                }
                unit = parsed;
                head = head.substring(0, bracket).strip();
            }
            String expression = line.substring(equals + 1);
            try {
                MetricExpression.parse(expression);
            } catch (ExpressionException e) {
                // The column within the line: the expression starts after the '='.
                throw new IllegalArgumentException(NLS.bind(Messages.ExecutionDefinitionDialog_BadExpression,
                        new Object[] { i + 1, equals + 1 + e.column(), e.getMessage() }));
            }
            metrics.add(new UserMetric(head, expression.strip(), unit));
        }
        return metrics;
    }
}
