package org.featurecompass.model.execution;

import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What an event can do for execution matching, whatever its trace format: a TEF phase, or an
 * LTTng event (an instant; {@code func_entry}/{@code func_exit} are slice begins and ends).
 */
public enum DelimiterPhase {
    /** A point event: TEF {@code i}/{@code I}, any LTTng or recorder event. */
    INSTANT("instant"), //$NON-NLS-1$
    /** TEF {@code B}, LTTng UST {@code func_entry}: a call begins on its thread. */
    SLICE_BEGIN("sliceBegin"), //$NON-NLS-1$
    /** TEF {@code E}, LTTng UST {@code func_exit}. */
    SLICE_END("sliceEnd"), //$NON-NLS-1$
    /** TEF {@code X}: a whole call, with a duration. */
    COMPLETE("complete"), //$NON-NLS-1$
    /** TEF {@code b}, or the legacy {@code S}: an async span begins, matched by id. */
    ASYNC_BEGIN("asyncBegin"), //$NON-NLS-1$
    /** TEF {@code e}, or the legacy {@code F}. */
    ASYNC_END("asyncEnd"), //$NON-NLS-1$
    /** Anything else (metadata, counters, flows, ...). */
    OTHER("other"); //$NON-NLS-1$

    private final String fJsonName;

    DelimiterPhase(String jsonName) {
        fJsonName = jsonName;
    }

    /** @return the name in the definitions' JSON form */
    public String jsonName() {
        return fJsonName;
    }

    /** @return whether an event of this phase starts a call on its thread (for the number of calls) */
    public boolean isCall() {
        return this == SLICE_BEGIN || this == COMPLETE;
    }

    /**
     * @param name a JSON name, case-insensitive
     * @return the phase, or null if there is none of that name
     */
    public static @Nullable DelimiterPhase ofJsonName(String name) {
        for (DelimiterPhase phase : values()) {
            if (phase.fJsonName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return phase;
            }
        }
        return null;
    }

    /**
     * @param tefPhase a TEF {@code ph} text
     * @return its role in matching
     */
    public static DelimiterPhase ofTef(String tefPhase) {
        switch (tefPhase) {
        case "B": return SLICE_BEGIN; //$NON-NLS-1$
        case "E": return SLICE_END; //$NON-NLS-1$
        case "X": return COMPLETE; //$NON-NLS-1$
        case "i": case "I": return INSTANT; //$NON-NLS-1$ //$NON-NLS-2$
        case "b": case "S": return ASYNC_BEGIN; //$NON-NLS-1$ //$NON-NLS-2$
        case "e": case "F": return ASYNC_END; //$NON-NLS-1$ //$NON-NLS-2$
        default: return OTHER;
        }
    }
}
