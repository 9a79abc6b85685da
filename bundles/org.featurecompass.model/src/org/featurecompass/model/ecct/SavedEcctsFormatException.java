package org.featurecompass.model.ecct;

import java.io.IOException;

/**
 * A saved executions-and-ECCTs file ({@link SavedEccts}) that cannot be read: not one, of
 * another version, truncated, with a count or an id out of range, or altered (checksum). The
 * message names the byte offset where reading stopped.
 */
public final class SavedEcctsFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final long fOffset;

    /**
     * @param offset the byte offset where the problem was found
     * @param message what is wrong
     */
    public SavedEcctsFormatException(long offset, String message) {
        super(message + " (at byte offset " + offset + ')'); //$NON-NLS-1$
        fOffset = offset;
    }

    /** @return the byte offset where the problem was found */
    public long offset() {
        return fOffset;
    }
}
