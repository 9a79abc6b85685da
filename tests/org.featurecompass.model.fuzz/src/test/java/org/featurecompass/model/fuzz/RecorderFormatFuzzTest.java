package org.featurecompass.model.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.featurecompass.model.sampling.SamplingParameters;
import org.featurecompass.tef.TefCursor;
import org.featurecompass.tef.TefMeasurementOff;
import org.featurecompass.tef.TefTrace;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzz test of the recorder-format extensions of TEF (Jazzer): a recording's
 * {@code otherData} (sampling parameters, region names, address-range counts), its
 * measurement-off windows and its samples with their {@code stackFrames}. The input is a file
 * opened with {@link TefTrace#open} (index built) and read to its end; then the extensions are read
 * as the suite reads them ({@link SamplingParameters#fromOtherData}, the measurement-off windows,
 * the stack frames, the capture regime). The oracle: nothing throws (problems are reported, not
 * thrown) and no measurement-off window is reversed.
 * Corpus: {@code RecorderFormatFuzzTestInputs/recording/} (cut-down sample recordings).
 */
class RecorderFormatFuzzTest {

    private static final Path WORK = work();

    @FuzzTest
    void recording(byte[] json) throws IOException {
        deleteTree(WORK.resolve("index")); //$NON-NLS-1$
        Path file = WORK.resolve("recording.json"); //$NON-NLS-1$
        Files.write(file, json);
        try (TefTrace trace = TefTrace.open(file, WORK.resolve("index"))) { //$NON-NLS-1$
            TefCursor cursor = trace.cursor(0);
            while (cursor.hasNext()) {
                cursor.next();
            }
            SamplingParameters.fromOtherData(trace.metadata().otherData());
            trace.metadata().captureRegime();
            trace.stackFrames();
            for (TefMeasurementOff off : trace.measurementOff()) {
                if (off.endNs() < off.startNs()) {
                    throw new IllegalStateException("reversed measurement-off window " + off); //$NON-NLS-1$
                }
            }
        }
    }

    private static Path work() {
        try {
            Path shm = Path.of("/dev/shm"); //$NON-NLS-1$
            return Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, "fc-recorder-fuzz") //$NON-NLS-1$
                    : Files.createTempDirectory("fc-recorder-fuzz"); //$NON-NLS-1$
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        if (Files.exists(folder)) {
            try (Stream<Path> paths = Files.walk(folder)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }
}
