package org.featurecompass.core.symbols;

import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Function symbols by address: each names the addresses from its start up to its end
 * (exclusive). Where several symbols start at one address (aliases: {@code __getpagesize} and
 * {@code getpagesize} in libc), one is chosen whatever their order in the file, by perf's rule
 * ({@code choose_best_symbol} in perf's symbol.c): a sized symbol before an unsized one, then
 * a non-weak before a weak one, a global before a local one, the fewest leading underscores,
 * the longest name, and last (ours, so that the choice never depends on the order) the first
 * name in code-point order. tools/record/elf_symbols.py chooses alike.
 */
public final class SymbolMap {

    /** How a symbol is bound (ELF {@code STB_*}; the case of an nm letter). */
    enum Binding {
        GLOBAL, LOCAL, WEAK
    }

    private record Symbol(String name, long end, boolean sized, Binding binding) {

        /** @return whether this symbol is the better name of the function the other one names too */
        boolean betterThan(Symbol other) {
            if (sized != other.sized) {
                return sized;
            }
            if ((binding == Binding.WEAK) != (other.binding == Binding.WEAK)) {
                return other.binding == Binding.WEAK;
            }
            if ((binding == Binding.GLOBAL) != (other.binding == Binding.GLOBAL)) {
                return binding == Binding.GLOBAL;
            }
            int underscores = leadingUnderscores(name);
            int otherUnderscores = leadingUnderscores(other.name);
            if (underscores != otherUnderscores) {
                return underscores < otherUnderscores;
            }
            if (name.length() != other.name.length()) {
                return name.length() > other.name.length();
            }
            return name.compareTo(other.name) < 0;
        }

        private static int leadingUnderscores(String text) {
            int n = 0;
            while (n < text.length() && text.charAt(n) == '_') {
                n++;
            }
            return n;
        }
    }

    private final TreeMap<Long, Symbol> fSymbols = new TreeMap<>(Long::compareUnsigned);

    /**
     * @param start the first address
     * @param end the address after the last one (unsigned; an end at or before the start makes an
     *            unsized symbol, which names its start only)
     * @param name the function's name
     * @param binding how it is bound
     */
    void add(long start, long end, String name, Binding binding) {
        boolean sized = Long.compareUnsigned(end, start) > 0;
        Symbol symbol = new Symbol(name, sized ? end : start + 1, sized, binding);
        fSymbols.merge(start, symbol, (kept, added) -> added.betterThan(kept) ? added : kept);
    }

    /**
     * @param address an address (unsigned)
     * @return the name of the function holding it, or null
     */
    public @Nullable String name(long address) {
        Map.Entry<Long, Symbol> floor = fSymbols.floorEntry(address);
        return floor != null && Long.compareUnsigned(address, floor.getValue().end()) < 0 ? floor.getValue().name() : null;
    }

    /** @return the number of symbols */
    public int size() {
        return fSymbols.size();
    }
}
