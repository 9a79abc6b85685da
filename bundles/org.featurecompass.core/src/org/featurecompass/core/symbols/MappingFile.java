package org.featurecompass.core.symbols;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A text mapping file in the formats Trace Compass's symbol configuration accepts: {@code nm}
 * output ({@code address type name}, e.g. {@code 0000000000401aac t current_time}) or
 * {@code address size name} (hexadecimal). An {@code nm} function symbol (types {@code T t W w i})
 * names the addresses up to the next symbol of any type, a sized one its {@code size} bytes
 * (among aliases at one address the name is chosen as in {@link SymbolMap}: a lower-case letter is
 * a local symbol, {@code W w} weak ones);
 * lines in neither form ({@code nm}'s undefined symbols without an address, for one) are
 * skipped. Trace Compass reads such files with CDT, whose Debian build does not start on the
 * suite's platform; the format is simple enough to read here.
 */
public final class MappingFile {

    private static final Pattern NM = Pattern.compile("([0-9a-fA-F]+)\\s+([A-Za-z])\\s+(\\S.*)"); //$NON-NLS-1$
    private static final Pattern SIZED = Pattern.compile("([0-9a-fA-F]+)\\s+([0-9a-fA-F]+)\\s+(\\S.*)"); //$NON-NLS-1$
    private static final String FUNCTION_TYPES = "TtWwi"; //$NON-NLS-1$

    private MappingFile() {
    }

    /**
     * @param file a text file
     * @return its symbols, or null if no line is in either form
     * @throws IOException if it cannot be read
     */
    public static @Nullable SymbolMap read(Path file) throws IOException {
        List<long[]> starts = new ArrayList<>(); // {address, function ? 1 : 0} of nm lines, in file order
        List<String> names = new ArrayList<>();
        List<SymbolMap.Binding> bindings = new ArrayList<>();
        SymbolMap sized = new SymbolMap();
        int sizedLines = 0;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String text = line.strip();
                Matcher nm = NM.matcher(text);
                if (nm.matches()) {
                    starts.add(new long[] { Long.parseUnsignedLong(nm.group(1), 16), FUNCTION_TYPES.indexOf(nm.group(2).charAt(0)) >= 0 ? 1 : 0 });
                    names.add(nm.group(3));
                    bindings.add(binding(nm.group(2).charAt(0)));
                    continue;
                }
                Matcher size = SIZED.matcher(text);
                if (size.matches()) {
                    long start = Long.parseUnsignedLong(size.group(1), 16);
                    sized.add(start, start + Long.parseUnsignedLong(size.group(2), 16), size.group(3), SymbolMap.Binding.GLOBAL);
                    sizedLines++;
                }
            }
        } catch (NumberFormatException e) {
            return null; // a hexadecimal field longer than 64 bits: not a mapping file
        }
        if (starts.isEmpty()) {
            return sizedLines == 0 ? null : sized;
        }
        // an nm function symbol ends where the next symbol (of any type) starts
        Integer[] order = new Integer[starts.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Long.compareUnsigned(starts.get(a)[0], starts.get(b)[0]));
        SymbolMap map = new SymbolMap();
        for (int k = 0; k < order.length; k++) {
            long[] start = starts.get(order[k]);
            if (start[1] == 0) {
                continue;
            }
            long end = start[0] + 1;
            for (int j = k + 1; j < order.length; j++) {
                long next = starts.get(order[j])[0];
                if (Long.compareUnsigned(next, start[0]) > 0) {
                    end = next;
                    break;
                }
            }
            map.add(start[0], end, names.get(order[k]), bindings.get(order[k]));
        }
        return map;
    }

    /** nm's letter: {@code W w} weak, another lower-case letter local, upper-case global ({@code i}: an IFUNC, taken as global). */
    private static SymbolMap.Binding binding(char type) {
        if (type == 'W' || type == 'w') {
            return SymbolMap.Binding.WEAK;
        }
        return Character.isLowerCase(type) && type != 'i' ? SymbolMap.Binding.LOCAL : SymbolMap.Binding.GLOBAL;
    }
}
