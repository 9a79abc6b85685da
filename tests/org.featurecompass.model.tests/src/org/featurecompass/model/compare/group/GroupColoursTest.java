package org.featurecompass.model.compare.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.compare.diff.Direction;
import org.junit.jupiter.api.Test;

/**
 * The groups' colours cannot be confused with the differential palette: CIE76 ΔE (distance in CIE
 * L*a*b*, D65, from sRGB by the IEC 61966-2-1 transfer function, computed here) of each group
 * colour from every palette colour (both directions, every level, the neutral grey) and from the
 * other group's is at least 45 (a ΔE of 2.3 is just noticeable; Sharma 2003).
 */
class GroupColoursTest {

    private static double[] lab(int rgb) {
        double[] c = new double[3];
        for (int i = 0; i < 3; i++) {
            double v = (rgb >> (16 - 8 * i) & 0xff) / 255.0;
            c[i] = v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        }
        double x = (0.4124 * c[0] + 0.3576 * c[1] + 0.1805 * c[2]) / 0.95047;
        double y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
        double z = (0.0193 * c[0] + 0.1192 * c[1] + 0.9505 * c[2]) / 1.08883;
        return new double[] { 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)) };
    }

    private static double f(double t) {
        return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    }

    private static double deltaE(int p, int q) {
        double[] a = lab(p);
        double[] b = lab(q);
        return Math.sqrt(Math.pow(a[0] - b[0], 2) + Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2));
    }

    @Test
    void farFromThePaletteAndFromEachOther() {
        List<Integer> palette = new ArrayList<>();
        palette.add(Integer.valueOf(DifferencePalette.NEUTRAL));
        for (int level = 0; level < DifferencePalette.LEVEL_COUNT; level++) {
            palette.add(Integer.valueOf(DifferencePalette.rgb(Direction.MORE_IN_B, level)));
            palette.add(Integer.valueOf(DifferencePalette.rgb(Direction.MORE_IN_A, level)));
        }
        for (Group g : Group.values()) {
            for (int colour : palette) {
                double d = deltaE(GroupColours.rgb(g), colour);
                assertTrue(d >= 45, g + " vs " + Integer.toHexString(colour) + ": \u0394E " + d);
            }
        }
        assertTrue(deltaE(GroupColours.A, GroupColours.B) >= 45, "A vs B");
        assertEquals("#117733", GroupColours.css(Group.A)); //$NON-NLS-1$
        // The CIE76 distance of sRGB white and black is 100 (L* 100 and 0): the conversion's check.
        assertEquals(100, deltaE(0xffffff, 0x000000), 1e-3);
    }
}
