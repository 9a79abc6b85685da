package org.featurecompass.model.compare.diff;

import java.util.Locale;

/**
 * The verdict a comparison asks for: {@link #AUTO} (default) lets the groups decide
 * ({@link VerdictReason#of}); the others force that {@link Verdict}.
 */
public enum VerdictChoice {
    /** Chosen from the groups. */
    AUTO,
    /** {@link Verdict#EXECUTIONS}. */
    EXECUTIONS,
    /** {@link Verdict#RUNS}. */
    RUNS,
    /** {@link Verdict#SELECTION}. */
    SELECTION;

    /** @return the forced verdict, or null for {@link #AUTO} */
    public @org.eclipse.jdt.annotation.Nullable Verdict forced() {
        return this == AUTO ? null : Verdict.valueOf(name());
    }

    /** @return the name in saved comparisons and on the command line: {@code auto}, {@code executions}, {@code runs}, {@code selection} */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param id {@link #id()} of a choice
     * @return that choice
     * @throws IllegalArgumentException if it names none, with the choices
     */
    public static VerdictChoice of(String id) {
        for (VerdictChoice c : values()) {
            if (c.id().equals(id)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown verdict '" + id + "'; choices: auto, executions, runs, selection"); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
