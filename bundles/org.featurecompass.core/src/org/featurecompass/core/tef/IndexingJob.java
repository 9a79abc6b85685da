package org.featurecompass.core.tef;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.featurecompass.tef.TefIndexOptions;
import org.featurecompass.tef.TefIndexProgress;
import org.featurecompass.tef.TefTrace;

/**
 * Opens a TEF file in an Eclipse job, so that sorting and indexing a large file shows in the
 * Progress view (in units of 1/1000 of the file) and can be cancelled there. Reusing a valid
 * index takes no measurable time.
 */
final class IndexingJob extends Job {

    private static final int TICKS = 1000;

    private final Path fFile;
    private final Path fIndexDir;
    private volatile @Nullable TefTrace fResult;
    private volatile @Nullable Exception fFailure;

    private IndexingJob(Path file, Path indexDir) {
        super(NLS.bind(Messages.TefTmfTrace_Indexing, file.getFileName()));
        fFile = file;
        fIndexDir = indexDir;
        setUser(false);
    }

    /**
     * Opens the file, indexing it if needed, and waits for the result.
     *
     * @param file the TEF file
     * @param indexDir the trace's index folder
     * @return the open reader
     * @throws TmfTraceException if the file cannot be read or indexing was cancelled
     */
    static TefTrace open(Path file, Path indexDir) throws TmfTraceException {
        IndexingJob job = new IndexingJob(file, indexDir);
        job.schedule();
        try {
            job.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TmfTraceException(NLS.bind(Messages.TefTmfTrace_Cancelled, file), e);
        }
        TefTrace result = job.fResult;
        Exception failure = job.fFailure;
        if (result != null) {
            return result;
        }
        if (failure instanceof CancellationException || failure == null) {
            throw new TmfTraceException(NLS.bind(Messages.TefTmfTrace_Cancelled, file), failure);
        }
        throw new TmfTraceException(NLS.bind(Messages.TefTmfTrace_CannotOpen, file, failure.getMessage()), failure);
    }

    @Override
    protected IStatus run(@Nullable IProgressMonitor monitor) {
        SubMonitor progress = SubMonitor.convert(monitor, getName(), TICKS);
        try {
            fResult = TefTrace.open(fFile, fIndexDir, TefIndexOptions.DEFAULT, new TefIndexProgress() {
                private int fDone;

                @Override
                public void worked(long bytesDone, long bytesTotal) {
                    int done = bytesTotal <= 0 ? 0 : (int) Math.min(TICKS, bytesDone * TICKS / bytesTotal);
                    if (done > fDone) {
                        progress.worked(done - fDone);
                        fDone = done;
                    }
                }

                @Override
                public boolean isCanceled() {
                    return progress.isCanceled();
                }
            });
            return Status.OK_STATUS;
        } catch (IOException | RuntimeException e) {
            fFailure = e;
            return e instanceof CancellationException ? Status.CANCEL_STATUS : Status.OK_STATUS; // reported by open()
        }
    }
}
