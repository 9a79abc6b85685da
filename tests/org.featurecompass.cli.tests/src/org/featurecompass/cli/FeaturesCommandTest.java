package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.tests.support.SampledRecordingVariants;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code featurecompass features} on the bundled demo recording. Peer: the independent reference
 * script of the core tests ({@code demo_recording_reference.py}, Python's {@code json} module and
 * its own region matching, no Feature Compass code); the CSV and JSON are read back with Python's
 * {@code csv} and {@code json} modules and must give the reference's figures line for line.
 */
class FeaturesCommandTest {

    private static final String DEMO = "doc/samples/demo-recording.json";
    private static final String REFERENCE = "tests/org.featurecompass.core.tests/src/org/featurecompass/core/feature/demo_recording_reference.py";

    /** Reads the CSV as the reference prints: features' time, interactions' exclusive time, regions' instances. */
    private static final String CSV_AS_REFERENCE = String.join("\n",
            "import csv, sys",
            "rows = list(csv.DictReader(sys.stdin))",
            "out, regions = set(), {}",
            "for r in rows:",
            "    path = r['path'].split(' > ')",
            "    if r['kind'] == 'feature':",
            "        assert r['cpu_time_lower_ns'] == r['cpu_time_upper_ns']",
            "        out.add(f\"feature {r['name']} time={r['cpu_time_lower_ns']}\")",
            "    elif r['kind'] == 'interaction':",
            "        out.add(f\"interaction {r['name']} exclusive={r['cpu_time_lower_ns']}\")",
            "    else:",
            "        regions[tuple(path[1:])] = r",
            "agg = {}",
            "for (interaction, region), r in regions.items():",
            "    name, rid = region.rsplit(' #', 1)",
            "    a = agg.setdefault((name, rid), [0, 0, None, None])",
            "    a[0] += int(r['count']); a[1] += int(r['inclusive_sum_ns'])",
            "    a[2] = int(r['inclusive_min_ns']) if a[2] is None else min(a[2], int(r['inclusive_min_ns']))",
            "    a[3] = int(r['inclusive_max_ns']) if a[3] is None else max(a[3], int(r['inclusive_max_ns']))",
            "for (name, rid), a in agg.items():",
            "    out.add(f'region {name} id={rid} count={a[0]} sum={a[1]} min={a[2]} max={a[3]}')",
            "print('\\n'.join(sorted(out)))");

    /** Reads the JSON tree: features' time and their interactions' exclusive time. */
    private static final String JSON_AS_REFERENCE = String.join("\n",
            "import json, sys",
            "doc = json.load(sys.stdin)",
            "assert doc['format'] == 'featurecompass-features' and doc['version'] == 1, doc['format']",
            "out = set()",
            "for f in doc['rows']:",
            "    out.add(f\"feature {f['name']} time={f['cpuTime']['lowerNs']}\")",
            "    for i in f.get('children', []):",
            "        out.add(f\"interaction {i['name']} exclusive={i['cpuTime']['lowerNs']}\")",
            "print('\\n'.join(sorted(out)))");

    /**
     * The CSV's estimates of features and interactions, as {@code sample_estimates.py estimate --tsv}
     * prints them, interval ends to 0.001 ns (the CSV writes 15 significant digits).
     */
    private static final String CSV_ESTIMATES = String.join("\n",
            "import csv, sys",
            "out = set()",
            "for r in csv.DictReader(sys.stdin):",
            "    if r['kind'] in ('feature', 'interaction') and int(r['sampled_samples']) > 0:",
            "        out.add('\\t'.join([r['kind'], r['name'], r['sampled_samples'], r['sampled_estimate_ns'],",
            "                            f\"{float(r['sampled_low_ns']):.3f}\", f\"{float(r['sampled_high_ns']):.3f}\"]))",
            "print('\\n'.join(sorted(out)))");

    private static String reference(String... window) throws Exception {
        String[] args = new String[2 + window.length];
        args[0] = RepositoryFiles.resolve(REFERENCE).toString();
        args[1] = RepositoryFiles.resolve(DEMO).toString();
        System.arraycopy(window, 0, args, 2, window.length);
        return Arrays.stream(Python.run("", args).split("\n")).filter(line -> !line.isBlank()).sorted()
                .collect(Collectors.joining("\n"));
    }

