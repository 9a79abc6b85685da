package org.featurecompass.core.symbols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.featurecompass.core.BpfRecorder;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aliases, several function symbols at one address ({@code __getpagesize} and
 * {@code getpagesize} in libc): {@link SymbolMap} names the address by perf's rule
 * ({@code choose_best_symbol}), whatever the order of the symbols in the file, and the recorder's
 * offline symboliser ({@code tools/record/elf_symbols.py}) names every function start of this
 * machine's libc as {@link ElfSymbols} does (one rule for the recordings and the analyses).
 */
class SymbolAliasTest {

    /** nm lines at 0x1000..0x5000, each address with aliases; the expected name per perf's rule. */
    private static final List<String> LINES = List.of("0000000000001000 W getpagesize", "0000000000001000 T __getpagesize",
            "0000000000002000 W weak_alias", "0000000000002000 t local_alias", "0000000000003000 T __x", "0000000000003000 T x",
            "0000000000004000 T ab", "0000000000004000 T abc", "0000000000005000 T abd", "0000000000005000 T abc_", "0000000000006000 T end");
    private static final Map<Long, String> EXPECTED = Map.of(0x1000L, "__getpagesize", // global before weak
            0x2000L, "local_alias", // non-weak before weak
            0x3000L, "x", // fewer leading underscores
            0x4000L, "abc", // the longest name
            0x5000L, "abc_"); // same length: the first in code-point order

    @Test
    void nmFileAliasesAreChosenByPerfsRuleInAnyOrder(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>(LINES);
        for (int order = 0; order < 2; order++) {
            Path file = Files.write(dir.resolve("aliases-" + order + ".nm"), lines);
            SymbolMap map = MappingFile.read(file);
            assertNotNull(map);
            for (Map.Entry<Long, String> entry : EXPECTED.entrySet()) {
                assertEquals(entry.getValue(), map.name(entry.getKey()), "0x" + Long.toHexString(entry.getKey()) + " in " + lines);
                assertEquals(entry.getValue(), map.name(entry.getKey() + 0x10), "inside the function");
            }
            Collections.reverse(lines);
        }
    }

    @Test
    void libcIsNamedAsTheRecordersSymboliserNamesIt() throws Exception {
        Path record = RepositoryFiles.resolve("tools/record");
        Path libc = Path.of(BpfRecorder.run(record, 60, "gcc", "-print-file-name=libc.so.6").strip()).toRealPath();
        // binutils lists the function starts (the peer of the addresses); the symboliser names them.
        List<Long> starts = new ArrayList<>();
        for (String line : BpfRecorder.run(record, 60, "nm", "-D", "--defined-only", libc.toString()).split("\n")) {
            String[] cols = line.split(" ");
            if (cols.length == 3 && "TWi".indexOf(cols[1].charAt(0)) >= 0) {
                starts.add(Long.parseUnsignedLong(cols[0], 16));
            }
        }
        assertTrue(starts.size() > 1000, libc + ": " + starts.size() + " function starts");
        List<String> command = new ArrayList<>(List.of("python3", "elf_symbols.py", "lookup", libc.toString()));
        starts.forEach(start -> command.add(Long.toHexString(start)));
        String[] recorder = BpfRecorder.run(record, 120, command.toArray(String[]::new)).split("\n");
        assertEquals(starts.size(), recorder.length);
        SymbolMap ours = ElfSymbols.read(libc);
        Map<String, String> differences = new TreeMap<>();
        for (int i = 0; i < starts.size(); i++) {
            String name = ours.name(starts.get(i));
            String expected = recorder[i].strip();
            if (!expected.equals(name == null ? "??" : name)) {
                differences.put(Long.toHexString(starts.get(i)), name + " vs " + expected);
            }
        }
        long aliased = starts.size() - starts.stream().distinct().count();
        assertEquals(Map.of(), differences, libc + ": ElfSymbols vs elf_symbols.py");
        System.out.println("SymbolAliasTest: " + libc + ": " + starts.size() + " function symbols named alike, " + aliased + " of them aliases");
    }
}
