package org.featurecompass.core.symbols;

import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Function symbols by address: each names the addresses from its start up to its end
 * (exclusive). Where two symbols start at one address the first added is kept.
 */
public final class SymbolMap {

    private record Symbol(String name, long end) {
    }

    private final TreeMap<Long, Symbol> fSymbols = new TreeMap<>(Long::compareUnsigned);

    /**
     * @param start the first address
     * @param end the address after the last one (unsigned; at least {@code start + 1})
     * @param name the function's name
     */
    void add(long start, long end, String name) {
        fSymbols.putIfAbsent(start, new Symbol(name, Long.compareUnsigned(end, start) > 0 ? end : start + 1));
    }

    /**
     * @param address an address (unsigned)
     * @return the name of the function holding it, or null
     */
    public @Nullable String name(long address) {
        Map.Entry<Long, Symbol> floor = fSymbols.floorEntry(address);
        return floor != null && Long.compareUnsigned(address, floor.getValue().end()) < 0 ? floor.getValue().name() : null;
    }

    /** @param target the map that gets this map's symbols at the addresses it has none at */
    void forEachInto(SymbolMap target) {
        fSymbols.forEach((start, symbol) -> target.fSymbols.putIfAbsent(start, symbol));
    }

    /** @return the number of symbols */
    public int size() {
        return fSymbols.size();
    }
}