    private static String onlyFeaturesAndInteractions(String lines) {
        return Arrays.stream(lines.split("\n")).filter(line -> line.startsWith("feature ") || line.startsWith("interaction "))
                .sorted().collect(Collectors.joining("\n"));
    }

    /**
     * A sampled recording (doc/samples/demo-sampled.json): the CSV's estimates of every feature and
     * interaction equal those of the peer, {@code tools/record/sample_estimates.py}; the Markdown
     * table marks its estimate columns and the summary says what they are.
     */
    @Test
    void sampledTraceShowsTheEstimatesOfThePeer() throws Exception {
        String sampled = RepositoryFiles.resolve("doc/samples/demo-sampled.json").toString();
        CliRun csv = CliRun.of("features", "--trace", sampled, "--format", "csv").ok();
        String ours = Python.run(csv.out(), "-c", CSV_ESTIMATES).strip();
        String peer = Arrays.stream(Python.run("", RepositoryFiles.resolve("tools/record/sample_estimates.py").toString(), "estimate",
                sampled, "--tsv").split("\n")).filter(line -> line.startsWith("feature\t") || line.startsWith("interaction\t"))
                .map(FeaturesCommandTest::intervalToMicroNs).sorted().collect(Collectors.joining("\n"));
        assertTrue(peer.lines().count() >= 6, peer);
        assertEquals(peer, ours);
        CliRun md = CliRun.of("features", "--trace", sampled).ok();
        assertTrue(md.out().contains("On-CPU, estimated (ms)"), md.out());
        assertTrue(md.err().contains("samples, one per 1,003,009 ns of CPU"), md.err());
    }

    /** The JSON's sampling attribution, as Python's json module reads it: value and approximate flag. */
    private static final String JSON_ATTRIBUTION = String.join("\n",
            "import json, sys",
            "s = json.load(sys.stdin)['sampling']",
            "print(s['attribution'], s['attributionApproximate'])");

    /** The JSON's address-range counts equal those of the recording (its path the argument), as Python's json module reads both. */
    private static final String JSON_RANGES = String.join("\n",
            "import json, sys",
            "ours = json.load(sys.stdin)['sampling']['addressRanges']",
            "recorded = json.load(open(sys.argv[1]))['otherData']['sampling']['addressRanges']",
            "print(len(ours), all(ours[k] == recorded[k] for k in ours))");

    /**
     * How the samples were attributed, in every output of {@code features}: a recording that
     * declares {@code "attribution": "address-ranges"} (a variant of doc/samples/demo-sampled-only.json
     * with only that key edited, {@link SampledRecordingVariants}) is marked approximate (Kaufmann
     * 2022, §3.4, A1) in the Markdown above the table, in the summary on stderr and in the JSON's
     * {@code sampling} object; the fc-record region-maps recording without the key reads as region
     * maps; a file that neither has the key nor comes from fc-record as not stated. The counts the
     * address-range translation reports are in the JSON (equal to the recording's, read by Python)
     * and the Markdown.
     */
    @Test
    void samplesAttributionIsShownAndAddressRangesMarkedApproximate(@TempDir Path dir) throws Exception {
        String approximate = "APPROXIMATE, by address ranges (Kaufmann 2022 \u00a73.4, assumption A1";
        String ranges = SampledRecordingVariants.addressRanges(dir).toString();
        CliRun md = CliRun.of("features", "--trace", ranges).ok();
        String[] lines = md.out().split("\n");
        assertTrue(lines[2].startsWith("Attribution of the samples: " + approximate), md.out());
        assertTrue(lines[4].startsWith("|"), "the table follows: " + md.out());
        assertTrue(md.err().contains(approximate), md.err());
        CliRun json = CliRun.of("features", "--trace", ranges, "--format", "json", "--quiet").ok();
        assertEquals("address-ranges True", Python.run(json.out(), "-c", JSON_ATTRIBUTION).strip());
        assertEquals("7 True", Python.run(json.out(), "-c", JSON_RANGES, ranges).strip(), "the recording's address-range counts");
        assertTrue(lines[2].contains(" Address ranges of fc-demo: 7 kept, 1 discarded as overlapping; 5 of the recording's 175 samples "
                + "fell in no range and count outside every region (2 of them had no frame in that binary); 3 regions unnamed."), md.out());

        String maps = RepositoryFiles.resolve(SampledRecordingVariants.SOURCE).toString();
        assertEquals("region-maps False",
                Python.run(CliRun.of("features", "--trace", maps, "--format", "json", "--quiet").ok().out(), "-c", JSON_ATTRIBUTION).strip());
        CliRun mapsMd = CliRun.of("features", "--trace", maps).ok();
        assertTrue(mapsMd.err().contains("Attribution of the samples: region maps"), mapsMd.err());
        assertFalse(mapsMd.out().contains("APPROXIMATE") || mapsMd.err().contains("APPROXIMATE"), mapsMd.err());

        String unstated = SampledRecordingVariants.notStated(dir).toString();
        assertEquals("not stated False",
                Python.run(CliRun.of("features", "--trace", unstated, "--format", "json", "--quiet").ok().out(), "-c", JSON_ATTRIBUTION).strip());
        assertTrue(CliRun.of("features", "--trace", unstated).ok().err().contains("Attribution of the samples: not stated by the trace"));
    }

