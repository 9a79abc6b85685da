package org.featurecompass.tef;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random TEF documents for the equivalence tests of the byte-level fast paths: mostly ordinary
 * events of many shapes, mixed with everything the fast paths must leave to Jackson (escapes,
 * non-ASCII text, nested values, repeated keys, problems, lost-events lines and markers, elements
 * that are no objects), and, on request, damaged bytes. Deterministic for a seed.
 */
final class RandomTefDocuments {

    private static final String[] PHASES = { "B", "E", "X", "i", "I", "C", "b", "e", "n", "s", "t", "f", "M", "P", "O", "N", "D" };
    private static final String[] NAMES = { "FR(Loop)", "Base", "caf\u00e9", "\u2603 snow", "emoji \ud83d\ude00", "", "a b",
            "quote\\\"d", "tab\\tbed", "uni\\u00e9", "back\\\\slash", "sl\\/ash" };
    private static final String[] NUMBERS = { "0", "-0", "1", "42", "-7", "1.5", "0.001", "1e3", "1E+3", "2e-3", "-1.25e-2", "3.0",
            "1637675320727316656", "1729382256910270467", "9223372036854775807", "9223372036854775808", "18446744073709551615",
            "123456789012345678901234567890", "1539986758.002", "0.0000000000000000000001", "1e400", "-1e400", "12345.6789e-3",
            "91098", "1.8e18" };
    private static final String[] OTHER_KEYS = { "cname", "UUID", "ID", "sf", "stack", "", "n\u00e4me", "k\\u0065y", "esc\\\"key" };
    private static final String[] DAMAGE = { "\u0001", "\"", "}", "]", "{", ",", ":", "01", "tru", "nul", "\\x", "\\u12",
            "\n", " ", "Lost 3 events\n", "\u00ff", "x", "-", "1.", "1e", "\t" };

    private final Random random;

    RandomTefDocuments(long seed) {
        random = new Random(seed);
    }

