package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.featurecompass.tests.support.PythonVirtualenv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The version check that decides whether a cached peer virtualenv (VaRA's {@link VaraPeer}) is
 * reused: run by Python against an installed distribution of a known version (a dist-info folder
 * put on the path), it passes for that version and fails, naming the version found, for another.
 */
class PythonVirtualenvVersionTest {

    @Test
    void pinnedVersionsAreChecked(@TempDir Path dir) throws Exception {
        Path distInfo = Files.createDirectories(dir.resolve("fcprobe-1.2.3.dist-info"));
        Files.writeString(distInfo.resolve("METADATA"), "Metadata-Version: 2.1\nName: fcprobe\nVersion: 1.2.3\n");
        String path = "import sys\nsys.path.insert(0, '" + dir + "')\n";
        PythonVirtualenv.exec(List.of("python3", "-c", path + PythonVirtualenv.versionProbe("fcprobe==1.2.3", "unpinned")), 1);
        AssertionError wrong = assertThrows(AssertionError.class,
                () -> PythonVirtualenv.exec(List.of("python3", "-c", path + PythonVirtualenv.versionProbe("fcprobe==1.2.4")), 1));
        assertTrue(wrong.getMessage().contains("fcprobe 1.2.4 wanted, found 1.2.3"), wrong.getMessage());
        assertThrows(AssertionError.class,
                () -> PythonVirtualenv.exec(List.of("python3", "-c", path + PythonVirtualenv.versionProbe("fcabsent==1.0")), 1),
                "a pinned distribution that is not installed fails too");
    }
}
