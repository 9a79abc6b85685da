package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.feature.feed.RegionEventConverter;
import org.featurecompass.core.feature.feed.RegionEventConverter.Problem;
import org.featurecompass.model.feature.RegionEvent;
import org.featurecompass.tef.TefCursor;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Region ids as unsigned 64-bit numbers (VaRA's {@code uint64}): every id form is read through a
 * real TEF file and compared with {@link BigDecimal} arithmetic as the independent reference.
 */
class RegionEventConverterTest {

    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
    private static final Pattern JSON_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    /** Ids written as JSON numbers (VaRA's top-level {@code ID}) and as strings ({@code args.ID}). */
    private static final List<String> IDS = List.of("0", "1", "42", "9007199254740992", "9007199254740993",
            "999999999999999999", "1000000000000000000", "1729382256910270467", "9223372036854775807",
            "9223372036854775808", "9999999999999999999", "10000000000000000000", "18446744073709551614",
            "18446744073709551615", "18446744073709551616", "18446744073709551617", "99999999999999999999",
            "100000000000000000000", "36893488147419103232", "00000000000000000042", "000000000000000000042",
            "0000000000000000000018446744073709551615", "-1", "-0", "-9223372036854775808", "1e3", "1E+19", "1.8446744073709551615e19",
            "1.5", "42.0", "1e-3");

    @Test
    void idsMatchBigDecimal(@TempDir Path dir) throws Exception {
        StringBuilder json = new StringBuilder("{\"timestampUnit\":\"ns\",\"traceEvents\":[");
        List<String> written = new ArrayList<>();
        for (String id : IDS) {
            if (JSON_NUMBER.matcher(id).matches()) { // leading zeros are no JSON number: only as strings
                event(json, written.size(), ",\"ID\":" + id);
                written.add(id);
            }
            event(json, written.size(), ",\"args\":{\"ID\":\"" + id + "\"}");
            written.add(id);
        }
        json.append("]}");
        Path file = dir.resolve("ids.json");
        Files.writeString(file, json, StandardCharsets.UTF_8);
        RegionEventConverter converter = new RegionEventConverter();
        List<@Nullable RegionEvent> regions = new ArrayList<>();
        try (TefTrace trace = TefTrace.open(file, dir.resolve("index"))) {
            assertEquals(List.of(), trace.problems());
            TefCursor cursor = trace.cursor(0);
            while (cursor.hasNext()) {
                regions.add(converter.convert((TefEvent) cursor.next()));
            }
        }
        assertEquals(written.size(), regions.size());
        int invalid = 0;
        for (int i = 0; i < regions.size(); i++) {
            String id = written.get(i);
            Long expected = referenceId(id);
            RegionEvent region = regions.get(i);
            if (expected == null) {
                assertNull(region, id);
                invalid++;
            } else {
                assertNotNull(region, id);
                assertEquals(expected.longValue(), region.regionId(), id);
            }
        }
        assertEquals(invalid, converter.problems().get(Problem.INVALID_ID).count());
        assertEquals(2 * 9, invalid, "the ids at or above 2^64, the negative and the fractional ones, in both forms");
    }

    private static void event(StringBuilder json, int ts, String id) {
        json.append(ts == 0 ? "" : ",").append("\n{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"B\",\"ts\":").append(ts)
                .append(",\"pid\":1,\"tid\":1").append(id).append('}');
    }

    /** @return the id as a long holding its unsigned 64-bit value, or null if it is not an integer in [0, 2^64) */
    private static @Nullable Long referenceId(String text) {
        BigDecimal value = new BigDecimal(text);
        if (value.signum() < 0 || value.stripTrailingZeros().scale() > 0) {
            return null;
        }
        BigInteger integer = value.toBigIntegerExact();
        return integer.compareTo(TWO_TO_64) >= 0 ? null : Long.valueOf(integer.longValue());
    }
}
