package org.featurecompass.core.execution;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.featurecompass.model.execution.DefinitionFormatException;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;

/**
 * Where the execution definitions of a trace are saved: {@value #FILE_NAME} in the trace's
 * supplementary folder, in the versioned JSON form of {@link ExecutionDefinitionsJson}.
 */
public final class ExecutionDefinitionStore {

    /** The file name. */
    public static final String FILE_NAME = "executions.json"; //$NON-NLS-1$

    private ExecutionDefinitionStore() {
    }

    /**
     * @param trace a trace
     * @return the file of its definitions (it may not exist)
     */
    public static Path file(ITmfTrace trace) {
        return Paths.get(TmfTraceManager.getSupplementaryFileDir(trace), FILE_NAME);
    }

    /**
     * @param trace a trace
     * @return its saved definitions, or null if none were saved
     * @throws DefinitionFormatException if the file is not a valid definition file
     * @throws IOException if it cannot be read
     */
    public static @Nullable List<ExecutionDefinition> load(ITmfTrace trace) throws DefinitionFormatException, IOException {
        Path file = file(trace);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return ExecutionDefinitionsJson.read(reader);
        } catch (DefinitionFormatException e) {
            throw new DefinitionFormatException(file + ": " + e.getMessage(), e); //$NON-NLS-1$
        }
    }

    /**
     * Saves definitions, replacing the file atomically.
     *
     * @param trace a trace
     * @param definitions its definitions
     * @throws IOException if the file cannot be written
     */
    public static void save(ITmfTrace trace, List<ExecutionDefinition> definitions) throws IOException {
        Path file = file(trace);
        Files.createDirectories(file.getParent());
        Path temporary = file.resolveSibling(FILE_NAME + ".tmp"); //$NON-NLS-1$
        try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            ExecutionDefinitionsJson.write(definitions, writer);
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
