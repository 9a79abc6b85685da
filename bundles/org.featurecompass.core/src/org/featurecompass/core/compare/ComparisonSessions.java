package org.featurecompass.core.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionResult;

/**
 * The comparison sessions of the open traces and experiments: at most one per trace (or
 * experiment) and execution type, so that
 * the Execution Groups view, the Differential Flame Graph, the Top Differences view and a data
 * provider's remote clients see the same groups; and, per trace, the <em>current</em> session,
 * the one the views show. A session is dropped when its trace is closed, and rebuilt when the
 * trace's executions were computed again (e.g. new execution definitions). The registry listens
 * to Trace Compass's signals from its first use until {@link #dispose()}.
 */
public final class ComparisonSessions {

    /** Told when a trace's current session changes, on the thread that changed it. */
    @FunctionalInterface
    public interface CurrentListener {
        /**
         * @param trace the trace
         * @param session its current session, or null (trace closed)
         */
        void currentChanged(ITmfTrace trace, @Nullable ComparisonSession session);
    }

    /**
     * Where a session stands, for callers that must not wait (data providers).
     *
     * @param session the session, when ready
     * @param failure why it cannot be made, when it failed
     */
    public record Status(@Nullable ComparisonSession session, @Nullable String failure) {
        /** @return whether it is still being built */
        public boolean running() {
            return session == null && failure == null;
        }
    }

    private record Key(ITmfTrace trace, String type) {
    }

    private static final ComparisonSessions INSTANCE = new ComparisonSessions();

    private final Map<Key, ComparisonSession> fSessions = new HashMap<>();
    private final Map<Key, Job> fBuilding = new HashMap<>();
    private final Map<Key, String> fFailures = new HashMap<>();
    private final Map<ITmfTrace, ComparisonSession> fCurrent = new HashMap<>();
    private final List<CurrentListener> fListeners = new CopyOnWriteArrayList<>();
    /**
     * Guards {@link #fListening}, whether the registry is registered with the signal manager. Not
     * this object's lock: the manager holds its own lock while it calls {@link #traceClosed}.
     */
    private final Object fListeningLock = new Object();
    private boolean fListening;

    private ComparisonSessions() {
    }

    /** @return the registry */
    public static ComparisonSessions getInstance() {
        return INSTANCE;
    }

    /**
     * @param trace a trace
     * @param type an execution type
     * @return its session if it is built and up to date, or null
     */
    public synchronized @Nullable ComparisonSession find(ITmfTrace trace, String type) {
        Key key = new Key(trace, type);
        ComparisonSession session = fSessions.get(key);
        if (session != null && isStale(session)) {
            drop(key);
            return null;
        }
        return session;
    }

    /**
     * The session of a trace and type, built now if needed (long: see
     * {@link ComparisonSession#create}); for jobs and the command line.
     *
     * @param trace the trace
     * @param type the execution type
     * @param monitor progress and cancellation
     * @return the session, or null if cancelled
     * @throws ComparisonUnavailableException if the type is unknown or an analysis failed
     */
    public @Nullable ComparisonSession open(ITmfTrace trace, String type, IProgressMonitor monitor) throws ComparisonUnavailableException {
        listen();
        ComparisonSession existing = find(trace, type);
        if (existing != null) {
            return existing;
        }
        ComparisonSession built = ComparisonSession.create(trace, type, monitor);
        if (built == null) {
            return null;
        }
        synchronized (this) {
            // Another thread may have built one meanwhile: keep the first, so all clients share it.
            ComparisonSession first = find(trace, type);
            if (first != null) {
                built.dispose();
                return first;
            }
            fSessions.put(new Key(trace, type), built);
            return built;
        }
    }

    /**
     * The session of a trace and type if it is ready; otherwise starts building it in a job (once)
     * and says it is running, or says why it failed (once: asking again retries).
     *
     * @param trace the trace
     * @param type the execution type
     * @return where it stands
     */
    public Status request(ITmfTrace trace, String type) {
        listen();
        return requestListening(trace, type);
    }

