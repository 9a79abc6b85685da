package org.featurecompass.cli.execution;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.cli.CliCommand;
import org.featurecompass.cli.CliConsole;
import org.featurecompass.cli.CliException;
import org.featurecompass.cli.ExitCode;
import org.featurecompass.cli.OutputFormat;
import org.featurecompass.cli.trace.OpenedTrace;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.model.execution.DefinitionFormatException;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.ProblemCount;
import org.featurecompass.model.report.CsvText;
import org.featurecompass.model.report.ReportJson;

import com.fasterxml.jackson.core.JsonGenerator;

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

    @Override
    public String name() {
        return "executions"; //$NON-NLS-1$
    }

    @Override
    public String synopsis() {
        return "executions --trace FILE --executions TYPE|DEFINITIONS.json[#TYPE] [--format csv|json]"; //$NON-NLS-1$
    }

    @Override
    public String description() {
        return "The executions of one type with every metric (duration, on-CPU and waiting times from the critical path\n" //$NON-NLS-1$
                + "of kernel recordings, time per feature, user metrics), as the Executions view lists them. --executions\n" //$NON-NLS-1$
                + "names a type of the trace's definitions (detected from the trace when none were given), or a definitions\n" //$NON-NLS-1$
                + "file (doc/executions.md) with an optional #TYPE (default: its first definition)."; //$NON-NLS-1$
    }

    @Override
    public Options options() {
        Options options = new Options();
        options.addOption(Option.builder().longOpt("trace").hasArg().argName("FILE").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc("the trace").build()); //$NON-NLS-1$
        options.addOption(Option.builder().longOpt("executions").hasArg().argName("TYPE|FILE[#TYPE]").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc("the execution type, or a definitions file").build()); //$NON-NLS-1$
        options.addOption(Option.builder().longOpt("format").hasArg().argName("csv|json") //$NON-NLS-1$ //$NON-NLS-2$
                .desc("output format (default csv)").build()); //$NON-NLS-1$
        return options;
    }

    @Override
    public int run(CommandLine line, CliConsole console) throws CliException {
        OutputFormat format = OutputFormat.parse(line.getOptionValue("format"), OutputFormat.CSV, //$NON-NLS-1$
                List.of(OutputFormat.CSV, OutputFormat.JSON));
        String executions = line.getOptionValue("executions"); //$NON-NLS-1$
        List<ExecutionDefinition> definitions = null;
        String type = executions;
        int hash = executions.lastIndexOf('#');
        Path file = Path.of(hash < 0 ? executions : executions.substring(0, hash));
        if (executions.endsWith(".json") || hash >= 0 && Files.isRegularFile(file)) { //$NON-NLS-1$
            definitions = read(file, executions);
            type = hash >= 0 ? executions.substring(hash + 1) : definitions.get(0).type();
        }
        try (OpenedTrace opened = OpenedTrace.open(line.getOptionValue("trace"))) { //$NON-NLS-1$
            console.progress(opened.describe());
            ExecutionTable table = table(opened, definitions, type, console);
            console.out().print(format == OutputFormat.JSON ? json(opened.name(), table) : csv(table));
            console.out().flush();
            console.progress(String.format(Locale.ROOT, "%s: %,d executions of type %s, %d metric columns%s", opened.name(), //$NON-NLS-1$
                    table.size(), table.type(), table.columns().size(), table.report().isClean() ? "" : "; " + table.report())); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return ExitCode.OK;
    }

    private static List<ExecutionDefinition> read(Path file, String argument) throws CliException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<ExecutionDefinition> definitions = ExecutionDefinitionsJson.read(reader);
            if (definitions.isEmpty()) {
                throw new CliException("--executions " + argument + ": the file defines no executions"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            return definitions;
        } catch (DefinitionFormatException e) {
            throw new CliException("--executions " + argument + ": malformed definition: " + e.getMessage(), e); //$NON-NLS-1$ //$NON-NLS-2$
        } catch (IOException e) {
            throw new CliException("--executions " + argument + ": cannot read " + file + ": " + e.getMessage(), e); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    /** Runs the Executions view's analysis and returns the table of the type. */
    private static ExecutionTable table(OpenedTrace opened, @Nullable List<ExecutionDefinition> definitions, String type,
            CliConsole console) throws CliException {
        ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(opened.trace(), ExecutionAnalysis.class, ExecutionAnalysis.ID);
        if (module == null) {
            throw new CliException("--trace " + opened.name() + ": executions cannot be defined on " + opened.typeName()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (definitions != null) {
            try {
                module.setDefinitions(definitions);
            } catch (IOException e) {
                throw new CliException(opened.name() + ": the definitions cannot be saved: " + e.getMessage(), e); //$NON-NLS-1$
            }
        }
        module.schedule();
        if (!module.waitForCompletion(console.monitor("executions of " + opened.name()))) { //$NON-NLS-1$
            String failure = module.getFailure();
            throw new CliException(opened.name() + ": the executions could not be extracted" + (failure == null ? "" : ": " + failure)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        ExecutionResult result = module.getResult();
        if (result == null) {
            throw new CliException(opened.name() + ": the executions could not be extracted (the reason is above)"); //$NON-NLS-1$
        }
        String problem = result.definitionProblem();
        if (problem != null) {
            console.warning(problem);
        }
        ExecutionTable table = result.table(type);
        if (table == null) {
            throw new CliException("--executions " + type + ": no such execution type in " + opened.name() + "; its types: " //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    + (result.tables().isEmpty() ? "none" : String.join(", ", result.tables().keySet())) //$NON-NLS-1$ //$NON-NLS-2$
                    + (result.detected() ? " (detected from the trace)" : "")); //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (table.size() == 0) {
            List<String> problems = new ArrayList<>();
            table.report().problems().forEach(p -> problems.add(p.toString()));
            throw new CliException(opened.name() + ": no executions of type " + type //$NON-NLS-1$
                    + (problems.isEmpty() ? "" : "; " + String.join("; ", problems))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return table;
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
        StringWriter text = new StringWriter();
        try {
            JsonGenerator json = ReportJson.generator(text);
            json.writeStartObject();
            json.writeStringField("format", "featurecompass-executions"); //$NON-NLS-1$ //$NON-NLS-2$
            json.writeNumberField("version", JSON_VERSION); //$NON-NLS-1$
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
            json.writeEndObject();
            ReportJson.finish(json, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not with a StringWriter
        }
        return text.toString();
    }
}
