package org.featurecompass.core.compare;

import org.eclipse.tracecompass.tmf.core.signal.TmfSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * A calling context of a comparison was selected (a box of the Differential Flame Graph, a row of
 * Top Differences): the Trace Compass signal that carries the selection between the comparison
 * views, as {@code TmfThreadSelectedSignal} carries a thread. A view shows it when it shows the
 * same trace (or experiment) and execution type.
 */
public class ContextSelectedSignal extends TmfSignal {

    private final ITmfTrace fTrace;
    private final String fType;
    private final int fContext;
    private final String fPath;

    /**
     * @param source the view that selected it
     * @param trace the trace or experiment compared
     * @param type the execution type compared
     * @param context the context: a node of the differential tree (the provider's entry id), or -1 for none
     * @param path its calling context as folded frames ({@code a;b;c}, the provider's {@code path} label), empty for the root or none
     */
    public ContextSelectedSignal(Object source, ITmfTrace trace, String type, int context, String path) {
        super(source);
        fTrace = trace;
        fType = type;
        fContext = context;
        fPath = path;
    }

    /** @return the trace or experiment compared */
    public ITmfTrace getTrace() {
        return fTrace;
    }

    /** @return the execution type compared */
    public String getType() {
        return fType;
    }

    /** @return the context (a node of the differential tree), or -1 for none */
    public int getContext() {
        return fContext;
    }

    /** @return its folded path, empty for the root or none */
    public String getPath() {
        return fPath;
    }

    @Override
    public String toString() {
        return "ContextSelectedSignal[" + fTrace.getName() + ", " + fType + ", " + fContext + ", " + fPath + "]"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
    }
}
