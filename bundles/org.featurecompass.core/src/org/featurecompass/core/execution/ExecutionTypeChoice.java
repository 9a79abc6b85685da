package org.featurecompass.core.execution;

import java.util.Collection;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The one rule for the execution type shown when a query, a view or a command names none: the
 * first preferred type the trace has (the current comparison's, then the one shown before), else
 * the trace's first type in the order of its definitions. A type that is named (a provider's
 * {@value ExecutionDataProvider#TYPE_KEY}, the command line's {@code --executions}) is taken as
 * given, and a provider answers {@code FAILED} when the trace lacks it.
 */
public final class ExecutionTypeChoice {

    private ExecutionTypeChoice() {
    }

    /**
     * @param types the trace's execution types, in the order of its definitions
     * @param preferred the types to show if the trace has them, most preferred first (null entries are skipped)
     * @return the type to show, or null when the trace has none
     */
    public static @Nullable String of(Collection<String> types, @Nullable String... preferred) {
        for (String type : preferred) {
            if (type != null && types.contains(type)) {
                return type;
            }
        }
        return types.isEmpty() ? null : types.iterator().next();
    }
}
