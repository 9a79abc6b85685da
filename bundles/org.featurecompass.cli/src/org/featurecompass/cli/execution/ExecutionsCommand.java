package org.featurecompass.cli.execution;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.osgi.util.NLS;
import org.featurecompass.cli.CliCommand;
import org.featurecompass.cli.CliConsole;
import org.featurecompass.cli.CliException;
import org.featurecompass.cli.ExitCode;
import org.featurecompass.cli.FormatOption;
import org.featurecompass.cli.OutputFormat;
import org.featurecompass.cli.trace.OpenedTrace;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.ProblemCount;
import org.featurecompass.model.report.CsvText;
import org.featurecompass.model.report.ReportJson;

/**
 * {@code featurecompass executions --trace FILE --executions TYPE|DEFINITIONS.json[#TYPE]
 * [--format csv|json]}: the executions of one type (TraceCompare §3.3) with every metric column,
 * from the Executions view's analysis ({@link ExecutionAnalysis}): with a type name, the trace's
 * definitions (detected from the trace, as in the view); with a definitions file
 * (doc/executions.md, {@code formatVersion} 1), those definitions, the first one's type unless
 * {@code #TYPE} names another.
 */
public class ExecutionsCommand implements CliCommand {

    /** The version of the JSON layout. */
    public static final int JSON_VERSION = 1;

    private static final FormatOption FORMAT = new FormatOption(OutputFormat.CSV, List.of(OutputFormat.CSV, OutputFormat.JSON));

    @Override
    public String name() {
        return "executions"; //$NON-NLS-1$
    }

    @Override
    public String synopsis() {
        return Messages.ExecutionsCommand_Synopsis;
    }

    @Override
    public String description() {
        return Messages.ExecutionsCommand_Description;
    }

    @Override
    public Options options() {
        Options options = new Options();
        options.addOption(Option.builder().longOpt("trace").hasArg().argName("FILE").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.ExecutionsCommand_Trace).build());
        options.addOption(Option.builder().longOpt("executions").hasArg().argName("TYPE|FILE[#TYPE]").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.ExecutionsCommand_Executions).build());
        options.addOption(FORMAT.option());
        return options;
    }

    @Override
    public void check(CommandLine line) throws CliException {
        FORMAT.parse(line);
    }

    @Override
    public int run(CommandLine line, CliConsole console) throws CliException {
        OutputFormat format = FORMAT.parse(line);
        ExecutionsOption executions = ExecutionsOption.parse(line.getOptionValue("executions")); //$NON-NLS-1$
        try (OpenedTrace opened = OpenedTrace.open(line.getOptionValue("trace"))) { //$NON-NLS-1$
            console.progress(opened.describe());
            ExecutionTable table = executions.table(opened, console);
            console.out().print(format == OutputFormat.JSON ? json(opened.name(), table) : csv(table));
            console.out().flush();
            console.progress(NLS.bind(Messages.ExecutionsCommand_Summary, new Object[] { opened.name(),
                    String.format(Locale.ROOT, "%,d", Integer.valueOf(table.size())), table.type(), Integer.toString(table.columns().size()), //$NON-NLS-1$
                    table.report().isClean() ? "" : "; " + table.report() })); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return ExitCode.OK;
    }

    /**
     * @param table executions
     * @return one CSV record per execution: row, start, end, duration (ns), pid, tid, name,
     *         feature set, then every metric column (empty where it has no value)
     */
    static String csv(ExecutionTable table) {
        List<String> header = new ArrayList<>(List.of("row", "start_ns", "end_ns", "duration_ns", "pid", "tid", "name", "feature_set")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$
        List<MetricColumn> columns = table.columns();
        columns.forEach(column -> header.add(column.name()));
        StringBuilder text = new StringBuilder(CsvText.record(header));
        for (int row = 0; row < table.size(); row++) {
            List<String> fields = new ArrayList<>(List.of(Integer.toString(row), Long.toString(table.start(row)), Long.toString(table.end(row)),
                    Long.toString(table.duration(row)), Integer.toString(table.pid(row)), Integer.toString(table.tid(row)), table.name(row),
                    table.featureSet(row)));
            for (MetricColumn column : columns) {
                double value = column.get(row);
                fields.add(Double.isNaN(value) ? "" : ReportJson.number(value)); //$NON-NLS-1$
            }
            text.append(CsvText.record(fields));
        }
        return text.toString();
    }

    static String json(String traceName, ExecutionTable table) {
        return ReportJson.document("featurecompass-executions", JSON_VERSION, json -> { //$NON-NLS-1$
            json.writeStringField("trace", traceName); //$NON-NLS-1$
            json.writeStringField("type", table.type()); //$NON-NLS-1$
            json.writeBooleanField("criticalPaths", table.hasCriticalPaths()); //$NON-NLS-1$
            json.writeArrayFieldStart("problems"); //$NON-NLS-1$
            for (ProblemCount problem : table.report().problems()) {
                json.writeStartObject();
                json.writeStringField("problem", problem.problem().name()); //$NON-NLS-1$
                json.writeNumberField("count", problem.count()); //$NON-NLS-1$
                json.writeNumberField("firstPosition", problem.firstPosition()); //$NON-NLS-1$
                json.writeNumberField("firstTimeNs", problem.firstTimeNs()); //$NON-NLS-1$
                json.writeStringField("detail", problem.detail()); //$NON-NLS-1$
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("columns"); //$NON-NLS-1$
            for (MetricColumn column : table.columns()) {
                json.writeStartObject();
                json.writeStringField("name", column.name()); //$NON-NLS-1$
                json.writeStringField("unit", column.unit().jsonName()); //$NON-NLS-1$
                json.writeStringField("kind", column.kind().name().toLowerCase(Locale.ROOT)); //$NON-NLS-1$
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("executions"); //$NON-NLS-1$
            for (int row = 0; row < table.size(); row++) {
                json.writeStartObject();
                json.writeNumberField("startNs", table.start(row)); //$NON-NLS-1$
                json.writeNumberField("endNs", table.end(row)); //$NON-NLS-1$
                json.writeNumberField("pid", table.pid(row)); //$NON-NLS-1$
                json.writeNumberField("tid", table.tid(row)); //$NON-NLS-1$
                json.writeStringField("name", table.name(row)); //$NON-NLS-1$
                json.writeStringField("featureSet", table.featureSet(row)); //$NON-NLS-1$
                json.writeObjectFieldStart("metrics"); //$NON-NLS-1$
                for (MetricColumn column : table.columns()) {
                    double value = column.get(row);
                    if (!Double.isNaN(value)) {
                        json.writeFieldName(column.name());
                        ReportJson.number(json, value);
                    }
                }
                json.writeEndObject();
                json.writeEndObject();
            }
            json.writeEndArray();
        });
    }
}
