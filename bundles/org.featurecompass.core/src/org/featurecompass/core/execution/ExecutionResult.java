package org.featurecompass.core.execution;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;

/**
 * The executions of a trace: one table per definition, in definition order.
 *
 * @param definitions the definitions used
 * @param tables the table of each type
 * @param detected whether the definitions were detected from the trace (none was saved)
 * @param definitionProblem why the saved definitions could not be used, or null
 * @param criticalPaths whether the trace has an execution graph (kernel events), so the tables
 *            have on-CPU and waiting times
 */
public record ExecutionResult(List<ExecutionDefinition> definitions, Map<String, ExecutionTable> tables, boolean detected,
        @Nullable String definitionProblem, boolean criticalPaths) {

    /** Copies. */
    public ExecutionResult {
        definitions = List.copyOf(definitions);
        tables = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tables));
    }

    /**
     * @param type an execution type
     * @return its table, or null
     */
    public @Nullable ExecutionTable table(String type) {
        return tables.get(type);
    }
}
