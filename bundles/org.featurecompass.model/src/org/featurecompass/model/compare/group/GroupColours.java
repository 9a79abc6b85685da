package org.featurecompass.model.compare.group;

import java.util.Locale;

/**
 * The colours of groups A and B wherever a comparison is drawn (the workbench's views and the HTML
 * report): green and purple of Paul Tol's colour-blind-safe "muted" scheme (Tol 2021, "Colour
 * Schemes", SRON/EPS/TN/09-002), chosen far from the differential palette's reds and blues (which
 * mean more and less time in B) and from its grey: at least 45 CIE76 ΔE from each of its colours
 * (GroupColoursTest), so that a group's bar is never read as a difference.
 */
public final class GroupColours {

    /** Group A, 0xRRGGBB (Tol's green). */
    public static final int A = 0x117733;
    /** Group B, 0xRRGGBB (Tol's purple). */
    public static final int B = 0xAA4499;

    private GroupColours() {
    }

    /**
     * @param group a group
     * @return its colour, 0xRRGGBB
     */
    public static int rgb(Group group) {
        return group == Group.A ? A : B;
    }

    /**
     * @param group a group
     * @return its colour as CSS, {@code #rrggbb}
     */
    public static String css(Group group) {
        return String.format(Locale.ROOT, "#%06x", Integer.valueOf(rgb(group))); //$NON-NLS-1$
    }
}
