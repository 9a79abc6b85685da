package org.featurecompass.ui.views.compare;

import org.eclipse.swt.graphics.RGB;
import org.featurecompass.model.compare.group.Group;

/**
 * The colours of groups A and B: teal and purple of Paul Tol's colour-blind-safe "muted" scheme,
 * apart from the red and blue of the differential palette (which mean more and less time in B).
 */
final class GroupColours {

    private static final RGB A = new RGB(0x44, 0xAA, 0x99);
    private static final RGB B = new RGB(0xAA, 0x44, 0x99);

    private GroupColours() {
    }

    /**
     * @param group a group
     * @return its colour
     */
    static RGB rgb(Group group) {
        return group == Group.A ? A : B;
    }
}
