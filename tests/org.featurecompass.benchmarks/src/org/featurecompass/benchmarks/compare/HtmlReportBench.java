package org.featurecompass.benchmarks.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.compare.report.ComparisonHtml;
import org.featurecompass.model.compare.report.ComparisonReport;
import org.featurecompass.model.compare.report.MetricHistogram;
import org.featurecompass.model.compare.report.ReportMetadata;
import org.featurecompass.model.compare.report.TraceSummary;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;

/**
 * The HTML comparison report (doc/reports.md) of {@link ComparisonBenchmark}'s comparison (a
 * 5·10^4-context union tree): time to render and write it, its size, and in Debian's headless
 * Chromium (as ComparisonHtmlChromiumTest runs it) the time to open it (navigation start to the
 * end of the load event, then a forced layout of the page), to search for a frame name and to
 * zoom into a box and back, measured by a script added to a copy of the page with
 * {@code performance.now()} (boxes: contexts drawn; others: "other" boxes holding the contexts
 * narrower than a pixel);
 * plus the wall time of the whole Chromium run against that of an empty page (browser start-up).
 */
final class HtmlReportBench {

    private static final String PROBE_HEAD = "<script>window.__t0 = performance.now();</script>\n"; //$NON-NLS-1$
    private static final String PROBE = """
            <script>
            window.addEventListener('load', function () {
              var nav = performance.getEntriesByType('navigation')[0];
              var lines = [];
              lines.push('parsed=' + nav.domContentLoadedEventEnd.toFixed(0));
              lines.push('loaded=' + nav.loadEventStart.toFixed(0));
              var a = performance.now();
              document.body.getBoundingClientRect();
              document.getElementById('flamegraph').getBBox();
              lines.push('layout=' + (performance.now() - a).toFixed(0));
              lines.push('boxes=' + document.querySelectorAll('#flamegraph g.box').length);
              lines.push('others=' + document.querySelectorAll('#flamegraph g.other').length);
              a = performance.now();
              window.featureCompassReport.find('fn17');
              document.body.getBoundingClientRect();
              lines.push('search=' + (performance.now() - a).toFixed(0));
              lines.push('matches=' + document.getElementById('fg-matches').textContent);
              window.featureCompassReport.find('');
              var first = document.querySelector('#flamegraph g.box[data-parent="0"]');
              a = performance.now();
              window.featureCompassReport.zoom(first.getAttribute('data-id'));
              document.body.getBoundingClientRect();
              lines.push('zoom=' + (performance.now() - a).toFixed(0));
              a = performance.now();
              window.featureCompassReport.zoom('0');
              document.body.getBoundingClientRect();
              lines.push('reset=' + (performance.now() - a).toFixed(0));
              var pre = document.createElement('pre');
              pre.id = 'bench';
              pre.textContent = lines.join(' ');
              document.body.appendChild(pre);
            });
            </script>
            """; //$NON-NLS-1$

    private HtmlReportBench() {
    }

    /**
     * @param tree the comparison's tree
     * @param filter its groups, as they are for that tree
     * @param definitionJson the execution definition
     * @return the report (a snapshot of the groups' filters and histograms)
     */
    static ComparisonReport report(DifferentialTree tree, CrossFilter filter, String definitionJson) {
        Map<String, MetricUnit> units = new HashMap<>();
        for (MetricColumn m : filter.table().metrics()) {
            units.put(m.name(), m.unit());
        }
        return new ComparisonReport(tree, new ComparisonSpec(definitionJson, filter.filters(Group.A), filter.filters(Group.B), tree.settings()),
                MetricHistogram.forReport(filter), new ReportMetadata("bench", "request", //$NON-NLS-1$ //$NON-NLS-2$
                        List.of(new TraceSummary("bench", filter.table().size(), 0, 0, 0, 0, List.of())), units, null), GroupRelation.of(filter)); //$NON-NLS-1$
    }

