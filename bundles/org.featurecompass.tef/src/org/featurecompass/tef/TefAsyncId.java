package org.featurecompass.tef;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The identity that pairs async ({@code b/e/n}), flow ({@code s/t/f}) and object
 * ({@code O/N/D}) events: the {@code id} field, or {@code id2} with {@code local} or
 * {@code global}, qualified by the event's optional {@code scope} string.
 *
 * @param value the id as written: a string as is, a number as its decimal text
 * @param kind which field the id came from
 * @param scope the event's {@code scope} field, or null
 */
public record TefAsyncId(String value, Kind kind, @Nullable String scope) {

    /** Where the id came from, which decides whether the process qualifies it. */
    public enum Kind {
        /** {@code "id": ...}: matched within its category and scope. */
        ID,
        /** {@code "id2": {"local": ...}}: only meaningful within its process. */
        LOCAL,
        /** {@code "id2": {"global": ...}}: the same across processes. */
        GLOBAL
    }

    /**
     * The key under which events belong to the same async span, flow or object: category and
     * scope always qualify the id, and a {@link Kind#LOCAL} id is also qualified by its process.
     *
     * @param category the event's {@code cat}, or null
     * @param pid the event's process id text, or null
     * @return a key equal for events that pair up
     */
    public String matchKey(@Nullable String category, @Nullable String pid) {
        StringBuilder key = new StringBuilder();
        key.append(category == null ? "" : category).append('\u0000'); //$NON-NLS-1$
        key.append(scope == null ? "" : scope).append('\u0000'); //$NON-NLS-1$
        if (kind == Kind.LOCAL) {
            key.append(pid == null ? "" : pid); //$NON-NLS-1$
        }
        return key.append('\u0000').append(kind == Kind.LOCAL ? 'L' : 'G').append(value).toString();
    }
}
