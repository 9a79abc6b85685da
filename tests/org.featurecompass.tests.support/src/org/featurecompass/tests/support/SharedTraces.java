package org.featurecompass.tests.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Locates the real traces of {@code ../shared/traces} (beside the project root). They are read in
 * place, never copied. The build passes the folder as the system property {@code fc.shared.dir};
 * a missing trace fails the test with the path that was tried.
 */
public final class SharedTraces {

    private SharedTraces() {
    }

    /**
     * @param relative a path below {@code shared/traces}, e.g. {@code lttng/many-threads}
     * @return the absolute, existing path
     */
    public static Path resolve(String relative) {
        String shared = System.getProperty("fc.shared.dir"); //$NON-NLS-1$
        if (shared == null) {
            throw new IllegalStateException("System property fc.shared.dir is not set; run the tests through ./mvnw"); //$NON-NLS-1$
        }
        Path path = Paths.get(shared, "traces", relative).toAbsolutePath().normalize(); //$NON-NLS-1$
        if (!Files.exists(path)) {
            throw new UncheckedIOException(new IOException("Shared trace not found: " + path)); //$NON-NLS-1$
        }
        return path;
    }
}