    private synchronized Status requestListening(ITmfTrace trace, String type) {
        ComparisonSession session = find(trace, type);
        if (session != null) {
            return new Status(session, null);
        }
        Key key = new Key(trace, type);
        String failure = fFailures.remove(key);
        if (failure != null) {
            return new Status(null, failure);
        }
        if (!fBuilding.containsKey(key)) {
            Job job = new Job(NLS.bind(Messages.ComparisonSessions_JobName, type, trace.getName())) {
                @Override
                protected IStatus run(@Nullable IProgressMonitor monitor) {
                    IProgressMonitor progress = monitor == null ? new NullProgressMonitor() : monitor;
                    try {
                        ComparisonSession built = open(trace, type, progress);
                        if (built == null) {
                            failed(key, Messages.ComparisonSessions_Cancelled);
                            return org.eclipse.core.runtime.Status.CANCEL_STATUS;
                        }
                        finished(key);
                    } catch (ComparisonUnavailableException e) {
                        failed(key, String.valueOf(e.getMessage()));
                    } catch (RuntimeException e) {
                        failed(key, NLS.bind(Messages.ComparisonSessions_Error, e));
                        throw e;
                    }
                    return org.eclipse.core.runtime.Status.OK_STATUS;
                }
            };
            job.setSystem(false);
            fBuilding.put(key, job);
            job.schedule();
        }
        return new Status(null, null);
    }

    private synchronized void finished(Key key) {
        fBuilding.remove(key);
    }

    private synchronized void failed(Key key, String message) {
        fBuilding.remove(key);
        fFailures.put(key, message);
    }

    /**
     * @param trace a trace
     * @return the session the views show for it, or null
     */
    public synchronized @Nullable ComparisonSession current(ITmfTrace trace) {
        ComparisonSession session = fCurrent.get(trace);
        return session != null && find(trace, session.type()) == session ? session : null;
    }

    /**
     * Makes a session the one the views show for its trace (the Execution Groups view does it when
     * the user picks an execution type); the listeners are told if it changed.
     *
     * @param session the session
     */
    public void setCurrent(ComparisonSession session) {
        listen();
        synchronized (this) {
            if (fCurrent.get(session.trace()) == session) {
                return;
            }
            fCurrent.put(session.trace(), session);
        }
        for (CurrentListener listener : fListeners) {
            listener.currentChanged(session.trace(), session);
        }
    }

    /** @param listener told of every later change of a current session */
    public void addListener(CurrentListener listener) {
        fListeners.add(listener);
    }

    /** @param listener no longer told */
    public void removeListener(CurrentListener listener) {
        fListeners.remove(listener);
    }

    /**
     * Drops the sessions of a trace (it was closed).
     *
     * @param trace the trace
     */
    public void close(ITmfTrace trace) {
        boolean hadCurrent;
        synchronized (this) {
            for (Key key : new ArrayList<>(fSessions.keySet())) {
                if (key.trace() == trace) {
                    drop(key);
                }
            }
            fBuilding.entrySet().removeIf(e -> {
                if (e.getKey().trace() == trace) {
                    e.getValue().cancel();
                    return true;
                }
                return false;
            });
            fFailures.keySet().removeIf(k -> k.trace() == trace);
            hadCurrent = fCurrent.remove(trace) != null;
        }
        if (hadCurrent) {
            for (CurrentListener listener : fListeners) {
                listener.currentChanged(trace, null);
            }
        }
    }

    /**
     * Drops every session, cancels the sessions being built and stops listening to Trace
     * Compass's signals: for a process that ends (the command line), where a listener still
     * registered at shutdown is reported as a resource leak. Using the registry again makes it
     * listen again.
     */
    public void dispose() {
        Set<ITmfTrace> traces = new LinkedHashSet<>();
        synchronized (this) {
            fSessions.keySet().forEach(key -> traces.add(key.trace()));
            fBuilding.keySet().forEach(key -> traces.add(key.trace()));
            fFailures.keySet().forEach(key -> traces.add(key.trace()));
            traces.addAll(fCurrent.keySet());
        }
        traces.forEach(this::close);
        synchronized (fListeningLock) {
            if (fListening) {
                TmfSignalManager.deregister(this);
                fListening = false;
            }
        }
    }

    private void listen() {
        synchronized (fListeningLock) {
            if (!fListening) {
                TmfSignalManager.register(this);
                fListening = true;
            }
        }
    }

    /** @param signal a trace was closed: its sessions go */
    @TmfSignalHandler
    public void traceClosed(TmfTraceClosedSignal signal) {
        close(signal.getTrace());
    }

    private void drop(Key key) {
        ComparisonSession session = fSessions.remove(key);
        if (session != null) {
            session.dispose();
        }
    }

    /** @return whether a trace's executions were computed again since the session was built */
    private static boolean isStale(ComparisonSession session) {
        for (int t = 0; t < session.traces().size(); t++) {
            ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(session.traces().get(t), ExecutionAnalysis.class,
                    ExecutionAnalysis.ID);
            ExecutionResult result = module == null ? null : module.getResult();
            if (result == null || result.table(session.type()) != session.tables().get(t)) {
                return true;
            }
        }
        return false;
    }
}
