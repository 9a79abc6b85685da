package org.featurecompass.ui.viewers;

import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;

/**
 * Diagonal lines across a flame-graph frame, drawn by a {@link FlameGraphContent#decorate}: the
 * mark of a frame that is not a plain measured one (an estimate, a context reached in one group
 * only). Draws with the GC's current colour, line width and clipping.
 */
public final class FrameHatching {

    private FrameHatching() {
    }

    /**
     * @param gc where to draw, clipped to the frame by the caller
     * @param bounds the frame's rectangle, px
     * @param spacingPx horizontal distance between two lines, px
     * @param rising {@code /} lines if true, {@code \} lines if false
     */
    public static void draw(GC gc, Rectangle bounds, int spacingPx, boolean rising) {
        for (int offset = -bounds.height; offset < bounds.width; offset += spacingPx) {
            int x = bounds.x + offset;
            if (rising) {
                gc.drawLine(x, bounds.y + bounds.height, x + bounds.height, bounds.y);
            } else {
                gc.drawLine(x, bounds.y, x + bounds.height, bounds.y + bounds.height);
            }
        }
    }
}
