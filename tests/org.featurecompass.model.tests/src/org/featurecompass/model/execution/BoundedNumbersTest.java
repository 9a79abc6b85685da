package org.featurecompass.model.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Issue 22, "bounded numbers in every reader": a {@code where} value {@code 1e900000000} in an
 * execution-definitions file was expanded by {@code toPlainString()} into an
 * {@link OutOfMemoryError} ({@code 1e2147483640}: a negative array size); now it is refused with
 * its JSON path and the allowed range, and a trace field of that size matches nothing instead of
 * crashing the matcher.
 */
class BoundedNumbersTest {

    private static String file(String whereValue) {
        return "{\"formatVersion\": 1, \"definitions\": [{\"kind\": \"eventPair\", \"type\": \"t\", \"begin\": {\"name\": \"b\", \"where\": {\"size\": " //$NON-NLS-1$
                + whereValue + "}}, \"end\": {\"name\": \"e\"}}]}"; //$NON-NLS-1$
    }

    @Test
    void hugeWhereNumbersAreRefusedWithTheirPathAndTheRange() {
        for (String value : List.of("1e900000000", "1e2147483640", "-1e65", "1e-65", "1" + "0".repeat(64))) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
            DefinitionFormatException e = assertThrows(DefinitionFormatException.class, () -> ExecutionDefinitionsJson.read(new StringReader(file(value))),
                    value);
            assertTrue(e.getMessage().startsWith("definitions[0].begin.where.size: the number " + new BigDecimal(value) + " is out of range: a where number has at most 64 digits before and 64 after the decimal point"), //$NON-NLS-1$ //$NON-NLS-2$
                    e.getMessage());
        }
    }

    /** Found by ReaderFuzzTest#executionDefinitions (regression input crash-5a40508…): Jackson's NumberFormatException escaped. */
    @Test
    void anExponentBeyondAnIntIsRefusedWithItsPlace() {
        DefinitionFormatException e = assertThrows(DefinitionFormatException.class, () -> ExecutionDefinitionsJson.read(new StringReader(file("1e9000000000")))); //$NON-NLS-1$
        int column = file("1e9000000000").indexOf("1e9000000000") + 1; //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(e.getMessage().startsWith("line 1, column " + column + ": the number 1e9000000000 is out of range (a where number has at most 64 digits"), //$NON-NLS-1$ //$NON-NLS-2$
                e.getMessage());
    }

    @Test
    void numbersAtTheBoundAreReadInPlainDecimal() throws Exception {
        for (Map.Entry<String, String> value : Map.of("9" + "9".repeat(63), "9".repeat(64), "1e63", "1" + "0".repeat(63), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "1e-64", "0." + "0".repeat(63) + "1", "4096.500", "4096.5", "2.5E+3", "2500").entrySet()) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
            ExecutionDefinition.EventPair pair = (ExecutionDefinition.EventPair) ExecutionDefinitionsJson.read(new StringReader(file(value.getKey()))).get(0);
            assertEquals(value.getValue(), pair.begin().where().get("size"), value.getKey()); //$NON-NLS-1$
        }
    }

    @Test
    void aHugeTraceFieldMatchesNoWhereValue() {
        DelimiterEvent event = new DelimiterEvent(0, 0, "b", null, DelimiterPhase.INSTANT, 1, 1, null, DelimiterEvent.NO_DURATION, //$NON-NLS-1$
                Map.of("size", new BigDecimal("1e900000000"))); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("1E+900000000", event.fieldText("size")); //$NON-NLS-1$ //$NON-NLS-2$
        assertFalse(new EventSelector("b", null, Map.of("size", "1")).matches(event)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("0.25", new DelimiterEvent(0, 0, "b", null, DelimiterPhase.INSTANT, 1, 1, null, DelimiterEvent.NO_DURATION, //$NON-NLS-1$ //$NON-NLS-2$
                Map.of("size", new BigDecimal("0.2500"))).fieldText("size")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
