package org.featurecompass.cli.execution;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.cli.CliConsole;
import org.featurecompass.cli.CliException;
import org.featurecompass.cli.trace.OpenedTrace;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.model.execution.DefinitionFormatException;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.NameSuggestion;

/**
 * The {@code --executions TYPE|DEFINITIONS.json[#TYPE]} option of the {@code executions} and
 * {@code compare} commands: an execution type of the trace's definitions (detected from the
 * trace, as the Executions view detects them), or a definitions file (doc/executions.md,
 * {@code formatVersion} 1) with an optional {@code #TYPE} (default: its first definition).
 *
 * @param argument the option's value as given
 * @param type the execution type
 * @param definitions the definitions of the file, or null for the trace's own
 */
public record ExecutionsOption(String argument, String type, @Nullable List<ExecutionDefinition> definitions) {

    /**
     * @param argument the option's value
     * @return it read; a definitions file is read now
     * @throws CliException if the file cannot be read or is malformed
     */
    public static ExecutionsOption parse(String argument) throws CliException {
        int hash = argument.lastIndexOf('#');
        Path file = Path.of(hash < 0 ? argument : argument.substring(0, hash));
        if (argument.endsWith(".json") || hash >= 0 && Files.isRegularFile(file)) { //$NON-NLS-1$
            List<ExecutionDefinition> definitions = read(file, argument);
            return new ExecutionsOption(argument, hash >= 0 ? argument.substring(hash + 1) : definitions.get(0).type(), definitions);
        }
        return new ExecutionsOption(argument, argument, null);
    }

    private static List<ExecutionDefinition> read(Path file, String argument) throws CliException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<ExecutionDefinition> definitions = ExecutionDefinitionsJson.read(reader);
            if (definitions.isEmpty()) {
                throw new CliException(NLS.bind(Messages.Executions_NoDefinitions, argument));
            }
            return definitions;
        } catch (DefinitionFormatException e) {
            throw new CliException(NLS.bind(Messages.Executions_Malformed, argument, e.getMessage()), e);
        } catch (IOException e) {
            throw new CliException(NLS.bind(Messages.Executions_CannotRead, new Object[] { argument, file, e.getMessage() }), e);
        }
    }

    /**
     * Runs the Executions view's analysis on the trace (with the file's definitions, if any) and
     * returns the table of the type.
     *
     * @param opened the trace
     * @param console for progress and warnings
     * @return the executions of the type, at least one
     * @throws CliException if the trace has no executions of the type, with the trace's types or
     *         the matching problems
     */
    public ExecutionTable table(OpenedTrace opened, CliConsole console) throws CliException {
        ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(opened.trace(), ExecutionAnalysis.class, ExecutionAnalysis.ID);
        if (module == null) {
            throw new CliException(NLS.bind(Messages.Executions_NotDefinable, opened.name(), opened.typeName()));
        }
        List<ExecutionDefinition> own = definitions;
        if (own != null) {
            try {
                module.setDefinitions(own);
            } catch (IOException e) {
                throw new CliException(NLS.bind(Messages.Executions_CannotSave, opened.name(), e.getMessage()), e);
            }
        }
        module.schedule();
        if (!module.waitForCompletion(console.monitor(NLS.bind(Messages.Executions_Task, opened.name())))) { //$NON-NLS-1$
            String failure = module.getFailure();
            throw new CliException(NLS.bind(Messages.Executions_Failed, opened.name(), failure == null ? "" : ": " + failure)); //$NON-NLS-1$ //$NON-NLS-2$
        }
        ExecutionResult result = module.getResult();
        if (result == null) {
            throw new CliException(NLS.bind(Messages.Executions_FailedAbove, opened.name()));
        }
        String problem = result.definitionProblem();
        if (problem != null) {
            console.warning(problem);
        }
        ExecutionTable table = result.table(type);
        if (table == null) {
            throw new CliException(NLS.bind(Messages.Executions_NoSuchType, new Object[] { type, opened.name(),
                    result.tables().isEmpty() ? Messages.Executions_None : String.join(", ", result.tables().keySet()), //$NON-NLS-1$
                    result.detected() ? Messages.Executions_Detected : "", //$NON-NLS-1$
                    NameSuggestion.hint(type, result.tables().keySet()) }));
        }
        if (table.size() == 0) {
            List<String> problems = new ArrayList<>();
            table.report().problems().forEach(p -> problems.add(p.toString()));
            throw new CliException(NLS.bind(Messages.Executions_Empty, new Object[] { opened.name(), type,
                    problems.isEmpty() ? "" : "; " + String.join("; ", problems) })); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return table;
    }
}
