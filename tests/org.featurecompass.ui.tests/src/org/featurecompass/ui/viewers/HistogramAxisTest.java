package org.featurecompass.ui.viewers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import java.util.stream.IntStream;

import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.execution.MetricUnit;
import org.junit.jupiter.api.Test;

/**
 * The histogram widget's pixel ↔ value mapping ({@link HistogramAxis}) and its labels
 * ({@link MetricValueFormat}). Expected pixels come from the geometry the test sets up (10 buckets
 * of 20 px from x = 5 over edges 0, 10, …, 100; decades on a log axis), and brushes are checked
 * against a direct count of the values between the brushed buckets' edges.
 */
class HistogramAxisTest {

    /** Values 0..100: linear edges 0, 10, …, 100. */
    private static HistogramEdges tens() {
        return HistogramEdges.of(IntStream.rangeClosed(0, 100).asDoubleStream().toArray(), 10, HistogramEdges.Scale.LINEAR);
    }

    @Test
    void pixelsMapToBucketsAndBack() {
        HistogramAxis axis = new HistogramAxis(tens(), 5, 200);
        assertEquals(10, axis.buckets());
        assertEquals(5, axis.left());
        assertEquals(205, axis.right());
        for (int k = 0; k <= 10; k++) {
            assertEquals(5 + 20 * k, axis.edgeX(k), "edge " + k);
        }
        assertEquals(0, axis.bucketAt(0), "left of the axis: the first bucket");
        assertEquals(0, axis.bucketAt(5));
        assertEquals(0, axis.bucketAt(24));
        assertEquals(1, axis.bucketAt(25));
        assertEquals(9, axis.bucketAt(204));
        assertEquals(9, axis.bucketAt(205), "the right end: the last bucket");
        assertEquals(9, axis.bucketAt(1000));
        for (int x = 5; x < 205; x++) {
            int k = axis.bucketAt(x);
            assertTrue(axis.edgeX(k) <= x && x < axis.edgeX(k + 1), "x " + x + " inside its bucket's columns");
        }
    }

    @Test
    void valuesMapToPixelsInsideTheirBucket() {
        HistogramAxis axis = new HistogramAxis(tens(), 5, 200);
        assertEquals(5, axis.pixelOf(0));
        assertEquals(205, axis.pixelOf(100));
        assertEquals(115, axis.pixelOf(55), "half way through bucket 5: 5 + 5.5 × 20");
        assertEquals(5, axis.pixelOf(-7), "below the first edge");
        assertEquals(5, axis.pixelOf(Double.NEGATIVE_INFINITY));
        assertEquals(205, axis.pixelOf(1e9), "above the last edge");
        assertEquals(205, axis.pixelOf(Double.POSITIVE_INFINITY));
        for (int k = 0; k <= 10; k++) {
            assertEquals(axis.edgeX(k), axis.pixelOf(10.0 * k), "edge value " + 10 * k + " drawn on its edge");
        }
        int previous = Integer.MIN_VALUE;
        for (double v = -5; v <= 105; v += 0.25) {
            int x = axis.pixelOf(v);
            assertTrue(x >= previous, "monotone at " + v);
            previous = x;
        }
    }

    @Test
    void logarithmicEdgesGiveADecadePerBucket() {
        double[] values = { 1, 3, 10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000, 300000, 1000000 };
        HistogramEdges edges = HistogramEdges.of(values, 6, HistogramEdges.Scale.LOG);
        HistogramAxis axis = new HistogramAxis(edges, 0, 600);
        for (int decade = 0; decade <= 6; decade++) {
            assertEquals(100 * decade, axis.pixelOf(Math.pow(10, decade)), 1, "10^" + decade);
        }
        assertEquals(3, axis.bucketAt(350), "the fourth decade, 1,000 to 10,000");
        assertEquals(1000, axis.rangeMin(3), 1e-9);
        assertEquals(10000, axis.rangeMax(3), 1e-8);
    }

