package org.featurecompass.model.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * The escaping of {@link ReportJson}, {@link CsvText} and {@link MarkdownTable} with names a trace
 * can carry ({@code <script>}, quotes, separators, line breaks, control characters). Peer:
 * Python's {@code json} and {@code csv} modules read the text back to the original strings.
 */
class TextFormatsTest {

    private static final List<String> NASTY = List.of("<script>alert(1)</script>", "a\"b,c", "line\nbreak\r\n", "tab\there",
            "back\\slash", "\u0001\u001f", "=cmd|' /C calc'!A0", "-42", "+x", "@sum", " lead", "pipe|star*under_", "\u2028\u00e9\u4e2d",
            "");

    private static String python(String stdin, String program) throws Exception {
        Process process = new ProcessBuilder("python3", "-c", program).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), "python3 failed");
        return out;
    }

    /** Python prints each string as its code points in hex, one string per line. */
    private static final String CODE_POINTS = "\nfor s in strings: print(' '.join('%x' % ord(c) for c in s))";

    private static String codePoints(List<String> strings) {
        StringBuilder text = new StringBuilder();
        for (String string : strings) {
            text.append(String.join(" ", string.codePoints().mapToObj(Integer::toHexString).toList())).append('\n');
        }
        return text.toString();
    }

    @Test
    void jsonStringsRoundTripThroughPython() throws Exception {
        StringWriter text = new StringWriter();
        JsonGenerator json = ReportJson.generator(text);
        json.writeStartObject();
        json.writeArrayFieldStart("names");
        for (String name : NASTY) {
            json.writeString(name);
        }
        json.writeEndArray();
        json.writeArrayFieldStart("empty");
        json.writeEndArray();
        for (Object[] member : new Object[][] { { "nan", Double.NaN }, { "half", 0.5 }, { "big", 1.5e20 }, { "int", 20.0 },
                { "third", 1.0 / 3 }, { "long", (double) Long.MIN_VALUE } }) {
            json.writeFieldName((String) member[0]);
            ReportJson.number(json, (Double) member[1]);
        }
        json.writeEndObject();
        ReportJson.finish(json, text);
        String out = text.toString();
        assertFalse(out.contains("<"), "no '<' that could close a <script> element: " + out);
        assertTrue(out.toLowerCase().contains("\"\\u003cscript\\u003e"), out);
        assertTrue(out.contains("\\u2028"), "U+2028 escaped: " + out);
        assertTrue(out.contains("\n  \"empty\": [],\n"), out);
        assertTrue(out.contains("\"int\": 20,"), out);
        assertTrue(out.contains("\"third\": 0.333333333333333,"), out);
        assertTrue(out.contains("\"nan\": null,"), out);
        assertTrue(out.endsWith("}\n"), out);
        assertEquals(codePoints(NASTY), python(out, "import json,sys\nstrings=json.load(sys.stdin)['names']" + CODE_POINTS));
        assertEquals("None 0.5 1.5e+20 20 -9.22337203685478e+18\n", python(out,
                "import json,sys\nd=json.load(sys.stdin)\nprint(d['nan'], d['half'], d['big'], d['int'], d['long'])"));
    }

    @Test
    void csvFieldsRoundTripThroughPython() throws Exception {
        String record = CsvText.record(NASTY);
        assertTrue(record.endsWith("\r\n"));
        String back = python(record + record, "import csv,io,sys\nrows=list(csv.reader(io.StringIO(sys.stdin.buffer.read().decode('utf-8'), newline='')))\n"
                + "assert len(rows) == 2 and rows[0] == rows[1], rows\nstrings=rows[0]" + CODE_POINTS);
        // a formula gets an apostrophe (CSV injection); a number does not
        List<String> expected = NASTY.stream().map(name -> name.startsWith("=") || name.startsWith("+") || name.startsWith("@") ? "'" + name : name)
                .toList();
        assertEquals(codePoints(expected), back);
        assertEquals("\"a\"\"b,c\"", CsvText.field("a\"b,c"));
        assertEquals("-42", CsvText.field("-42"));
    }

    @Test
    void markdownCellsAreEscaped() {
        MarkdownTable table = new MarkdownTable(List.of("Name", "ms"), List.of(false, true));
        table.add(List.of("<script>alert(1)</script>", "1.5")).add(List.of("a|b*c_d\ne", "22"));
        String text = table.text();
        assertEquals(String.join("\n",
                "| Name                                  |  ms |",
                "| ------------------------------------- | --: |",
                "| &lt;script&gt;alert(1)&lt;/script&gt; | 1.5 |",
                "| a\\|b\\*c\\_d e                          |  22 |", ""), text);
        assertThrows(IllegalArgumentException.class, () -> table.add(List.of("one cell")));
    }
}
