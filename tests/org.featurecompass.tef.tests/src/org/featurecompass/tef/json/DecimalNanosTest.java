package org.featurecompass.tef.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.featurecompass.tef.TefTimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Exact decimal-to-nanosecond conversion, without {@code double}. The boundary and random cases
 * are checked against {@link BigDecimal} arithmetic as the independent reference.
 */
class DecimalNanosTest {

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

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

    @Test
    void boundaryValuesMatchBigDecimal() {
        List<String> texts = new ArrayList<>();
        for (String magnitude : List.of("0", "1", "9007199254740992", "9007199254740993", // 2^53, 2^53 + 1
                "9223372036854775806", "9223372036854775807", "9223372036854775808", // 2^63 - 1 and its neighbours
                "18446744073709551615", "18446744073709551616", "36893488147419103232", // 2^64 - 1, 2^64, 2^65
                "999999999999999999", "1000000000000000000", "9999999999999999999", "10000000000000000000", // 18/19/20 digits
                "1637675320727316656", "1800000000000000000", "00000000000000000001637675320727316656", "000",
                "1637675320727316656.4", "1637675320727316656.5", "9223372036854775807.49", "9223372036854775807.5",
                "0.5", "0.49999999999999999999", "0.0000000000000000005", "0.000000000000000000499", "1.25", "2.5",
                "922337203685477580.7", "922337203685477.5807", "1.8e18", "1.8E+18", "18e17", "1800000000000000000e0",
                "9.223372036854775807e18", "9.223372036854775808e18", "1e19", "1e-9", "5e-10", "4.9e-10",
                "1637675320727316.656", "1637675320727316.6565", "12345.6789e-3", "0.0", "0e5", "1e0",
                "4611686018427387904.0", "92233720368547758.07", "5000000000000000000e-19", "4999999999999999999e-19",
                "9223372036854775807e-19", "9223372036854775807e-20", "9223372036854775807e-18")) {
            texts.add(magnitude);
            texts.add("-" + magnitude);
        }
        for (String text : texts) {
            for (TefTimeUnit unit : TefTimeUnit.values()) {
                assertSameAsBigDecimal(text, unit);
            }
        }
    }

    @Test
    void randomNumbersMatchBigDecimal() {
        Random random = new Random(20261121);
        for (int k = 0; k < 200_000; k++) {
            StringBuilder text = new StringBuilder();
            if (random.nextInt(4) == 0) {
                text.append('-');
            }
            int integerDigits = 1 + random.nextInt(21);
            for (int d = 0; d < integerDigits; d++) {
                text.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextBoolean()) {
                text.append('.');
                int fractionDigits = 1 + random.nextInt(12);
                for (int d = 0; d < fractionDigits; d++) {
                    text.append((char) ('0' + random.nextInt(10)));
                }
            }
            if (random.nextInt(5) == 0) {
                text.append(random.nextBoolean() ? 'e' : 'E').append(random.nextBoolean() ? "-" : random.nextBoolean() ? "+" : "")
                        .append(random.nextInt(25));
            }
            assertSameAsBigDecimal(text.toString(), TefTimeUnit.values()[random.nextInt(TefTimeUnit.values().length)]);
        }
    }

    /** The byte-level fast path gives DecimalNanos's value whenever it takes a number, and takes the usual forms. */
    @Test
    void plainDecimalTimeMatchesDecimalNanos() {
        PlainDecimalTime plain = new PlainDecimalTime();
        Random random = new Random(20261122);
        int taken = 0;
        for (int k = 0; k < 200_000; k++) {
            StringBuilder text = new StringBuilder();
            int integerDigits = 1 + random.nextInt(21);
            for (int d = 0; d < integerDigits; d++) {
                text.append((char) ('0' + (d == 0 && integerDigits > 1 && random.nextInt(10) != 0 ? 1 + random.nextInt(9) : random.nextInt(10))));
            }
            if (random.nextBoolean()) {
                text.append('.');
                int fractionDigits = random.nextInt(14); // 0: "12." is no JSON number
                for (int d = 0; d < fractionDigits; d++) {
                    text.append((char) ('0' + random.nextInt(10)));
                }
            }
            if (random.nextInt(8) == 0) {
                text.insert(0, '-');
            }
            if (random.nextInt(8) == 0) {
                text.append("e").append(random.nextInt(5));
            }
            TefTimeUnit unit = TefTimeUnit.values()[random.nextInt(TefTimeUnit.values().length)];
            String number = text.toString();
            byte[] bytes = (number + (random.nextBoolean() ? "," : "}")).getBytes(StandardCharsets.US_ASCII);
            int end = plain.read(bytes, 0, bytes.length, unit);
            boolean jsonPlain = number.matches("(0|[1-9][0-9]*)(\\.[0-9]+)?");
            if (end >= 0) {
                taken++;
                assertEquals(number.length(), end, number);
                assertTrue(jsonPlain, number);
                assertEquals(ns(number, unit), plain.nanos(), number + ' ' + unit.symbol());
            } else if (jsonPlain && new BigDecimal(number).unscaledValue().bitLength() < 63) {
                String what = number + ' ' + unit.symbol();
                assertThrows(ArithmeticException.class, () -> ns(number, unit), what + " was not taken, yet fits");
            }
        }
        assertTrue(taken > 50_000, "taken " + taken);
        for (String usual : List.of("1637675320727316656", "1539986721148.984", "0.745", "0")) {
            byte[] bytes = (usual + ",").getBytes(StandardCharsets.US_ASCII);
            assertEquals(usual.length(), plain.read(bytes, 0, bytes.length, usual.length() == 19 ? TefTimeUnit.NANOSECONDS : TefTimeUnit.MICROSECONDS));
        }
    }

    /** The value in ns by BigDecimal, rounded half away from zero; an overflow must be an ArithmeticException. */
    private static void assertSameAsBigDecimal(String text, TefTimeUnit unit) {
        BigInteger expected = new BigDecimal(text).movePointRight(unit.decimalShift()).setScale(0, RoundingMode.HALF_UP).toBigIntegerExact();
        String what = text + ' ' + unit.symbol();
        if (expected.compareTo(LONG_MIN) < 0 || expected.compareTo(LONG_MAX) > 0) {
            assertThrows(ArithmeticException.class, () -> ns(text, unit), what);
        } else {
            assertEquals(expected.longValueExact(), ns(text, unit), what);
        }
    }
}
