package org.featurecompass.model.graph.network;

import java.math.BigDecimal;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.network.ConvexHullSync.Point;
import org.featurecompass.model.graph.network.ConvexHullSync.Status;

/**
 * The clock relation of one pair of hosts found by {@link ConvexHullSync} (Giraldeau 2015,
 * §5.3.1), with its accuracy. Times in ns.
 *
 * @param reference the host whose clock is the target
 * @param other the host whose clock is transformed
 * @param status {@link Status#OK} or why there is no transform
 * @param transform other's clock to reference's, or {@code null} unless OK
 * @param slopeMin least slope of a line separating the two packet sets (NaN unless OK)
 * @param slopeMax greatest such slope (NaN unless OK)
 * @param offsetHalfWidthNs half the width of the band of separating lines with the chosen slope,
 *            ns: how far the intercept could move at that slope (NaN unless OK)
 * @param fromReference packets from the reference to the other
 * @param toReference packets from the other to the reference
 * @param lowerHull upper hull of the points (receive on other, send on reference)
 * @param upperHull lower hull of the points (send on other, receive on reference)
 */
public record PairSync(String reference, String other, Status status, @Nullable LinearTransform transform,
        double slopeMin, double slopeMax, double offsetHalfWidthNs, long fromReference, long toReference,
        List<Point> lowerHull, List<Point> upperHull) {

    /** Immutable hulls. */
    public PairSync {
        lowerHull = List.copyOf(lowerHull);
        upperHull = List.copyOf(upperHull);
    }

    /**
     * A bound on the error of {@link #transform()} at a time of the other host: any linear
     * relation consistent with the packets lies, at {@code timeNs}, between the two hulls, so
     * the true image is at most this far from the computed one. Outside the time range both
     * hulls cover, the band between the steepest and the flattest separating lines through the
     * nearest hull point is used instead, which grows with the distance to the packets.
     *
     * @param timeNs a time of the other host, ns
     * @return the bound, ns; NaN unless {@link Status#OK}
     */
    public double errorBoundNs(long timeNs) {
        LinearTransform t = transform;
        if (t == null) {
            return Double.NaN;
        }
        // relative to one packet time, so that doubles keep sub-nanosecond precision
        long origin = lowerHull.get(0).y();
        double image = t.applyExact(timeNs).subtract(BigDecimal.valueOf(origin)).doubleValue();
        double floor = hull(lowerHull, timeNs, origin, slopeMin, slopeMax, true);
        double ceiling = hull(upperHull, timeNs, origin, slopeMin, slopeMax, false);
        return Math.max(0, Math.max(image - floor, ceiling - image));
    }

    /** @return a one-line account for the user */
    public String describe() {
        String pair = "hosts " + reference + " and " + other + " (" + fromReference + " packets " + reference + "→"
                + other + ", " + toReference + " " + other + "→" + reference + "): ";
        switch (status) {
        case OK:
            return pair + "clock of " + other + " = " + transform + ", slope in [" + slopeMin + ", " + slopeMax
                    + "], offset ±" + offsetHalfWidthNs + " ns";
        case ONE_DIRECTION:
            return pair + "packets in one direction only; a clock relation needs packets both ways";
        case TOO_FEW_POINTS:
            return pair + "too few packets both ways to bound the clock drift";
        case INCONSISTENT:
            return pair + "no linear clock relation fits the packets (non-linear drift or mismatched packets)";
        default:
            throw new IllegalStateException(status.toString());
        }
    }

    /**
     * The hull's value at x, minus {@code origin}: interpolated inside its range; outside, the most permissive of the
     * extreme slopes from its nearest end (lowest for the lower set's floor, highest for the
     * upper set's ceiling).
     */
    private static double hull(List<Point> hull, long x, long origin, double slopeMin, double slopeMax,
            boolean floor) {
        Point first = hull.get(0);
        Point last = hull.get(hull.size() - 1);
        if (x <= first.x() || x >= last.x()) {
            Point end = x <= first.x() ? first : last;
            double dx = x - end.x();
            double a = (end.y() - origin) + slopeMin * dx;
            double b = (end.y() - origin) + slopeMax * dx;
            return floor ? Math.min(a, b) : Math.max(a, b);
        }
        for (int i = 1; i < hull.size(); i++) {
            Point right = hull.get(i);
            if (x <= right.x()) {
                Point left = hull.get(i - 1);
                return (left.y() - origin) + (double) (right.y() - left.y()) * (x - left.x()) / (right.x() - left.x());
            }
        }
        throw new IllegalStateException("x " + x + " not in hull");
    }
}