    /**
     * Python (the peer) damages a copy of the sampled recording: the first sample event gets a tid
     * that is no number, and the first three samples in FR(Compression) alone a real depth of 20
     * (cut at the levels written); it prints how many samples are then cut in the file.
     */
    private static final String DAMAGE_SAMPLES = String.join("\n", //$NON-NLS-1$
            "import json, sys", //$NON-NLS-1$
            "d = json.load(open(sys.argv[1]))", //$NON-NLS-1$
            "samples = [e for e in d['traceEvents'] if e.get('ph') == 'P']", //$NON-NLS-1$
            "samples[0]['tid'] = 'x'", //$NON-NLS-1$
            "for e in [e for e in samples[1:] if e['args']['regions'] == [1]][:3]: e['args']['depth'] = 20", //$NON-NLS-1$
            "json.dump(d, open(sys.argv[2], 'w'))", //$NON-NLS-1$
            "print(sum(1 for e in samples[1:] if e['args'].get('depth', len(e['args']['regions'])) > len(e['args']['regions'])))"); //$NON-NLS-1$

    /** Nothing lost silently: unreadable sample events are counted with the rank of the first, cut stacks are counted. */
    @Test
    void unreadableAndCutSamplesAreCounted(@TempDir Path dir) throws Exception {
        Path damaged = dir.resolve("demo-sampled-damaged.json"); //$NON-NLS-1$
        String cut = Python.run("", "-c", DAMAGE_SAMPLES, RepositoryFiles.resolve(SampledRecordingVariants.SOURCE).toString(), //$NON-NLS-1$
                damaged.toString()).strip();
        assertEquals("3", cut, "the copy has the three cut samples it was given"); //$NON-NLS-1$
        CliRun md = CliRun.of("features", "--trace", damaged.toString()).ok(); //$NON-NLS-1$
        assertTrue(md.out().matches("(?s).*Left out of the estimates: 1 sample events that could not be read \\(no numeric pid or tid, " //$NON-NLS-1$
                + "or no region list\\); the first at rank \\d+\\..*"), md.out()); //$NON-NLS-1$
        assertTrue(md.out().contains(" 3 samples had a region stack deeper than the levels the recorder wrote"), md.out()); //$NON-NLS-1$
        assertTrue(md.err().contains("Left out of the estimates: 1 sample events"), md.err()); //$NON-NLS-1$
        CliRun intact = CliRun.of("features", "--trace", RepositoryFiles.resolve(SampledRecordingVariants.SOURCE).toString()).ok(); //$NON-NLS-1$
        assertFalse(intact.out().contains("Left out of the estimates") || intact.out().contains("deeper than the levels"), intact.out()); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String intervalToMicroNs(String tsv) {
        String[] fields = tsv.split("\t");
        fields[4] = String.format(java.util.Locale.ROOT, "%.3f", Double.parseDouble(fields[4]));
        fields[5] = String.format(java.util.Locale.ROOT, "%.3f", Double.parseDouble(fields[5]));
        return String.join("\t", fields);
    }

    @Test
    void csvGivesTheReferenceFigures() throws Exception {
        CliRun run = CliRun.of("features", "--trace", RepositoryFiles.resolve(DEMO).toString(), "--format", "csv").ok();
        assertTrue(run.out().startsWith("level,kind,path,name,count,"), run.out());
        assertTrue(run.out().contains("\r\n"), "RFC 4180 line ends");
        assertEquals(reference(), Python.run(run.out(), "-c", CSV_AS_REFERENCE).strip());
        // progress and the summary on stderr, not in the result
        assertTrue(run.err().contains("opened demo-recording.json as "), run.err());
        assertTrue(run.err().contains("region events"), run.err());
    }

    @Test
    void jsonGivesTheReferenceFigures() throws Exception {
        CliRun run = CliRun.of("features", "--trace", RepositoryFiles.resolve(DEMO).toString(), "--format", "json", "--quiet").ok();
        assertEquals(onlyFeaturesAndInteractions(reference()), Python.run(run.out(), "-c", JSON_AS_REFERENCE).strip());
        assertEquals("", run.err(), "--quiet: no progress");
    }

    /** A time range: python3 demo_recording_reference.py doc/samples/demo-recording.json 1099110000000 1099130000000. */
    @Test
    void rangeGivesTheReferenceFiguresOfTheRange() throws Exception {
        CliRun run = CliRun.of("features", "--trace", RepositoryFiles.resolve(DEMO).toString(), "--format", "json", "--from",
                "1099110000000", "--to", "1099.13s").ok();
        String range = onlyFeaturesAndInteractions(reference("1099110000000", "1099130000000"));
        assertTrue(range.contains("interaction Compression*Encryption exclusive=8417705"), range);
        assertEquals(range, Python.run(run.out(), "-c", JSON_AS_REFERENCE).strip());
    }

    @Test
    void markdownShowsTheViewsCells() throws Exception {
        CliRun run = CliRun.of("features", "--trace", RepositoryFiles.resolve(DEMO).toString()).ok();
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).startsWith("Feature statistics of demo-recording.json"), lines.get(0));
        // the view's cells: Compression*Encryption's time 19.845 ms (reference: 19,845,390 ns), escaped '*'
        String row = lines.stream().filter(line -> line.contains("Compression\\*Encryption")).findFirst().orElseThrow();
        assertTrue(row.matches(".*\\|\\s+19\\.845 \\|.*"), row);
        assertTrue(lines.stream().anyMatch(line -> line.matches("\\|\\s*-+\\s*\\|\\s*-+:.*")), "alignment row");
    }

    @Test
    void aKernelTraceHasNoFeatureStatistics() {
        CliRun run = CliRun.of("features", "--trace", SharedTraces.resolve("lttng/bug446190").toString());
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, run.exitCode(), run::toString);
        assertTrue(run.err().contains("not a feature-region trace"), run.err());
    }

    @Test
    void badInput(@TempDir Path dir) throws Exception {
        String demo = RepositoryFiles.resolve(DEMO).toString();
        Path missing = dir.resolve("missing.json");
        assertError(CliRun.of("features", "--trace", missing.toString()), "no such file or folder (" + missing + ")");
        Path text = Files.writeString(dir.resolve("notes.txt"), "not a trace\n");
        assertError(CliRun.of("features", "--trace", text.toString()), "not a trace of a known type");
        assertError(CliRun.of("features"), "Missing required option: trace");
        assertError(CliRun.of("features", "--trace", demo, "--format", "xml"), "--format xml: unknown format; use one of csv, json, md");
        assertError(CliRun.of("features", "--trace", demo, "--from", "yesterday", "--to", "1"), "--from yesterday: not a time");
        assertError(CliRun.of("features", "--trace", demo, "--from", "5"), "a time range needs both --from and --to");
        assertError(CliRun.of("features", "--trace", demo, "--from", "5", "--to", "4"), "--to 4 is before --from 5");
        assertError(CliRun.of("features", "--trace", demo, "extra"), "unexpected argument 'extra'");
    }

    static void assertError(CliRun run, String message) {
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, run.exitCode(), run::toString);
        assertTrue(run.err().contains(message), () -> "expected '" + message + "' in:\n" + run.err());
        assertTrue(run.err().contains("--help'."), run::toString);
        assertEquals("", run.out(), "no result on an error");
    }
}