    /** @return a document of {@code events} array elements, in the object or the array form, as UTF-8 */
    byte[] document(int events) {
        StringBuilder json = new StringBuilder();
        boolean objectForm = random.nextInt(4) != 0;
        if (objectForm) {
            json.append('{');
            if (random.nextBoolean()) {
                json.append("\"timestampUnit\":\"").append(random.nextBoolean() ? "ns" : "us").append("\",");
            }
            json.append("\"displayTimeUnit\":\"ns\",").append(space()).append("\"traceEvents\":").append(space()).append('[');
        } else {
            json.append('[');
        }
        for (int i = 0; i < events; i++) {
            if (i > 0) {
                json.append(space()).append(',');
                if (random.nextInt(40) == 0) {
                    json.append("\nLost ").append(random.nextInt(1000)).append(" events\n");
                }
            }
            json.append(space()).append(element(i));
        }
        json.append(space());
        int ending = random.nextInt(12);
        if (ending > 0) { // else unterminated, as TEF allows for the array form
            json.append(']');
            if (objectForm) {
                json.append(random.nextBoolean() ? ",\"otherData\":{\"v\":[1,2,{\"a\":null}]},\"timestampUnit\":\"ns\"" : "").append('}');
            }
        }
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** @return the document with a few bytes replaced, inserted or removed, or cut short */
    byte[] damaged(byte[] document) {
        String text = new String(document, StandardCharsets.UTF_8);
        StringBuilder damaged = new StringBuilder(text);
        int changes = 1 + random.nextInt(3);
        for (int k = 0; k < changes && damaged.length() > 2; k++) {
            int at = random.nextInt(damaged.length());
            switch (random.nextInt(4)) {
            case 0 -> damaged.insert(at, DAMAGE[random.nextInt(DAMAGE.length)]);
            case 1 -> damaged.setCharAt(at, DAMAGE[random.nextInt(DAMAGE.length)].charAt(0));
            case 2 -> damaged.deleteCharAt(at);
            default -> damaged.setLength(at);
            }
        }
        byte[] bytes = damaged.toString().getBytes(StandardCharsets.UTF_8);
        if (random.nextInt(4) == 0 && bytes.length > 0) { // bytes that are no UTF-8
            byte[] invalid = { (byte) 0xc0, (byte) 0xed, (byte) 0xa0, (byte) 0x80, (byte) 0xf5, (byte) 0xff, (byte) 0xe2, (byte) 0x82 };
            bytes[random.nextInt(bytes.length)] = invalid[random.nextInt(invalid.length)];
        }
        return bytes;
    }

    /** @return one array element: mostly an event object */
    String element(int index) {
        int kind = random.nextInt(60);
        if (kind == 0) {
            return random.nextBoolean() ? "42" : "[1,{\"a\":2}]";
        }
        if (kind == 1) {
            return "{}";
        }
        if (kind == 3) { // a measurement marker
            return "{\"name\":\"" + pick(TefMeasurementOff.OFF, TefMeasurementOff.ON) + "\",\"cat\":\"__measurement\",\"ph\":\"i\",\"s\":\""
                    + pick("p", "g", "t") + "\",\"pid\":" + random.nextInt(3) + ",\"ts\":" + (1000 + index) + "}";
        }
        if (kind == 2) { // the recorder's lost-events marker
            return "{\"name\":\"Lost events\",\"cat\":\"lost\",\"ph\":\"X\",\"ts\":" + (1000 + index) + ",\"dur\":"
                    + random.nextInt(100) + ",\"args\":{\"count\":" + random.nextInt(5000) + "}}";
        }
        List<String> fields = new ArrayList<>();
        if (random.nextInt(30) != 0) {
            fields.add("\"ph\":" + (random.nextInt(25) == 0 ? pick("\"BB\"", "\"\"", "\"z\"", "\"\\u0042\"", "66", "null")
                    : "\"" + PHASES[random.nextInt(PHASES.length)] + "\""));
        }
        if (random.nextInt(25) != 0) {
            fields.add("\"ts\":" + (random.nextInt(20) == 0 ? pick("\"7\"", "\"soon\"", "null", "{}", "-5", "1e30", "1637675320727316656")
                    : random.nextBoolean() ? Long.toString(1_637_675_320_727_304_236L + 1000L * index + random.nextInt(999))
                            : (random.nextInt(100_000) + index) + "." + random.nextInt(1000)));
        }
        fields.add("\"name\":" + string(NAMES[random.nextInt(NAMES.length)]));
        if (random.nextBoolean()) {
            fields.add("\"cat\":" + pick("\"Feature\"", "\"app,Feature\"", "\"lost\"", "\"l\\u006fst\"", "\"\"", "null", "7",
                    "\"__measurement\""));
        }
        if (random.nextInt(3) != 0) {
            fields.add("\"pid\":" + pick("91098", "\"main\"", "1", "-1", "null", "1.5"));
            fields.add("\"tid\":" + pick("91098", "\"worker\"", "2", "4294967296", "null"));
        }
        if (random.nextInt(3) == 0) {
            fields.add("\"" + pick("dur", "tdur", "tts") + "\":" + pick(NUMBERS[random.nextInt(NUMBERS.length)], "-1.5", "\"12\"", "null", "{}", "[1]"));
        }
        if (random.nextInt(4) == 0) {
            fields.add("\"args\":" + args());
        }
        if (random.nextInt(6) == 0) {
            fields.add(pick("\"id\":", "\"scope\":", "\"s\":", "\"bp\":") + scalar());
        }
        if (random.nextInt(10) == 0) {
            fields.add("\"id2\":" + pick("{\"local\":\"0x1\"}", "{\"global\":42}", "{}", "{\"local\":{\"a\":1}}", "\"x\"", "[1]"));
        }
        if (random.nextInt(3) == 0) {
            fields.add(string(OTHER_KEYS[random.nextInt(OTHER_KEYS.length)]) + ":" + (random.nextInt(5) == 0 ? nested() : scalar()));
        }
        if (random.nextInt(15) == 0 && !fields.isEmpty()) {
            fields.add(fields.get(random.nextInt(fields.size()))); // a repeated key
        }
        java.util.Collections.shuffle(fields, random);
        StringBuilder event = new StringBuilder("{");
        for (int i = 0; i < fields.size(); i++) {
            event.append(i == 0 ? "" : "," + space()).append(space()).append(fields.get(i).replace(":", space() + ":" + space()));
        }
        return event.append(space()).append('}').toString();
    }

    private String args() {
        if (random.nextInt(10) == 0) {
            return pick("7", "\"text\"", "null", "[1,2]");
        }
        StringBuilder args = new StringBuilder("{");
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
            args.append(i == 0 ? "" : ",").append(string(pick("ID", "count", "name", "x", "x", "caf\u00e9", "e\\u0073c"))).append(':')
                    .append(random.nextInt(8) == 0 ? nested() : scalar());
        }
        return args.append('}').toString();
    }

    private String scalar() {
        switch (random.nextInt(5)) {
        case 0:
            return string(NAMES[random.nextInt(NAMES.length)]);
        case 1:
            return pick("true", "false", "null");
        default:
            return NUMBERS[random.nextInt(NUMBERS.length)];
        }
    }

    private String nested() {
        return pick("{\"a\":[1,2.5,\"x\"]}", "[]", "{}", "[{\"b\":null},true]", "{\"deep\":{\"er\":{\"est\":[0]}}}");
    }

    private static String string(String content) {
        return '"' + content + '"';
    }

    private String space() {
        int r = random.nextInt(10);
        return r < 7 ? "" : r == 7 ? " " : r == 8 ? "\n" : "\r\n\t ";
    }

    private String pick(String... choices) {
        return choices[random.nextInt(choices.length)];
    }
}
