package org.featurecompass.core.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.ecct.EcctAnalysis;
import org.featurecompass.core.ecct.TraceStacks;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.DiskWaitSplit;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctGenerator;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Symbols of LTTng UST cyg-profile function addresses in the ECCTs ({@link FunctionSymbols},
 * {@link SymbolFiles}, given to {@link EcctAnalysis}). Peer: {@code ust_symbols_reference.py}
 * (next to this test), which reads the trace with babeltrace2 (the statedump's load addresses
 * and build ids) and names each address with binutils ({@code addr2line -f} on the binary with
 * the same build id, or the exact line of an {@code nm} file; any alias binutils lists at the
 * function's start is as right, e.g. {@code getpagesize} for {@code __getpagesize}). Each test builds every thread's
 * calling context tree over the whole trace twice, without symbols (addresses) and with the
 * symbol source, and checks that the second is the first with each address renamed as the
 * reference names it (contexts and their inclusive and self times), and that the addresses
 * nothing names are counted and shown as the reference shows them: {@code binary+0xoffset} in a
 * binary the statedump recorded (run-invariant, where a PIE's load address is not), else
 * {@code 0x…}.
 * <ul>
 * <li>{@code doc/samples/ust-cyg-profile}: a PIE and a shared library recorded by
 * {@code tools/record/make-ust-sample.sh} with their binaries in {@code bin/} (paths recorded in
 * the trace no longer exist: the names can only come from the given files);</li>
 * <li>{@code lttng/cyg-profile/glxgears-cyg-profile}: a non-PIE executable without statedump and
 * Trace Compass's own nm mapping file of it, {@code cyg-profile-mapping.txt}.</li>
 * </ul>
 */
class UstSymbolsTest {

    private static final String SAMPLE = "doc/samples/ust-cyg-profile"; //$NON-NLS-1$
    /** How the reference shows each address without a name: {@code binary+0xoffset}, or {@code 0xaddress} outside every recorded binary. */
    private static final Map<String, Long> SHOWN = new HashMap<>();

    @Test
    void binariesNameEveryAddressAsAddr2lineDoes() throws Exception {
        Path trace = RepositoryFiles.resolve(SAMPLE + "/trace");
        Path bin = RepositoryFiles.resolve(SAMPLE + "/bin");
        Map<Long, String> reference = reference(trace, "--binaries", bin);
        assertFalse(reference.containsValue(""), "binutils names every address: " + reference);
        check(trace, List.of(bin), reference, 9);
    }

    @Test
    void onlyTheLibraryGivenLeavesTheProgramsAddresses(@TempDir Path dir) throws Exception {
        Path trace = RepositoryFiles.resolve(SAMPLE + "/trace");
        Path lib = Files.copy(RepositoryFiles.resolve(SAMPLE + "/bin/libust-work.so"), dir.resolve("libust-work.so"));
        Map<Long, String> reference = reference(trace, "--binaries", dir);
        long unnamed = reference.values().stream().filter(String::isEmpty).count();
        assertEquals(6, unnamed, "the program's 6 functions have no symbol: " + reference);
        check(trace, List.of(lib), reference, 9);
    }

    @Test
    void nmFileNamedAfterTheBinary(@TempDir Path dir) throws Exception {
        Path trace = RepositoryFiles.resolve(SAMPLE + "/trace");
        Path nm = dir.resolve("ust-demo.nm");
        Process process = new ProcessBuilder("nm", RepositoryFiles.resolve(SAMPLE + "/bin/ust-demo").toString()).redirectOutput(nm.toFile())
                .start();
        assertEquals(0, process.waitFor(), "binutils nm");
        Map<Long, String> reference = reference(trace, "--nm", nm);
        assertEquals(3, reference.values().stream().filter(String::isEmpty).count(), "the library's 3 functions are not in the program's nm file");
        check(trace, List.of(nm), reference, 9);
    }

    @Test
    void glxgearsWithTraceCompassMappingFile() throws Exception {
        Path trace = SharedTraces.resolve("lttng/cyg-profile/glxgears-cyg-profile");
        Path mapping = SharedTraces.resolve("lttng/cyg-profile/cyg-profile-mapping.txt");
        Map<Long, String> reference = reference(trace, "--nm", mapping);
        assertFalse(reference.containsValue(""), "the mapping file names every address: " + reference);
        check(trace, List.of(mapping), reference, reference.size());
    }

    @Test
    void badSymbolPathsAreRefusedWithTheirName(@TempDir Path dir) throws Exception {
        IOException missing = assertThrows(IOException.class, () -> SymbolFiles.read(List.of(dir.resolve("nothing"))));
        assertTrue(missing.getMessage().contains("nothing"), missing.getMessage());
        Path text = Files.writeString(dir.resolve("notes.txt"), "no symbols here\n");
        IOException notSymbols = assertThrows(IOException.class, () -> SymbolFiles.read(List.of(text)));
        assertTrue(notSymbols.getMessage().contains("notes.txt"), notSymbols.getMessage());
        Path empty = Files.createDirectory(dir.resolve("empty"));
        IOException none = assertThrows(IOException.class, () -> SymbolFiles.read(List.of(empty)));
        assertTrue(none.getMessage().contains("empty"), none.getMessage());
        Path truncated = Files.write(dir.resolve("cut.so"), new byte[] { 0x7f, 'E', 'L', 'F', 2, 1, 1 });
        IOException cut = assertThrows(IOException.class, () -> SymbolFiles.read(List.of(truncated)));
        assertTrue(cut.getMessage().contains("cut.so"), cut.getMessage());
    }

    /**
     * Builds the threads' trees without and with the symbol files and compares them through the
     * reference's names.
     */
    private static void check(Path tracePath, List<Path> files, Map<Long, String> reference, int addresses) throws Exception {
        LttngUstTrace trace = new LttngUstTrace();
        trace.initTrace(null, tracePath.toString(), CtfTmfEvent.class);
        try {
            trace.traceOpened(new TmfTraceOpenedSignal(UstSymbolsTest.class, trace, null));
            TraceStacks plain = KernelTraceFixture.result(trace, EcctAnalysis.class, EcctAnalysis.ID);
            Map<String, long[]> addressed = contexts(plain, trace.getStartTime().toNanos(), trace.getEndTime().toNanos() + 1);
            assertEquals(0, plain.symbols().resolved(), "no symbol without symbol files: " + addressed.keySet());

            EcctAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
            module.setSymbolFiles(SymbolFiles.read(files));
            TraceStacks named = KernelTraceFixture.result(trace, EcctAnalysis.class, EcctAnalysis.ID);
            Map<String, long[]> symbolised = contexts(named, trace.getStartTime().toNanos(), trace.getEndTime().toNanos() + 1);

            Set<String> used = new HashSet<>();
            symbolised.keySet().forEach(context -> used.addAll(Arrays.asList(context.split(";"))));
            Map<String, long[]> expected = new TreeMap<>();
            for (Map.Entry<String, long[]> entry : addressed.entrySet()) {
                List<String> frames = new ArrayList<>();
                String[] path = entry.getKey().split(";");
                for (int i = 0; i < path.length; i++) {
                    String frame = path[i];
                    Long address = SHOWN.get(frame); // an address without a name, as the reference shows it
                    assertTrue(i == 0 || address != null, "without symbols, " + frame + " is an address shown as the reference shows it: "
                            + SHOWN.keySet());
                    String names = address == null ? null : reference.get(address);
                    frames.add(names == null || names.isEmpty() ? frame : alias(names, used));
                }
                long[] previous = expected.put(String.join(";", frames), entry.getValue());
                assertEquals(null, previous, "two addresses of one thread's context got one name: " + frames);
            }
            assertEquals(expected.keySet(), symbolised.keySet(), "the contexts, each address named as the reference names it");
            for (Map.Entry<String, long[]> entry : expected.entrySet()) {
                long[] ours = symbolised.get(entry.getKey());
                assertEquals(entry.getValue()[0], ours[0], "inclusive time of " + entry.getKey());
                assertEquals(entry.getValue()[1], ours[1], "self time of " + entry.getKey());
            }
            long unnamed = reference.values().stream().filter(String::isEmpty).count();
            assertEquals(addresses, reference.size(), "distinct function addresses in the trace");
            assertEquals(reference.size() - unnamed, named.symbols().resolved(), "addresses named");
            assertEquals(unnamed, named.symbols().unresolved(), "addresses left as 0x..., counted");
            System.out.println(tracePath.getFileName() + " with " + files + ": " + named.symbols() + ", " + symbolised.size() + " contexts");
        } finally {
            trace.dispose();
        }
    }

    /**
     * @param names the reference's names of an address, "|"-separated aliases
     * @param used every frame name of our symbolised contexts
     * @return the alias we used (any alias is right), else the first
     */
    private static String alias(String names, Set<String> used) {
        List<String> aliases = List.of(names.split("\\|"));
        return aliases.stream().filter(used::contains).findFirst().orElse(aliases.get(0));
    }

    /** Each thread's tree over [start, end), keyed "tid;frame;frame", values {inclusive, self} ns. */
    private static Map<String, long[]> contexts(TraceStacks stacks, long start, long end) {
        ContextTree union = new ContextTree(stacks.stacks().stacks().frames());
        EcctGenerator generator = new EcctGenerator(union, stacks.stacks(), null, null, DiskWaitSplit.EQUAL);
        Map<String, long[]> out = new TreeMap<>();
        for (ThreadKey thread : stacks.stacks().threads()) {
            Ecct ecct = generator.generate(thread, "", start, end);
            long[] inclusive = ecct.inclusiveNs(union);
            for (int i = 0; i < ecct.size(); i++) {
                if (ecct.node(i) != ContextTree.ROOT) {
                    out.put(thread.tid() + ";" + union.folded(ecct.node(i)), new long[] { inclusive[i], ecct.selfAt(i) });
                }
            }
        }
        return out;
    }

    /** The reference's names of each address (one process per trace here; aliases "|"-separated), "" when it has none. */
    private static Map<Long, String> reference(Path trace, String mode, Path source) throws Exception {
        Process process = new ProcessBuilder("python3",
                RepositoryFiles.resolve("tests/org.featurecompass.core.tests/src/org/featurecompass/core/symbols/ust_symbols_reference.py").toString(),
                trace.toString(), mode, source.toString()).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), "ust_symbols_reference.py: " + err);
        Map<Long, String> names = new TreeMap<>();
        String vpid = null;
        for (String line : out.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split("\t", -1);
            assertTrue(vpid == null || vpid.equals(parts[0]), "one process: " + out);
            vpid = parts[0];
            long address = Long.parseUnsignedLong(parts[1].substring(2), 16);
            names.put(address, parts[2]);
            SHOWN.put(parts[3], address);
        }
        assertFalse(names.isEmpty(), "the reference found function addresses: " + out);
        return names;
    }
}
