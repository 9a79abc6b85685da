package org.featurecompass.core.execution;

import org.eclipse.tracecompass.segmentstore.core.segment.interfaces.INamedSegment;

/**
 * One execution as a Trace Compass segment: its name is its type, so that the latency table,
 * scatter, density and statistics views show executions by type. Its metrics are in the
 * {@link ExecutionAnalysis}'s table of that type, at {@link #getRow()}. Times in ns.
 */
public final class ExecutionSegment implements INamedSegment {

    private static final long serialVersionUID = 1L;

    private final long fStart;
    private final long fEnd;
    private final String fType;
    private final int fRow;

    /**
     * @param start begin, ns
     * @param end end, ns
     * @param type the execution type
     * @param row its row in the table of its type
     */
    public ExecutionSegment(long start, long end, String type, int row) {
        fStart = start;
        fEnd = end;
        fType = type;
        fRow = row;
    }

    @Override
    public long getStart() {
        return fStart;
    }

    @Override
    public long getEnd() {
        return fEnd;
    }

    /** @return the execution type */
    @Override
    public String getName() {
        return fType;
    }

    /** @return its row in the table of its type */
    public int getRow() {
        return fRow;
    }

    @Override
    public String toString() {
        return fType + " #" + fRow + " [" + fStart + ", " + fEnd + ']'; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
