package org.featurecompass.tests.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Locates files of this repository, such as the sample traces of {@code doc/samples}. They are
 * read in place, never copied. The build passes the repository root as the system property
 * {@code fc.repo.dir}; a missing file fails the test with the path that was tried.
 */
public final class RepositoryFiles {

    private RepositoryFiles() {
    }

    /**
     * @param relative a path below the repository root, e.g. {@code doc/samples/demo-recording.json}
     * @return the absolute, existing path
     */
    public static Path resolve(String relative) {
        String root = System.getProperty("fc.repo.dir"); //$NON-NLS-1$
        if (root == null) {
            throw new IllegalStateException("System property fc.repo.dir is not set; run the tests through ./mvnw"); //$NON-NLS-1$
        }
        Path path = Paths.get(root, relative).toAbsolutePath().normalize();
        if (!Files.exists(path)) {
            throw new UncheckedIOException(new IOException("Repository file not found: " + path)); //$NON-NLS-1$
        }
        return path;
    }
}
