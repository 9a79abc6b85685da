package org.featurecompass.tef.index;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.TefProblem;
import org.featurecompass.tef.TefProblemKind;

/** Counts problems per {@link TefProblemKind} and remembers the first occurrence of each in the file (some are found after the pass, e.g. a lost range's end). */
public final class ProblemLog {

    private static final TefProblemKind[] KINDS = TefProblemKind.values();

    private final long[] counts = new long[KINDS.length];
    private final @Nullable TefProblem[] firsts = new TefProblem[KINDS.length];

    void report(TefProblemKind kind, long byteOffset, long eventNumber, String detail) {
        int k = kind.ordinal();
        TefProblem first = firsts[k];
        if (counts[k]++ == 0 || first != null && byteOffset < first.firstByteOffset()) {
            firsts[k] = new TefProblem(kind, 1, byteOffset, eventNumber, detail);
        }
    }

    /** @return the problems reported so far, in {@link TefProblemKind} order */
    List<TefProblem> problems() {
        List<TefProblem> result = new ArrayList<>();
        for (int k = 0; k < KINDS.length; k++) {
            TefProblem first = firsts[k];
            if (first != null) {
                result.add(new TefProblem(first.kind(), counts[k], first.firstByteOffset(), first.firstEventNumber(), first.firstDetail()));
            }
        }
        return result;
    }
}
