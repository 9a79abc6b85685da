package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Exact decimal-to-nanosecond conversion, without {@code double}. */
class DecimalNanosTest {

    private static long ns(String text, TefTimeUnit unit) {
        return DecimalNanos.toNanos(text.toCharArray(), 0, text.length(), unit);
    }

    @Test
    void integerMicroseconds() {
        assertEquals(1_469_906_361_000L, ns("1469906361", TefTimeUnit.MICROSECONDS));
        assertEquals(0, ns("0", TefTimeUnit.MICROSECONDS));
        assertEquals(-5_000, ns("-5", TefTimeUnit.MICROSECONDS));
    }

    @Test
    void fractionalMicrosecondsAreExact() {
        // (long) (1539986758.002 * 1000.0) is 1539986758001 in double arithmetic
        assertEquals(1_539_986_758_002L, ns("1539986758.002", TefTimeUnit.MICROSECONDS));
        assertEquals(1_540_032_908_490L, ns("1540032908.49", TefTimeUnit.MICROSECONDS));
        assertEquals(745, ns("0.745", TefTimeUnit.MICROSECONDS));
        assertEquals(5, ns("0.005", TefTimeUnit.MICROSECONDS));
        assertEquals(1_050, ns("1.05", TefTimeUnit.MICROSECONDS));
    }

    @Test
    void nanosecondEpochValuesSurvive() {
        assertEquals(1_637_675_320_727_316_656L, ns("1637675320727316656", TefTimeUnit.NANOSECONDS));
        assertEquals(1_800_000_000_000_000_001L, ns("1800000000000000001", TefTimeUnit.NANOSECONDS));
        assertEquals(Long.MAX_VALUE, ns("9223372036854775807", TefTimeUnit.NANOSECONDS));
        // 1.8e18 ns written as microseconds with three decimals
        assertEquals(1_800_000_000_000_000_123L, ns("1800000000000000.123", TefTimeUnit.MICROSECONDS));
    }

    @Test
    void exponentsAndOtherUnits() {
        assertEquals(1_500_000, ns("1.5e3", TefTimeUnit.MICROSECONDS));
        assertEquals(1_500_000, ns("1.5E+3", TefTimeUnit.MICROSECONDS));
        assertEquals(2, ns("2e-3", TefTimeUnit.MICROSECONDS));
        assertEquals(1_637_675_320_727_316_656L, ns("1.637675320727316656e18", TefTimeUnit.NANOSECONDS));
        assertEquals(2_500_000, ns("2.5", TefTimeUnit.MILLISECONDS));
        assertEquals(3_000_000_000L, ns("3", TefTimeUnit.SECONDS));
    }

    @Test
    void subNanosecondDigitsRoundHalfAwayFromZero() {
        assertEquals(2, ns("0.0015", TefTimeUnit.MICROSECONDS));
        assertEquals(1, ns("0.00149", TefTimeUnit.MICROSECONDS));
        assertEquals(-2, ns("-0.0015", TefTimeUnit.MICROSECONDS));
        assertEquals(0, ns("1e-30", TefTimeUnit.MICROSECONDS));
        // more than 18 significant digits takes the BigDecimal path with the same rounding
        assertEquals(1_539_986_758_002L, ns("1539986758.0015000000001", TefTimeUnit.MICROSECONDS));
    }

    @Test
    void overflowAndGarbageAreErrors() {
        assertThrows(ArithmeticException.class, () -> ns("9223372036854775808", TefTimeUnit.NANOSECONDS));
        assertThrows(ArithmeticException.class, () -> ns("1637675320727316656", TefTimeUnit.MICROSECONDS));
        assertThrows(ArithmeticException.class, () -> ns("1e300", TefTimeUnit.MICROSECONDS));
        assertThrows(NumberFormatException.class, () -> ns("abc", TefTimeUnit.MICROSECONDS));
        assertThrows(NumberFormatException.class, () -> ns("", TefTimeUnit.MICROSECONDS));
        assertThrows(NumberFormatException.class, () -> ns("12x", TefTimeUnit.MICROSECONDS));
        assertThrows(NumberFormatException.class, () -> ns("1e", TefTimeUnit.MICROSECONDS));
    }
}
