package org.featurecompass.tef.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * {@link JsonByteScanner} accepts only what Jackson accepts, and all the ordinary JSON the fast
 * paths meet; its eight-digits-at-a-time helpers agree with digit-by-digit arithmetic.
 */
class JsonByteScannerTest {

    private static final List<String> VALID = List.of("0", "-0", "7", "-12", "1.5", "0.25e-3", "1E+9", "12e5", "1637675320727316656",
            "18446744073709551615", "123456789012345678901234567890", "\"\"", "\"text\"", "\"caf\u00e9 \u2603 \ud83d\ude00\"",
            "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00\"", "true", "false", "null", "{}", "[]", "{\"a\":1}",
            "{ \"a\" : [ 1 , 2.5 , \"x\" , { } ] , \"b\" : null }", "[[[]]]", "{\"\":{\"\":[]}}", "\"\u007f\"");

    private static final List<String> INVALID = List.of("01", "-", "-01", "1.", ".5", "1e", "1e+", "+1", "1.2.3", "0x10", "NaN",
            "Infinity", "tru", "nul", "fals", "truex", "\"unterminated", "\"ctrl\u0001\"", "\"tab\tinside\"", "\"bad\\escape\"",
            "\"\\u12G4\"", "{\"a\":1,}", "[1,]", "{\"a\" 1}", "{a:1}", "{'a':1}", "[1 2]", "{\"a\":1", "[1", "]", "}", "",
            "{\"a\":01}", "[,1]", "{,}");

    @Test
    void acceptsValidJsonAsJacksonDoes() throws Exception {
        for (String value : VALID) {
            byte[] b = (value + ",").getBytes(StandardCharsets.UTF_8);
            assertEquals(b.length - 1, JsonByteScanner.valueEnd(b, 0, b.length), value);
            assertEquals(1, jacksonValues(value), value);
        }
    }

    @Test
    void declinesWhatJacksonRejects() throws Exception {
        for (String value : INVALID) {
            byte[] b = (value + ",").getBytes(StandardCharsets.UTF_8);
            int end = JsonByteScanner.valueEnd(b, 0, b.length);
            assertTrue(end < 0 || end < b.length - 1, value + " was accepted up to " + end);
            if (end == b.length - 1) {
                assertEquals(-1, jacksonValues(value), value);
            }
        }
    }

    /** Random byte strings: whatever the scanner accepts, Jackson accepts as exactly one value of the same extent. */
    @Test
    void acceptsNothingJacksonRejects() throws Exception {
        Random random = new Random(7);
        byte[] alphabet = "{}[]\",:0123456789-+.eE \n\\u\u0001tfnrlsaxb/".getBytes(StandardCharsets.ISO_8859_1);
        byte[] high = { (byte) 0xc3, (byte) 0xa9, (byte) 0xe2, (byte) 0x98, (byte) 0x83, (byte) 0xed, (byte) 0xa0, (byte) 0xf0, (byte) 0x9f,
                (byte) 0xc0, (byte) 0x80, (byte) 0xff };
        int accepted = 0;
        for (int k = 0; k < 200_000; k++) {
            byte[] b = new byte[1 + random.nextInt(12)];
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextInt(8) == 0 ? high[random.nextInt(high.length)] : alphabet[random.nextInt(alphabet.length)];
            }
            b[b.length - 1] = ',';
            int end = JsonByteScanner.valueEnd(b, 0, b.length);
            if (end >= 0) {
                accepted++;
                String value = new String(b, 0, end, StandardCharsets.UTF_8);
                assertEquals(1, jacksonValues(b, end), value);
            }
        }
        assertTrue(accepted > 1000, "accepted " + accepted);
    }

    @Test
    void eightDigitsAtATime() {
        Random random = new Random(8);
        byte[] b = new byte[8];
        for (int k = 0; k < 300_000; k++) {
            boolean digits = true;
            long expected = 0;
            for (int i = 0; i < 8; i++) {
                b[i] = (byte) (random.nextInt(4) == 0 ? random.nextInt(256) : '0' + random.nextInt(10));
                digits &= b[i] >= '0' && b[i] <= '9';
                expected = expected * 10 + (b[i] - '0');
            }
            long word = JsonByteScanner.eightBytes(b, 0);
            assertEquals(digits, JsonByteScanner.eightDigits(word), () -> new String(b, StandardCharsets.ISO_8859_1));
            if (digits) {
                assertEquals(expected, JsonByteScanner.eightDigitsValue(word));
            }
        }
        for (String text : List.of("00000000", "99999999", "12345678", "10000000", "00000001")) {
            long word = JsonByteScanner.eightBytes(text.getBytes(StandardCharsets.US_ASCII), 0);
            assertTrue(JsonByteScanner.eightDigits(word), text);
            assertEquals(Long.parseLong(text), JsonByteScanner.eightDigitsValue(word), text);
        }
        for (String text : List.of("1234567/", "1234567:", "/2345678", ":2345678", " 1234567", "1234.567")) {
            assertEquals(false, JsonByteScanner.eightDigits(JsonByteScanner.eightBytes(text.getBytes(StandardCharsets.US_ASCII), 0)), text);
        }
    }

    /** @return how many values Jackson reads in {@code [value]}, or -1 if it rejects it */
    private static int jacksonValues(String value) throws Exception {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        return jacksonValues(b, b.length);
    }

    private static int jacksonValues(byte[] value, int length) throws Exception {
        byte[] array = new byte[length + 2];
        array[0] = '[';
        System.arraycopy(value, 0, array, 1, length);
        array[length + 1] = ']';
        try (JsonParser parser = TefJsonFactory.INSTANCE.createParser(array)) {
            parser.nextToken();
            int values = 0;
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                if (token == JsonToken.VALUE_STRING) {
                    parser.getText(); // decodes, and so checks, the string
                }
                parser.skipChildren();
                values++;
            }
            return values;
        } catch (JsonProcessingException e) {
            return -1;
        }
    }
}
