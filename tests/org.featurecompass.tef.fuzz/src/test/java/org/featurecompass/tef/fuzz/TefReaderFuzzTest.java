package org.featurecompass.tef.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzz tests of the TEF reader (Jazzer, JUnit integration). Each input is written
 * to a file and opened as a trace: the index is built (streaming parse, sort, index file), read
 * back entry by entry and by rank, and opened a second time from the index it left.
 * {@link TraceInvariants} is the oracle; any exception is a finding.
 *
 * <p>In a normal build (regression mode) each test runs on the empty input and on the committed
 * corpus in {@code src/test/resources/org/featurecompass/tef/fuzz/TefReaderFuzzTestInputs/<test>/}.
 * With {@code JAZZER_FUZZ=1} one test fuzzes for {@code jazzer.max_duration}; see doc/fuzzing.md.
 */
class TefReaderFuzzTest {

    /** One folder per JVM, in memory where the machine has a tmpfs: fuzzing writes a file per input. */
    private static final Path WORK = workFolder();

    /** A plain JSON file: index built by the byte scanner and Jackson, then read back. */
    @FuzzTest
    void plainJson(byte[] json) throws IOException {
        Path file = fresh("trace.json", json);
        TraceInvariants.check(file, WORK.resolve("index"));
    }

    /**
     * A gzip file: the input compressed, then left intact, cut short or with one byte changed. An
     * intact one must read exactly as the plain file does.
     */
    @FuzzTest
    void gzipJson(FuzzedDataProvider data) throws IOException {
        int damage = data.consumeInt(0, 2);
        int where = data.consumeInt(0, Integer.MAX_VALUE);
        byte flip = data.consumeByte();
        byte[] json = data.consumeRemainingAsBytes();
        byte[] gzip = gzip(json);
        if (damage == 1) {
            gzip = java.util.Arrays.copyOf(gzip, where % gzip.length);
        } else if (damage == 2) {
            gzip[where % gzip.length] ^= flip == 0 ? 1 : flip;
        }
        Path file = fresh("trace.json.gz", gzip);
        String compressed = TraceInvariants.check(file, WORK.resolve("index-gz"));
        if (damage == 0) {
            String plain = TraceInvariants.check(fresh("trace.json", json), WORK.resolve("index"));
            TraceInvariants.assertEqual(plain, compressed, "the intact gzip file reads as its plain JSON");
        }
    }

    private static Path fresh(String name, byte[] bytes) throws IOException {
        TraceInvariants.deleteTree(WORK.resolve(name.endsWith(".gz") ? "index-gz" : "index")); //$NON-NLS-1$ //$NON-NLS-2$
        Path file = WORK.resolve(name);
        Files.write(file, bytes);
        return file;
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static Path workFolder() {
        try {
            Path shm = Path.of("/dev/shm"); //$NON-NLS-1$
            Path folder = Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, "fc-tef-fuzz") //$NON-NLS-1$
                    : Files.createTempDirectory("fc-tef-fuzz"); //$NON-NLS-1$
            Runtime.getRuntime().addShutdownHook(new Thread(() -> TraceInvariants.deleteTree(folder)));
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
