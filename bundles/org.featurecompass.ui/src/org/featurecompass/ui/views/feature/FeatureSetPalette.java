package org.featurecompass.ui.views.feature;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.graphics.RGB;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;

/**
 * Colours of feature sets in the Feature Regions view: each distinct set (canonical {@code A*B}
 * text) gets the next of {@value #SIZE} fixed colours in order of first use, so a view keeps its
 * colours while it is open. When more sets than colours exist, colours are shared and the legend
 * entry lists every set of its colour. Thread-safe.
 */
final class FeatureSetPalette {

    /** Number of distinct colours. */
    static final int SIZE = 12;

    private static final RGB[] COLOURS = {
            new RGB(31, 119, 180), new RGB(255, 127, 14), new RGB(44, 160, 44), new RGB(214, 39, 40),
            new RGB(148, 103, 189), new RGB(140, 86, 75), new RGB(227, 119, 194), new RGB(127, 127, 127),
            new RGB(188, 189, 34), new RGB(23, 190, 207), new RGB(174, 199, 232), new RGB(255, 187, 120) };

    private final StateItem[] fItems = new StateItem[SIZE];
    private final Map<String, Integer> fIndex = new HashMap<>();
    private final List<List<String>> fSetsPerColour = new ArrayList<>();

    FeatureSetPalette() {
        for (int i = 0; i < SIZE; i++) {
            fItems[i] = new StateItem(COLOURS[i], Messages.FeatureRegionsView_UnusedColour);
            fSetsPerColour.add(new ArrayList<>());
        }
    }

    /**
     * @param featureSet canonical feature-set text, e.g. {@code A*B}
     * @return its colour index in {@link #items()}
     */
    synchronized int indexOf(String featureSet) {
        return indexOf(featureSet, fIndex.size());
    }

    /**
     * @param featureSet canonical feature-set text, e.g. {@code A*B}
     * @param number the set's number where it is first met (a data provider's state value), which
     *            chooses its colour so that colours do not depend on drawing order
     * @return its colour index in {@link #items()}
     */
    synchronized int indexOf(String featureSet, int number) {
        Integer index = fIndex.get(featureSet);
        if (index == null) {
            index = Integer.valueOf(Math.floorMod(number, SIZE));
            fIndex.put(featureSet, index);
            List<String> sets = fSetsPerColour.get(index.intValue());
            sets.add(featureSet.isEmpty() ? Messages.FeatureRegionsView_NoFeature : featureSet);
            fItems[index.intValue()].setStateString(String.join(", ", sets)); //$NON-NLS-1$
        }
        return index.intValue();
    }

    /** @return the legend items, one per colour */
    StateItem[] items() {
        return fItems;
    }

    /**
     * @param extra one more colour, e.g. a flame graph's root
     * @return the legend items (the same objects, so their names follow the palette), then
     *         {@code extra} at index {@link #SIZE}
     */
    StateItem[] itemsWith(StateItem extra) {
        StateItem[] items = Arrays.copyOf(fItems, SIZE + 1);
        items[SIZE] = extra;
        return items;
    }
}
