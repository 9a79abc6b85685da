package org.featurecompass.ui.views.graph;

import org.eclipse.swt.graphics.RGB;
import org.featurecompass.model.graph.EdgeLabel;

/**
 * Colours of the critical-path labels, close to Trace Compass's Critical Flow view so that users
 * recognise them: running green, preempted orange, blocked red, timer blue, network pink, block
 * device purple (Giraldeau 2015, Figs. 5.4 and 5.8 use pink for network and purple for disk).
 */
final class LabelPalette {

    private LabelPalette() {
    }

    /**
     * @param label an edge label
     * @return its colour
     */
    static RGB colour(EdgeLabel label) {
        switch (label) {
        case RUNNING:
            return new RGB(0x33, 0x99, 0x00);
        case PREEMPTED:
            return new RGB(0xC8, 0x64, 0x00);
        case BLOCKED:
            return new RGB(0xC8, 0x00, 0x00);
        case INTERRUPTED:
            return new RGB(0x66, 0x66, 0xCC);
        case TIMER:
            return new RGB(0x33, 0x66, 0x99);
        case NETWORK:
            return new RGB(0xFF, 0x9B, 0xFF);
        case BLOCK_DEVICE:
            return new RGB(0x66, 0x00, 0xCC);
        case IPI:
            return new RGB(0x00, 0x99, 0x99);
        case USER_INPUT:
            return new RGB(0xCC, 0xCC, 0x00);
        case UNKNOWN:
        default:
            return new RGB(0x40, 0x3B, 0x33);
        }
    }
}
