package org.featurecompass.model.compare.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.report.FoldedStacksWriter;
import org.featurecompass.model.report.PprofWriter;
import org.featurecompass.model.report.StackProfile;
import org.featurecompass.tests.support.PythonVirtualenv;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report formats of issue 14 on {@link ReportFixture}'s comparison. Peers: the JSON Schema of
 * doc/comparison-report.schema.json checked by Python's {@code jsonschema} (an independent
 * validator), and {@code report_peer.py}, which recomputes every context's means, standard
 * deviations, Welch test (SciPy's {@code ttest_ind}) and Benjamini-Hochberg q-values
 * ({@code false_discovery_control}) from the raw self times the generator made, and compares them
 * with the JSON, the CSV, the folded stacks of both groups and the HTML's boxes (Python's
 * {@code html.parser}). {@code go tool pprof} reads the pprof profiles back.
 */
class ComparisonReportTest {

    private static final String SCIPY = "scipy==1.16.3"; //$NON-NLS-1$
    private static final String NUMPY = "numpy==2.3.5"; //$NON-NLS-1$
    private static final String JSONSCHEMA = "jsonschema==4.26.0"; //$NON-NLS-1$
    private static final String PROBE = "import scipy, numpy, jsonschema"; //$NON-NLS-1$

    private static Map<String, byte[]> everyFormat(ReportFixture fixture, @Nullable String createdAt) {
        ComparisonReport report = fixture.report(createdAt);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("html", ComparisonHtml.text(report).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
        files.put("json", ComparisonReportJson.text(report).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
        files.put("csv", DifferenceCsv.text(report).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
        files.put("md", ComparisonMarkdown.text(report, 20).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
        for (Group group : Group.values()) {
            StackProfile profile = GroupProfile.of("group " + group, fixture.store, fixture.members(group)); //$NON-NLS-1$
            files.put("folded-" + group, FoldedStacksWriter.write(profile, 0).getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
            files.put("pprof-" + group, PprofWriter.toBytes(profile)); //$NON-NLS-1$
        }
        return files;
    }

    @Test
    void sameInputsGiveTheSameBytes() throws Exception {
        Map<String, byte[]> first = everyFormat(new ReportFixture(), null);
        Map<String, byte[]> second = everyFormat(new ReportFixture(), null);
        assertEquals(first.keySet(), second.keySet());
        for (String format : first.keySet()) {
            assertArrayEquals(first.get(format), second.get(format), format);
        }
        Map<String, byte[]> stamped = everyFormat(new ReportFixture(), "2026-11-25T17:00:00Z"); //$NON-NLS-1$
        Map<String, String> stampAs = Map.of("html", " on 2026-11-25T17:00:00Z", "md", ", 2026-11-25T17:00:00Z", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "json", "  \"createdAt\": \"2026-11-25T17:00:00Z\",\n"); //$NON-NLS-1$ //$NON-NLS-2$
        for (Map.Entry<String, String> format : stampAs.entrySet()) {
            String text = new String(stamped.get(format.getKey()), StandardCharsets.UTF_8);
            assertTrue(text.contains(format.getValue()), format.getKey() + " has the time stamp"); //$NON-NLS-1$
            assertEquals(new String(first.get(format.getKey()), StandardCharsets.UTF_8), text.replace(format.getValue(), ""), //$NON-NLS-1$
                    format.getKey() + ": only the time stamp differs"); //$NON-NLS-1$
        }
    }

    @Test
    void traceStringsStayText() throws Exception {
        Map<String, byte[]> files = everyFormat(new ReportFixture(), null);
        String html = new String(files.get("html"), StandardCharsets.UTF_8); //$NON-NLS-1$
        assertEquals(2, count(html, "<script"), "the report's own script and data only"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(2, count(html, "</script"), "the report's own script and data only"); //$NON-NLS-1$ //$NON-NLS-2$
        assertFalse(html.contains("<b>"), "no markup from the trace"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(html.contains("data-label=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\""), "escaped attribute"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(html.contains("a&amp;b &quot;q&quot; &#39;x&#39;"), "quotes and ampersand escaped"); //$NON-NLS-1$ //$NON-NLS-2$
        String json = new String(files.get("json"), StandardCharsets.UTF_8); //$NON-NLS-1$
        assertFalse(json.contains("<") || json.contains(">") || json.contains("\u2028"), "JSON embeddable in HTML"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        assertTrue(json.contains("\\u003Cscript\\u003Ealert(\\\"x\\\")"), json.substring(0, 200)); //$NON-NLS-1$
        String md = new String(files.get("md"), StandardCharsets.UTF_8); //$NON-NLS-1$
        assertFalse(md.contains("<script"), "Markdown renders no trace markup"); //$NON-NLS-1$ //$NON-NLS-2$
        String csv = new String(files.get("csv"), StandardCharsets.UTF_8); //$NON-NLS-1$
        assertTrue(csv.contains(",'=cmd|' /C calc'!A0,"), "formula guarded"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(csv.contains("\"main;<script>alert(\"\"x\"\")</script>;line\nbreak\""), "quoted field with a line break"); //$NON-NLS-1$ //$NON-NLS-2$
        String folded = new String(files.get("folded-B"), StandardCharsets.UTF_8); //$NON-NLS-1$
        assertTrue(folded.contains("main;semi:colon "), "folded separator replaced"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(folded.contains(";line break "), "line break replaced"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void traceSummaryCountsOverlappingGapsOnce() {
        // Lost [0, 100) x5 and [50, 150) x2, off [140, 200) and [300, 310): unobserved [0, 200) + [300, 310).
        TraceSummary summary = TraceSummary.of("t", 7, //$NON-NLS-1$
                List.of(CoverageGap.lostEvents(0, 100, 5), CoverageGap.lostEvents(50, 150, 2)),
                List.of(CoverageGap.measurementOff(140, 200, CoverageGap.ALL_PROCESSES), CoverageGap.measurementOff(300, 310, 12)), List.of());
        assertEquals(new TraceSummary("t", 7, 7, 2, 2, 210, List.of()), summary); //$NON-NLS-1$
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void peersReadEveryFormat(@TempDir Path dir) throws Exception {
        ReportFixture fixture = new ReportFixture();
        Map<String, byte[]> files = everyFormat(fixture, "2026-11-25T17:00:00Z"); //$NON-NLS-1$
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Files.write(dir.resolve("report." + file.getKey()), file.getValue()); //$NON-NLS-1$
        }
        // The generator's raw data: per execution its group and (path, self ns) pairs.
        StringBuilder raw = new StringBuilder();
        ContextTree tree = fixture.tree;
        for (int e = 0; e < fixture.selfTimes.size(); e++) {
            String group = fixture.members(Group.A).get(e) ? "A" : fixture.members(Group.B).get(e) ? "B" : "-"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            raw.append(group);
            for (Map.Entry<Integer, Long> self : fixture.selfTimes.get(e).entrySet()) {
                List<String> frames = new ArrayList<>();
                for (int frame : tree.path(self.getKey())) {
                    frames.add(hex(tree.frames().frame(frame).label()));
                }
                raw.append('\t').append(String.join(",", frames)).append('=').append(self.getValue()); //$NON-NLS-1$
            }
            raw.append('\n');
        }
        Files.writeString(dir.resolve("raw.tsv"), raw); //$NON-NLS-1$
        PythonVirtualenv venv = PythonVirtualenv.ensure("reports", PROBE, 15, SCIPY, NUMPY, JSONSCHEMA); //$NON-NLS-1$
        String out = venv.runScript(ComparisonReportTest.class, "report_peer.py", dir, 5, dir.toString(), //$NON-NLS-1$
                RepositoryFiles.resolve("doc/comparison-report.schema.json").toString()); //$NON-NLS-1$
        System.out.println("ComparisonReportTest peer: " + out.trim()); //$NON-NLS-1$
        Matcher ok = Pattern.compile("ok (\\d+) contexts, (\\d+) significant").matcher(out); //$NON-NLS-1$
        assertTrue(ok.find(), out);
        assertEquals(fixture.report(null).reachedContexts().size(), Integer.parseInt(ok.group(1)));
        assertNotEquals(0, Integer.parseInt(ok.group(2)), "f is twice as slow in B"); //$NON-NLS-1$
    }

    /** Frame names go to Python as UTF-8 hex, so that no separator can be confused. */
    private static String hex(String text) {
        StringBuilder hex = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            hex.append(String.format("%02x", b & 0xff)); //$NON-NLS-1$
        }
        return hex.toString();
    }
}