    /** Writes the report into {@code dir}, opens it in Chromium and prints the figures (Markdown). */
    static void run(ComparisonReport report, Path dir) throws Exception {
        Files.createDirectories(dir);
        Path html = dir.resolve("comparison.html"); //$NON-NLS-1$
        // Rendered five times: the first includes the JIT's warm-up; wall and the thread's CPU time.
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        String text = ""; //$NON-NLS-1$
        List<String> renders = new ArrayList<>();
        double renderMs = 0;
        for (int round = 0; round < 5; round++) {
            long cpu0 = threads.getCurrentThreadCpuTime();
            long wall0 = System.nanoTime();
            text = ComparisonHtml.text(report);
            double wall = (System.nanoTime() - wall0) / 1e6;
            renders.add(String.format(Locale.ROOT, "%.0f (CPU %.0f)", wall, (threads.getCurrentThreadCpuTime() - cpu0) / 1e6)); //$NON-NLS-1$
            renderMs = round == 0 ? wall : renderMs;
        }
        long t0 = System.nanoTime();
        Files.writeString(html, text, StandardCharsets.UTF_8);
        double writeMs = (System.nanoTime() - t0) / 1e6;
        int contexts = report.reachedContexts().size();
        System.out.printf(Locale.ROOT, "%n### HTML report of this comparison%n%n");
        System.out.printf(Locale.ROOT, "%,d contexts reached; ComparisonHtml.text %.0f ms, writing %.0f ms; %,d bytes (%s)%n", contexts, renderMs,
                writeMs, Files.size(html), html);
        System.out.printf(Locale.ROOT, "ComparisonHtml.text, five rounds, ms wall (CPU of the thread): %s; load average %s%n%n", String.join(", ", renders), //$NON-NLS-1$
                loadAverage());
        Path chromium = Path.of("/usr/bin/chromium"); //$NON-NLS-1$
        if (!Files.isExecutable(chromium)) {
            System.out.println("Chromium not installed (tools/setup/install-deps.sh): browser figures not measured"); //$NON-NLS-1$
            return;
        }
        Path probed = dir.resolve("comparison-probed.html"); //$NON-NLS-1$
        Files.writeString(probed, text.replaceFirst("<meta charset=\"utf-8\">\n", "<meta charset=\"utf-8\">\n" + PROBE_HEAD) //$NON-NLS-1$ //$NON-NLS-2$
                .replace("</body>", PROBE + "</body>"), StandardCharsets.UTF_8); //$NON-NLS-1$ //$NON-NLS-2$
        Path empty = Files.writeString(dir.resolve("empty.html"), "<!DOCTYPE html><title>empty</title><pre id=\"bench\">empty</pre>"); //$NON-NLS-1$ //$NON-NLS-2$
        System.out.printf(Locale.ROOT, "| Chromium run | wall s | in the page (ms from navigation start) |%n|---|---:|---|%n");
        for (int run = 0; run < 3; run++) {
            String emptyRun = chromium(chromium, empty, dir);
            System.out.printf(Locale.ROOT, "| empty page (browser start-up and exit) | %s | |%n", emptyRun.split("\t")[0]); //$NON-NLS-1$
            String reportRun = chromium(chromium, probed, dir);
            System.out.printf(Locale.ROOT, "| report | %s | %s |%n", reportRun.split("\t")[0], reportRun.split("\t")[1]); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim(); //$NON-NLS-1$
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ')'; //$NON-NLS-1$
        }
    }

    /** @return wall seconds, a tab, the probe's figures */
    private static String chromium(Path chromium, Path page, Path dir) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir=" + dir.resolve("profile"), "--dump-dom", page.toUri().toString())); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        long t0 = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IOException("chromium did not end within 10 min"); //$NON-NLS-1$
        }
        double wallS = (System.nanoTime() - t0) / 1e9;
        Matcher m = Pattern.compile("<pre id=\"bench\">(.*?)</pre>").matcher(out); //$NON-NLS-1$
        return String.format(Locale.ROOT, "%.2f", wallS) + '\t' + (m.find() ? m.group(1) : "no figures: " + out.length() + " bytes of DOM"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
