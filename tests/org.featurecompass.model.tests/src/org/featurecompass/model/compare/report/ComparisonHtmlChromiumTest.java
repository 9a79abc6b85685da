package org.featurecompass.model.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.ecct.ContextTree;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report in a real browser: Debian's headless Chromium (installed by
 * tools/setup/install-deps.sh) opens {@link ReportFixture}'s report with every host name
 * unresolvable (no network), runs its script, and a check script added to a copy of the page
 * reports what the page holds: the SVG, one box per context that some execution of A or B
 * reached (counted here from the generator's raw data, not from the report), a search that
 * highlights exactly the frames containing the text, a zoom that widens the clicked box to the
 * graph's width and hides what is outside it, the {@code <script>} frame name shown as text, and
 * no script error; the answer sentence as the page's first text, a label for every swatch of the
 * legend, a label in every box wide enough for three characters and none overflowing, the groups'
 * colours none of the boxes' and the one-group context hatched without crossing its label. A PNG of the rendered page is saved under {@code target/screenshots/}.
 */
class ComparisonHtmlChromiumTest {

    private static final String ERROR_COLLECTOR = "<script>window.__errors = []; window.addEventListener('error', function (e) {" //$NON-NLS-1$
            + " window.__errors.push(String(e.message) + ' line ' + e.lineno); });</script>\n"; //$NON-NLS-1$

    /** Opens a page's self-check script: {@code out(key, value)} records a line; the checks follow. */
    private static final String SELF_CHECK_START = """
            <script>
            (function () {
              var lines = [];
              function out(key, value) { lines.push(key + '=' + value); }
              try {
            """; //$NON-NLS-1$

    /** Closes it: an exception is an error; the lines and the page's errors go in {@code <pre id="selfcheck">}. */
    private static final String SELF_CHECK_END = """
              } catch (e) {
                window.__errors.push('check: ' + e);
              }
              out('errors', window.__errors.join(' / '));
              var pre = document.createElement('pre');
              pre.id = 'selfcheck';
              pre.textContent = lines.join('\\n');
              document.body.appendChild(pre);
            })();
            </script>
            """; //$NON-NLS-1$

    /**
     * @param checks JavaScript that calls {@code out(key, value)}
     * @return the script that runs them once the page has loaded and writes their lines
     */
    private static String selfCheck(String checks) {
        return SELF_CHECK_START + checks + SELF_CHECK_END;
    }

    private static final String CHECK = selfCheck("""
            var svg = document.getElementById('flamegraph');
            out('svg', svg !== null && svg.namespaceURI === 'http://www.w3.org/2000/svg');
            // The script draws the graph again on a zoom and a search: query after each.
            function current() { return Array.prototype.slice.call(document.querySelectorAll('#flamegraph g.box')); }
            function labelled(label) { return current().filter(function (b) { return b.getAttribute('data-label') === label; })[0]; }
            var boxes = current();
            out('boxes', boxes.length);
            out('firstText', document.body.innerText.split('\\n')[0]);
            out('legend', Array.prototype.map.call(document.querySelectorAll('#fg-legend li'), function (li) { return li.textContent; }).join('|'));
            // Every box wide enough for three characters carries a label, and no label overflows its box.
            var wide = 0, unlabelled = 0, overflow = 0;
            boxes.forEach(function (b) {
              var w = Number(b.querySelector('rect').getAttribute('width')), t = b.querySelector('text');
              if (w >= 6 + 3 * 7.3) { wide++; unlabelled += t.textContent === '' ? 1 : 0; }
              overflow += t.textContent !== '' && t.getComputedTextLength() > w - 3 ? 1 : 0;
            });
            out('wideBoxes', wide); out('unlabelled', unlabelled); out('overflow', overflow);
            out('barFills', getComputedStyle(document.querySelector('.bar-a')).fill + '|' + getComputedStyle(document.querySelector('.bar-b')).fill);
            var fills = {};
            boxes.forEach(function (b) { fills[getComputedStyle(b.querySelector('rect')).fill] = true; });
            out('boxFills', Object.keys(fills).sort().join('|'));
            // One-group contexts are hatched, and the hatching never crosses their label: the text lies on a backing of the box's colour.
            var hatched = boxes.filter(function (b) { return b.querySelector('rect.hatch') !== null; });
            out('hatched', hatched.map(function (b) { return b.getAttribute('data-label') + ':' + b.querySelector('rect.hatch').getAttribute('fill'); }).join('|'));
            out('hatchedClear', hatched.filter(function (b) {
              var t = b.querySelector('text'), bg = b.querySelector('rect.label-bg');
              if (t.textContent === '') { return true; }
              if (!bg) { return false; }
              var tb = t.getBBox(), bb = bg.getBBox();
              return tb.x >= bb.x - 0.5 && tb.x + tb.width <= bb.x + bb.width + 0.5 && tb.y >= bb.y - 0.5 && tb.y + tb.height <= bb.y + bb.height + 0.5
                && getComputedStyle(bg).fill === getComputedStyle(b.querySelector('rect')).fill;
            }).length);
            out('rects', document.querySelectorAll('#flamegraph g.box > rect:first-of-type').length);
            out('others', document.querySelectorAll('#flamegraph g.other').length);
            var search = document.getElementById('fg-search');
            search.value = 'COMPRESS';
            search.dispatchEvent(new Event('input'));
            var hits = document.querySelectorAll('#flamegraph g.box.match');
            out('matches', hits.length);
            out('matchLabels', Array.prototype.map.call(hits, function (b) { return b.getAttribute('data-label'); }).sort().join('|'));
            out('matchFill', hits.length ? getComputedStyle(hits[0].querySelector('rect')).fill : 'none');
            out('matchText', document.getElementById('fg-matches').textContent);
            labelled('FR(Compression)').querySelector('rect').dispatchEvent(new MouseEvent('click', { bubbles: true }));
            out('zoomWidth', labelled('FR(Compression)').querySelector('rect').getAttribute('width'));
            out('svgWidth', svg.viewBox.baseVal.width + ' ' + Math.floor(svg.parentNode.clientWidth));
            out('visible', current().map(function (b) { return b.getAttribute('data-label'); }).sort().join('|'));
            document.getElementById('fg-reset').click();
            out('visibleAfterReset', current().length);
            var script = current().filter(function (b) { return b.getAttribute('data-label').indexOf('<script>') === 0; });
            out('scriptBoxes', script.length);
            out('scriptTitle', script.length ? window.featureCompassReport.tooltip(script[0].getAttribute('data-id')).split('\\n')[0] : '');
            out('scriptElements', document.getElementsByTagName('script').length);
            """); //$NON-NLS-1$

    private static Path chromium() throws Exception {
        Path chromium = Path.of("/usr/bin/chromium"); //$NON-NLS-1$
        if (!Files.isExecutable(chromium)) {
            fail("Debian's chromium is not installed: run tools/setup/install-deps.sh as root"); //$NON-NLS-1$
        }
        Run version = run(List.of(chromium.toString(), "--version"), 60); //$NON-NLS-1$
        Assumptions.assumeTrue(version.exit() == 0, () -> "chromium is installed but cannot run on this machine: " + version.output()); //$NON-NLS-1$
        return chromium;
    }

    /** @return the key=value lines the check script wrote into the page, after Chromium ran it */
    private static Map<String, String> check(Path chromium, Path dir, String html, String checkScript) throws Exception {
        String checked = html.replaceFirst("<meta charset=\"utf-8\">\n", "<meta charset=\"utf-8\">\n" + ERROR_COLLECTOR) //$NON-NLS-1$ //$NON-NLS-2$
                .replace("</body>", checkScript + "</body>"); //$NON-NLS-1$ //$NON-NLS-2$
        Path page = dir.resolve("checked.html"); //$NON-NLS-1$
        Files.writeString(page, checked);
        List<String> dump = new ArrayList<>(browser(chromium, dir));
        dump.addAll(List.of("--dump-dom", page.toUri().toString())); //$NON-NLS-1$
        Run dom = run(dump, 120);
        assertEquals(0, dom.exit(), dom.output());
        Matcher m = Pattern.compile("<pre id=\"selfcheck\">(.*?)</pre>", Pattern.DOTALL).matcher(dom.output()); //$NON-NLS-1$
        assertTrue(m.find(), "the check script ran: " + dom.output()); //$NON-NLS-1$
        Map<String, String> result = new HashMap<>();
        for (String line : m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").split("\n")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
            int eq = line.indexOf('=');
            result.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return result;
    }

    private static List<String> browser(Path chromium, Path dir) {
        return List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir=" + dir.resolve("profile")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    @Test
    void reportWorksInChromium(@TempDir Path dir) throws Exception {
        Path chromium = chromium();

        ReportFixture fixture = new ReportFixture();
        String html = ComparisonHtml.text(fixture.report(null));
        assertFalse(Pattern.compile("(src|href)\\s*=|url\\((?!#)|@import|https?://(?!www\\.w3\\.org/2000/svg\")").matcher(html).find(), //$NON-NLS-1$
                "self-contained: no link to any other resource (url(#…) names a pattern of the page)"); //$NON-NLS-1$
        Path report = dir.resolve("report.html"); //$NON-NLS-1$
        Files.writeString(report, html);
        Map<String, String> result = check(chromium, dir, html, CHECK);
        System.out.println("ComparisonHtmlChromiumTest: " + result); //$NON-NLS-1$

        // Expected values from the generator's raw data.
        Set<List<String>> reached = new HashSet<>();
        Set<String> searchHits = new HashSet<>();
        ContextTree tree = fixture.tree;
        for (int e = 0; e < fixture.selfTimes.size(); e++) {
            if (!fixture.members(Group.A).get(e) && !fixture.members(Group.B).get(e)) {
                continue;
            }
            for (int context : fixture.selfTimes.get(e).keySet()) {
                List<String> path = new ArrayList<>();
                for (int frame : tree.path(context)) {
                    path.add(tree.frames().frame(frame).label());
                    reached.add(List.copyOf(path));
                    if (path.get(path.size() - 1).toLowerCase(Locale.ROOT).contains("compress")) { //$NON-NLS-1$
                        searchHits.add(String.join(";", path)); //$NON-NLS-1$
                    }
                }
            }
        }
        int contexts = reached.size() + 1; // and the root
        assertEquals("", result.get("errors"), "no script error"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("true", result.get("svg")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(fixture.report(null).answer().sentence(), result.get("firstText"), "the answer is the page's first text"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("more in B, \u2265 50 %|more in B, 25\u201350 %|more in B, 10\u201325 %|more in B, 0\u201310 %|no significant difference|" //$NON-NLS-1$
                + "less in B, 0\u201310 %|less in B, 10\u201325 %|less in B, 25\u201350 %|less in B, \u2265 50 %|only in B (new in B)|only in A (gone in B)", //$NON-NLS-1$
                result.get("legend"), "every swatch is labelled"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(Integer.parseInt(result.get("wideBoxes")) >= 5, result.toString()); //$NON-NLS-1$
        assertEquals("0", result.get("unlabelled"), "every box wide enough carries a label"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("0", result.get("overflow"), "no label overflows its box (the font's advance is at most CHAR_PX)"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        // The groups' colours (GroupColours: #117733, #aa4499) are none of the boxes' palette colours.
        assertEquals("rgb(17, 119, 51)|rgb(170, 68, 153)", result.get("barFills")); //$NON-NLS-1$ //$NON-NLS-2$
        for (String fill : result.get("boxFills").split("\\|")) { //$NON-NLS-1$ //$NON-NLS-2$
            assertFalse(result.get("barFills").contains(fill), fill + " is both a group's and a box's colour"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        assertEquals("only-in-B:url(#hatch-b)", result.get("hatched"), "the context only B reaches, hatched as such"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("1", result.get("hatchedClear"), "its label lies on a backing of the box's colour"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(Integer.toString(contexts), result.get("boxes"), "one box per context"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(Integer.toString(contexts), result.get("rects")); //$NON-NLS-1$
        assertEquals("0", result.get("others"), "every box of this report is wide enough"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(Integer.toString(searchHits.size()), result.get("matches"), "search highlights the matching frames"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("FR(Compression)|compress", result.get("matchLabels")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("rgb(224, 64, 251)", result.get("matchFill"), "highlight colour applied"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(searchHits.size() + " contexts match", result.get("matchText")); //$NON-NLS-1$ //$NON-NLS-2$
        String[] svgWidth = result.get("svgWidth").split(" "); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(svgWidth[1], svgWidth[0], "the graph is drawn at the page's width"); //$NON-NLS-1$
        assertEquals(svgWidth[0] + ".00", result.get("zoomWidth"), "zoomed box spans the graph"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("FR(Compression)|all|compress|main", result.get("visible"), "zoom shows the box, its ancestors and descendants"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(Integer.toString(contexts), result.get("visibleAfterReset")); //$NON-NLS-1$
        assertEquals("1", result.get("scriptBoxes"), "the <script> frame is a box with that label"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("main \u203a " + ReportFixture.SCRIPT, result.get("scriptTitle"), "shown as text"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("4", result.get("scriptElements"), "the report's script and data, and the two of this test, none from the trace"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

        Path screenshots = Path.of("target", "screenshots"); //$NON-NLS-1$ //$NON-NLS-2$
        Files.createDirectories(screenshots);
        Files.writeString(screenshots.resolve("comparison-report.html"), html); // beside its picture, to open by hand
        Path png = screenshots.toAbsolutePath().resolve("comparison-report.png"); //$NON-NLS-1$
        Files.deleteIfExists(png);
        List<String> shot = new ArrayList<>(browser(chromium, dir));
        shot.addAll(List.of("--hide-scrollbars", "--window-size=1300,1600", "--screenshot=" + png, report.toUri().toString())); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        Run screenshot = run(shot, 120);
        assertEquals(0, screenshot.exit(), screenshot.output());
        byte[] bytes = Files.readAllBytes(png);
        assertTrue(bytes.length > 10_000 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G', "a PNG of the page: " + png); //$NON-NLS-1$
    }

    private static final String CHECK_NARROW = selfCheck("""
            var others = Array.prototype.slice.call(document.querySelectorAll('#flamegraph g.other'));
            out('boxes', document.querySelectorAll('#flamegraph g.box').length);
            out('others', others.length);
            out('merged', others.reduce(function (sum, o) { return sum + Number(o.getAttribute('data-count')); }, 0));
            out('narrowestOther', Math.min.apply(null, others.slice(0, -1).map(function (o) { return Number(o.querySelector('rect').getAttribute('width')); })));
            window.featureCompassReport.find('needle');
            out('matchText', document.getElementById('fg-matches').textContent);
            var hit = document.querySelectorAll('#flamegraph g.other.match');
            out('otherMatches', hit.length);
            var count = hit.length ? Number(hit[0].getAttribute('data-count')) : -1;
            out('clickedCount', count);
            hit[0].querySelector('rect').dispatchEvent(new MouseEvent('click', { bubbles: true }));
            var shown = Array.prototype.slice.call(document.querySelectorAll('#flamegraph g.box:not(.ancestor)'));
            out('zoomedBoxes', shown.length);
            out('zoomedOthers', document.querySelectorAll('#flamegraph g.other').length);
            out('needle', shown.filter(function (b) { return b.getAttribute('data-label') === 'needle' && b.classList.contains('match'); }).length);
            out('ancestors', Array.prototype.map.call(document.querySelectorAll('#flamegraph g.box.ancestor'), function (b) { return b.getAttribute('data-label'); }).sort().join('|'));
            document.getElementById('fg-reset').click();
            out('othersAfterReset', document.querySelectorAll('#flamegraph g.other').length);
            """); //$NON-NLS-1$

    /**
     * A context with 3,000 children too narrow to draw (10 ns each beside a 1 ms sibling; one of
     * them with a child {@code needle}): they become "other" boxes of at least a pixel whose counts
     * add up to the hidden contexts; a search finds the hidden {@code needle} and marks the "other"
     * box that holds it; a click on that box zooms into its span, where its contexts are boxes.
     */
    @Test
    void narrowContextsAreMergedAndReachableByZoomAndSearch(@TempDir Path dir) throws Exception {
        Path chromium = chromium();
        int leaves = 3000;
        ComparisonReport report = ReportFixture.wideAndNarrow(leaves);
        String html = ComparisonHtml.text(report);
        Map<String, String> result = check(chromium, dir, html, CHECK_NARROW);
        System.out.println("ComparisonHtmlChromiumTest (narrow): " + result); //$NON-NLS-1$
        int contexts = report.reachedContexts().size();
        assertEquals(leaves + 4, contexts, "root, main, wide, the leaves and needle"); //$NON-NLS-1$
        assertEquals("", result.get("errors"), "no script error"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("3", result.get("boxes"), "all, main and wide are drawn"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(Integer.toString(leaves + 1), result.get("merged"), "the other boxes hold every hidden context"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(Double.parseDouble(result.get("narrowestOther")) >= DifferentialFlameGraphHtml.MIN_BOX_PX - 0.01, "runs of at least a pixel"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("1 context matches", result.get("matchText")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("1", result.get("otherMatches"), "the other box that holds needle is marked"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(result.get("clickedCount"), result.get("zoomedBoxes"), "zoomed into the span, its contexts are boxes"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("0", result.get("zoomedOthers")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("1", result.get("needle"), "needle drawn and highlighted"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals("all|main", result.get("ancestors")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(result.get("others"), result.get("othersAfterReset"), "reset draws the page's own view again"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(1, count(html, "id=\"fg-data\""), "the contexts' data"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private record Run(int exit, String output) {
    }

    private static Run run(List<String> command, int timeoutSeconds) throws Exception {
        Path log = Files.createTempFile("chromium", ".log"); //$NON-NLS-1$ //$NON-NLS-2$
        Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("chromium did not end within " + timeoutSeconds + " s: " + command); //$NON-NLS-1$ //$NON-NLS-2$
        }
        String text = new String(out, StandardCharsets.UTF_8) + "\n--- stderr:\n" + Files.readString(log); //$NON-NLS-1$
        Files.delete(log);
        return new Run(process.exitValue(), text);
    }
}
