package org.featurecompass.model.graph.network;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Clock relation between two hosts from the packets they exchanged: the convex-hull method of
 * Giraldeau 2015, §5.3.1 (after Poirier, Roy and Dagenais [15]). Host {@code other}'s clock is
 * mapped to host {@code reference}'s by f(t) = m·t + b.
 * <p>
 * In the plane x = other's clock, y = reference's clock, a packet from the reference received by
 * the other at x was sent at y ≤ f(x): the line must pass on or above the point (x, y) ("lower"
 * set). A packet from the other sent at x and received by the reference at y needs f(x) ≤ y: on
 * or below the point ("upper" set). Only the upper hull of the lower set and the lower hull of the
 * upper set constrain the line, so points are compacted to those hulls as they accumulate:
 * memory stays bounded, and the result is exact. The feasible slopes form [m_min, m_max]:
 * m_max is the least slope from a lower point to an upper point on its right, m_min the greatest
 * from an upper point to a lower point on its right, both compared exactly in 128-bit integers.
 * The result is the bisector of the two extreme lines, taken as the thesis's implementation (Trace
 * Compass's fully incremental convex hull) takes it: in the plane of the reference's clock against
 * the other's, the mean of the two lines' slopes and of their intercepts, in exact decimal
 * arithmetic; f is its inverse. The mean of two separating lines separates the sets too (they
 * form a convex set), so f is consistent with every packet, and the same matched packets give
 * Trace Compass's own transform.
 * <p>
 * Failure modes, reported by {@link PairSync#status()}: packets in one direction only; too few
 * points to bound the slope on both sides (the thesis needs at least two per set); hulls that
 * intersect (no line separates them: non-linear drift on a long trace, or wrong matches).
 * Times in ns.
 */
public final class ConvexHullSync {

    /** Outcome of a synchronisation. */
    public enum Status {
        /** A transform and its bounds were found. */
        OK,
        /** No packet in one of the two directions. */
        ONE_DIRECTION,
        /** Packets both ways, but not placed so as to bound the slope from both sides. */
        TOO_FEW_POINTS,
        /** No line separates the two sets: the relation is not linear, or packets are mismatched. */
        INCONSISTENT
    }

    /** A point of the plane: x in the other host's clock, y in the reference's, ns. */
    record Point(long x, long y) {
    }

    /** Points kept before compacting a set to its hull. */
    private static final int COMPACT_AT = 4096;

    private final String fReference;
    private final String fOther;
    private final List<Point> fLower = new ArrayList<>();
    private final List<Point> fUpper = new ArrayList<>();
    private long fLowerPackets;
    private long fUpperPackets;
    private int fLowerLimit = COMPACT_AT;
    private int fUpperLimit = COMPACT_AT;

    /**
     * @param reference the host whose clock is the target of the transform
     * @param other the host whose clock is transformed
     */
    public ConvexHullSync(String reference, String other) {
        fReference = reference;
        fOther = other;
    }

    /** @return the host whose clock is the target */
    public String reference() {
        return fReference;
    }

    /** @return the host whose clock is transformed */
    public String other() {
        return fOther;
    }

    /**
     * A packet from the reference host to the other.
     *
     * @param sendNs send time, reference's clock, ns
     * @param receiveNs reception time, other's clock, ns
     */
    public void addFromReference(long sendNs, long receiveNs) {
        fLowerPackets++;
        fLower.add(new Point(receiveNs, sendNs));
        if (fLower.size() >= fLowerLimit) {
            compact(fLower, true);
            fLowerLimit = Math.max(COMPACT_AT, 2 * fLower.size());
        }
    }

    /**
     * A packet from the other host to the reference.
     *
     * @param sendNs send time, other's clock, ns
     * @param receiveNs reception time, reference's clock, ns
     */
    public void addToReference(long sendNs, long receiveNs) {
        fUpperPackets++;
        fUpper.add(new Point(sendNs, receiveNs));
        if (fUpper.size() >= fUpperLimit) {
            compact(fUpper, false);
            fUpperLimit = Math.max(COMPACT_AT, 2 * fUpper.size());
        }
    }

    /** @return the relation found so far, or why there is none */
    public PairSync solve() {
        compact(fLower, true);
        compact(fUpper, false);
        List<Point> lower = List.copyOf(fLower);
        List<Point> upper = List.copyOf(fUpper);
        if (lower.isEmpty() || upper.isEmpty()) {
            return failed(Status.ONE_DIRECTION, lower, upper);
        }
        // m_max: least slope p -> q with q right of p; m_min: greatest slope q -> p with p right of q.
        long maxDy = 0;
        long maxDx = 0;
        long minDy = 0;
        long minDx = 0;
        @Nullable Point maxThrough = null; // a point of each extreme line
        @Nullable Point minThrough = null;
        for (Point p : lower) {
            for (Point q : upper) {
                if (q.x() > p.x()) {
                    long dy = q.y() - p.y();
                    long dx = q.x() - p.x();
                    if (maxDx == 0 || compareProducts(dy, maxDx, maxDy, dx) < 0) {
                        maxDy = dy;
                        maxDx = dx;
                        maxThrough = p;
                    }
                } else if (q.x() < p.x()) {
                    long dy = p.y() - q.y();
                    long dx = p.x() - q.x();
                    if (minDx == 0 || compareProducts(dy, minDx, minDy, dx) > 0) {
                        minDy = dy;
                        minDx = dx;
                        minThrough = q;
                    }
                } else if (q.y() < p.y()) {
                    return failed(Status.INCONSISTENT, lower, upper);
                }
            }
        }
        if (maxDx == 0 || minDx == 0 || maxThrough == null || minThrough == null) {
            return failed(Status.TOO_FEW_POINTS, lower, upper);
        }
        if (compareProducts(minDy, maxDx, maxDy, minDx) > 0 || maxDy <= 0) {
            return failed(Status.INCONSISTENT, lower, upper); // no separating line, or none increasing
        }
        if (minDy <= 0) {
            return failed(Status.TOO_FEW_POINTS, lower, upper); // the slope is not bounded away from 0
        }
        double slopeMin = (double) minDy / minDx;
        double slopeMax = (double) maxDy / maxDx;
        LinearTransform transform = bisector(maxThrough, maxDx, maxDy, minThrough, minDx, minDy);
        double slope = transform.slope().doubleValue();
        // Intercepts relative to an origin on the lower hull, so that doubles stay small.
        Point origin = lower.get(0);
        double bLow = Double.NEGATIVE_INFINITY;
        for (Point p : lower) {
            bLow = Math.max(bLow, (p.y() - origin.y()) - slope * (p.x() - origin.x()));
        }
        double bHigh = Double.POSITIVE_INFINITY;
        for (Point q : upper) {
            bHigh = Math.min(bHigh, (q.y() - origin.y()) - slope * (q.x() - origin.x()));
        }
        return new PairSync(fReference, fOther, Status.OK, transform, slopeMin, slopeMax,
                Math.max(0, (bHigh - bLow) / 2), fLowerPackets, fUpperPackets, lower, upper);
    }

    /**
     * The bisector of the extreme lines, inverted: in the plane (reference's clock, other's
     * clock) each line through a point (y, x) of ours with slope dx/dy has the intercept
     * x − y·dx/dy; the bisector g(t) = α·t + β takes the means of both; f = g⁻¹.
     */
    private static LinearTransform bisector(Point maxThrough, long maxDx, long maxDy, Point minThrough, long minDx, long minDy) {
        MathContext context = new MathContext(LinearTransform.DIGITS, RoundingMode.HALF_EVEN);
        BigDecimal two = BigDecimal.valueOf(2);
        BigDecimal slopeA = BigDecimal.valueOf(maxDx).divide(BigDecimal.valueOf(maxDy), context);
        BigDecimal slopeB = BigDecimal.valueOf(minDx).divide(BigDecimal.valueOf(minDy), context);
        BigDecimal interceptA = BigDecimal.valueOf(maxThrough.x()).subtract(slopeA.multiply(BigDecimal.valueOf(maxThrough.y()), context), context);
        BigDecimal interceptB = BigDecimal.valueOf(minThrough.x()).subtract(slopeB.multiply(BigDecimal.valueOf(minThrough.y()), context), context);
        BigDecimal alpha = slopeA.add(slopeB).divide(two, context);
        BigDecimal beta = interceptA.add(interceptB).divide(two, context);
        return new LinearTransform(alpha, beta).inverse();
    }

    private PairSync failed(Status status, List<Point> lower, List<Point> upper) {
        return new PairSync(fReference, fOther, status, null, Double.NaN, Double.NaN, Double.NaN, fLowerPackets,
                fUpperPackets, lower, upper);
    }

    /**
     * Replaces {@code points} by its upper hull ({@code upperHull}) or lower hull, left to right
     * (monotone chain).
     */
    private static void compact(List<Point> points, boolean upperHull) {
        if (points.size() < 3) {
            return;
        }
        Comparator<Point> byY = Comparator.comparingLong(Point::y);
        points.sort(Comparator.comparingLong(Point::x).thenComparing(upperHull ? byY.reversed() : byY));
        List<Point> hull = new ArrayList<>();
        for (Point p : points) {
            if (!hull.isEmpty() && hull.get(hull.size() - 1).x() == p.x()) {
                continue; // same x: the first one sorted is the binding one
            }
            while (hull.size() >= 2) {
                Point o = hull.get(hull.size() - 2);
                Point a = hull.get(hull.size() - 1);
                int turn = compareProducts(a.x() - o.x(), p.y() - o.y(), a.y() - o.y(), p.x() - o.x());
                // upper hull: drop a unless o, a, p turn clockwise; lower hull: counter-clockwise
                if (upperHull ? turn >= 0 : turn <= 0) {
                    hull.remove(hull.size() - 1);
                } else {
                    break;
                }
            }
            hull.add(p);
        }
        points.clear();
        points.addAll(hull);
    }

    /** @return the sign of a·b − c·d, computed exactly on 128 bits */
    static int compareProducts(long a, long b, long c, long d) {
        long high1 = Math.multiplyHigh(a, b);
        long high2 = Math.multiplyHigh(c, d);
        if (high1 != high2) {
            return high1 < high2 ? -1 : 1;
        }
        return Long.compareUnsigned(a * b, c * d);
    }
}
