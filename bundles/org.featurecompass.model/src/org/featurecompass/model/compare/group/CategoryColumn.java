package org.featurecompass.model.compare.group;

import java.util.List;

/**
 * One label per execution out of a small set, e.g. its feature set or the trace of an experiment
 * it came from.
 *
 * @param name stable name, used by saved comparisons (e.g. {@code feature set}, {@code trace})
 * @param labels the distinct labels; saved comparisons refer to labels, never to codes
 * @param codes one index into {@code labels} per execution
 */
public record CategoryColumn(String name, List<String> labels, int[] codes) {

    /** Checks the codes. */
    public CategoryColumn {
        labels = List.copyOf(labels);
        int bad = 0;
        int first = -1;
        for (int i = 0; i < codes.length; i++) {
            if (codes[i] < 0 || codes[i] >= labels.size()) {
                bad++;
                first = first < 0 ? i : first;
            }
        }
        if (bad > 0) {
            throw new IllegalArgumentException("Category " + name + ": " + bad + " codes out of [0, " + labels.size() //$NON-NLS-1$ //$NON-NLS-2$
                    + "), first at execution " + first); //$NON-NLS-1$
        }
    }

    /**
     * @param label a label
     * @return its code, or -1
     */
    public int code(String label) {
        return labels.indexOf(label);
    }
}
