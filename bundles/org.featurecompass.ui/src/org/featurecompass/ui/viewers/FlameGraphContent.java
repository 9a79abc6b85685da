package org.featurecompass.ui.viewers;

import java.util.List;
import java.util.Map;

import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;

/**
 * What a {@link FlameGraphViewer} draws: a tree of frames, each as wide as its value. A feature
 * flame graph and a differential flame graph supply their own trees, colours and tooltips.
 *
 * @param <N> the node type
 */
public interface FlameGraphContent<N> {

    /**
     * @param node a node
     * @return its children, in the order they are drawn, left to right
     */
    List<N> children(N node);

    /**
     * @param node a node
     * @return its width on the synthetic axis, in the axis's unit (ns for time); a node is drawn
     *         at least as wide as its children together
     */
    long width(N node);

    /**
     * @param node a node
     * @return the text drawn in its frame
     */
    String label(N node);

    /**
     * @param node a node
     * @return the index of its colour in {@link #colours()}
     */
    int colour(N node);

    /** @return the colours, with their legend names */
    StateItem[] colours();

    /**
     * @param node a node
     * @return its tooltip, name to value, in display order
     */
    Map<String, String> tooltip(N node);

    /**
     * @param node a node
     * @return its left edge on the axis, for a content that lays its frames out itself (a
     *         differential tree), or a negative value (default) to draw it right after its
     *         previous sibling, the first at its parent's left edge
     */
    default long start(N node) {
        return -1;
    }

    /**
     * Draws over a frame after the viewer drew it (hatching, outlines); nothing by default.
     *
     * @param node the node
     * @param bounds the frame's rectangle, px
     * @param gc where to draw
     */
    default void decorate(N node, Rectangle bounds, GC gc) {
        // plain frames
    }
}
