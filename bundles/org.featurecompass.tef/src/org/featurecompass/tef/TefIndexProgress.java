package org.featurecompass.tef;

/**
 * Receives progress while a TEF file is indexed, and may cancel it (indexing then throws
 * {@link java.util.concurrent.CancellationException} and leaves no index behind).
 */
public interface TefIndexProgress {

    /** Ignores progress and never cancels. */
    TefIndexProgress NONE = new TefIndexProgress() {
        @Override
        public void worked(long bytesDone, long bytesTotal) {
            // nothing to show
        }

        @Override
        public boolean isCanceled() {
            return false;
        }
    };

    /**
     * @param bytesDone bytes of the (decompressed) file read so far in the current pass
     * @param bytesTotal size of that file in bytes
     */
    void worked(long bytesDone, long bytesTotal);

    /** @return true to stop indexing */
    boolean isCanceled();
}
