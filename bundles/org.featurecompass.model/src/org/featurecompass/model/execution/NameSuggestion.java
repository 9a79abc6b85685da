package org.featurecompass.model.execution;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The "did you mean" of an unknown name (a region, metric, category, feature, execution type or
 * command that a user typed): the known name closest to it by optimal-string-alignment edit
 * distance (insertions, deletions, substitutions and swaps of two neighbours, case ignored), when
 * that distance is small for the name's length: at most 1 for names up to 4 characters, 2 up to
 * 8, 3 beyond. Ties go to the name listed first.
 */
public final class NameSuggestion {

    private NameSuggestion() {
    }

    /**
     * @param typed the unknown name
     * @param known the names there are
     * @return the closest known name, if it is close enough to be a typo of it
     */
    public static Optional<String> closest(String typed, Collection<String> known) {
        String a = typed.toLowerCase(Locale.ROOT);
        int bound = a.length() <= 4 ? 1 : a.length() <= 8 ? 2 : 3;
        String best = null;
        int bestDistance = bound + 1;
        for (String name : known) {
            int d = distance(a, name.toLowerCase(Locale.ROOT));
            if (d < bestDistance && !name.equals(typed)) {
                best = name;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * @param typed the unknown name
     * @param known the names there are
     * @return {@code " (did you mean 'NAME'?)"} for the closest known name, or the empty text
     */
    public static String hint(String typed, Collection<String> known) {
        return closest(typed, known).map(name -> " (did you mean '" + name + "'?)").orElse(""); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