    @Test
    void brushesSnapToEdgesAndTheLastBucketIsOpen() {
        HistogramAxis axis = new HistogramAxis(tens(), 5, 200);
        assertEquals(30, axis.rangeMin(3));
        assertEquals(60, axis.rangeMax(5));
        assertEquals(Double.POSITIVE_INFINITY, axis.rangeMax(9), "the last bucket also holds the maximum");
        assertEquals(0, axis.rangeMin(-3), "clamped");
        assertArrayEquals(new int[] { 3, 5 }, axis.bucketsOf(30, 60), "a range ending on an edge stops before that bucket");
        assertArrayEquals(new int[] { 3, 6 }, axis.bucketsOf(35, 61));
        assertArrayEquals(new int[] { 0, 9 }, axis.bucketsOf(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
        assertArrayEquals(new int[] { 7, 9 }, axis.bucketsOf(70, Double.POSITIVE_INFINITY));
        assertArrayEquals(new int[0], axis.bucketsOf(200, 300), "beyond the values");
        assertArrayEquals(new int[0], axis.bucketsOf(-10, 0), "below the values (max exclusive)");
    }

    /** Every brush k1..k2 over random long-tailed values keeps exactly the values of those buckets. */
    @Test
    void aBrushSelectsExactlyItsBucketsValues() {
        Random random = new Random(13);
        double[] values = new double[5000];
        for (int i = 0; i < values.length; i++) {
            values[i] = Math.floor(Math.exp(random.nextGaussian() * 2 + 10));
        }
        for (HistogramEdges.Scale scale : HistogramEdges.Scale.values()) {
            HistogramEdges edges = HistogramEdges.of(values, 40, scale);
            HistogramAxis axis = new HistogramAxis(edges, 3, 517);
            for (int trial = 0; trial < 300; trial++) {
                int k1 = random.nextInt(40);
                int k2 = k1 + random.nextInt(40 - k1);
                double min = axis.rangeMin(k1);
                double max = axis.rangeMax(k2);
                long inRange = 0;
                long inBuckets = 0;
                for (double v : values) {
                    inRange += min <= v && v < max ? 1 : 0;
                    // The bucket by a linear scan of the edges, not by HistogramEdges.bucket.
                    int k = 0;
                    while (k < 39 && edges.edge(k + 1) <= v) {
                        k++;
                    }
                    inBuckets += k1 <= k && k <= k2 ? 1 : 0;
                }
                assertEquals(inBuckets, inRange, scale + " brush " + k1 + ".." + k2);
            }
        }
    }

    @Test
    void labelsUseTheAxisTimeUnitAndTheOrigin() {
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.US);
        try {
            MetricValueFormat ms = MetricValueFormat.forAxis(MetricUnit.NANOSECONDS, 0, 0, 2.5e7);
            assertEquals("12.5 ms", ms.format(1.25e7));
            assertEquals("0.001 ms", ms.format(1000), "one unit for the whole axis");
            assertEquals("25 ms", ms.format(2.5e7));
            assertEquals("850 ns", MetricValueFormat.format(MetricUnit.NANOSECONDS, 850));
            assertEquals("1.5 µs", MetricValueFormat.format(MetricUnit.NANOSECONDS, 1500));
            assertEquals("3.2 s", MetricValueFormat.format(MetricUnit.NANOSECONDS, 3.2e9));
            assertEquals("1,250 s", MetricValueFormat.format(MetricUnit.NANOSECONDS, 1.25e12), "seconds are the largest unit");
            MetricValueFormat since = MetricValueFormat.forAxis(MetricUnit.NANOSECONDS, 1.7e18, 1.7e18, 1.7e18 + 5e6);
            assertEquals("+2.5 ms", since.format(1.7e18 + 2.5e6), "start times after the first start");
            assertEquals("+0 ms", since.format(1.7e18));
            assertEquals("1,024", MetricValueFormat.format(MetricUnit.COUNT, 1024));
            assertEquals("0.375", MetricValueFormat.format(MetricUnit.NONE, 0.375));
            assertEquals("1.23e+07", MetricValueFormat.format(MetricUnit.NONE, 12_345_678));
            assertEquals("+∞", ms.format(Double.POSITIVE_INFINITY));
            assertEquals("", ms.format(Double.NaN), "no value");
            MetricValueFormat narrow = MetricValueFormat.forAxis(MetricUnit.NONE, 0, 200_000, 200_001);
            assertEquals("200,000.5", narrow.format(200_000.5), "an axis spanning 1 around 200,000 needs 8 digits");
            assertEquals("200,001", narrow.format(200_001));
        } finally {
            Locale.setDefault(saved);
        }
    }
}
