package org.featurecompass.ui.viewers;

import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeEvent;

/**
 * One drawn frame of a {@link FlameGraphViewer}: a node at a position of the synthetic axis, on
 * the row of its depth. Its value is its colour index.
 *
 * @param <N> the node type
 */
public final class FlameGraphFrame<N> extends TimeEvent {

    private final N fNode;
    private final int fDepth;
    private final String fLabel;

    FlameGraphFrame(ITimeGraphEntry row, N node, int depth, long start, long width, int colour, String label) {
        super(row, start, width, colour);
        fNode = node;
        fDepth = depth;
        fLabel = label;
    }

    /** @return the node drawn */
    public N node() {
        return fNode;
    }

    /** @return the row: 0 for the root, 1 for its children, … */
    public int depth() {
        return fDepth;
    }

    /** @return the text drawn in the frame */
    @Override
    public String getLabel() {
        return fLabel;
    }

    @Override
    public String toString() {
        return fDepth + " " + fLabel + " [" + fTime + ", +" + fDuration + "]"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }
}
