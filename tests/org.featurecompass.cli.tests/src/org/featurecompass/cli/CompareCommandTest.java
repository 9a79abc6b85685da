package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.featurecompass.tests.support.PythonVirtualenv;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code featurecompass compare} on the demo recording, executions = the instances of
 * {@code FR(Compression)}: the groups hold the executions their definitions select, computed
 * independently in Python from the {@code executions} command's durations; the JSON report
 * validates against doc/comparison-report.schema.json (Python's {@code jsonschema}); the HTML
 * draws one box per context of the JSON; {@code go tool pprof} reads group A's profile with the
 * total of its folded stacks; standard output starts with the answer, whose interval SciPy
 * recomputes. Exit codes: 0 (also for identical or nested groups, with a warning), 1 when
 * {@code --fail-if} holds for some context, 2 for bad input with the message (a malformed filter or condition with its column and a caret, an
 * unknown metric, an empty group, several traces, an unknown trace).
 */
class CompareCommandTest {

    private static final String DEMO = "doc/samples/demo-recording.json";

    private static String definitions(Path dir) throws Exception {
        return Files.writeString(dir.resolve("defs.json"), "{\"formatVersion\": 1, \"definitions\": [{\"kind\": \"featureRegion\", " //$NON-NLS-1$
                + "\"type\": \"compression\", \"region\": \"FR(Compression)\"}]}").toString(); //$NON-NLS-1$
    }

    @Test
    void compareWritesTheReports(@TempDir Path dir) throws Exception {
        String demo = RepositoryFiles.resolve(DEMO).toString();
        String defs = definitions(dir);
        // Independent group sizes: the slowest 10 % by duration (ties included) and the rest.
        CliRun executions = CliRun.of("executions", "--trace", demo, "--executions", defs).ok();
        String sizes = Python.run(executions.out(), "-c", String.join("\n", "import csv, math, sys", //$NON-NLS-1$ //$NON-NLS-2$
                "d = sorted((int(r['duration_ns']) for r in csv.DictReader(sys.stdin)), reverse=True)", //$NON-NLS-1$
                "t = d[math.ceil(0.1 * len(d)) - 1]", "b = sum(1 for x in d if x >= t)", "print(len(d) - b, b)")).strip(); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        Path html = dir.resolve("report.html");
        Path json = dir.resolve("report.json");
        Path csv = dir.resolve("report.csv");
        Path md = dir.resolve("report.md");
        Path foldedA = dir.resolve("a.folded");
        Path pprofA = dir.resolve("a.pb.gz");
        CliRun run = CliRun.of("compare", "--trace", demo, "--executions", defs, "--report", html.toString(), "--json", json.toString(), "--csv", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                csv.toString(), "--md", md.toString(), "--folded-a", foldedA.toString(), "--pprof-a", pprofA.toString()).ok(); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        // The answer first, then the Markdown report's heading.
        String answer = run.out().lines().findFirst().orElse(""); //$NON-NLS-1$
        assertTrue(answer.startsWith("Per execution, B takes "), run.toString()); //$NON-NLS-1$
        assertTrue(run.out().startsWith(answer + "\n\n## Comparison of compression executions"), run.toString()); //$NON-NLS-1$
        assertTrue(run.err().contains("wrote " + html), run.err()); //$NON-NLS-1$
        assertEquals(Files.readString(md), run.out(), "the summary on standard output is the Markdown report"); //$NON-NLS-1$

        PythonVirtualenv venv = PythonVirtualenv.ensure("reports", "import scipy, numpy, jsonschema", 15, "scipy==1.16.3", "numpy==2.3.5", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "jsonschema==4.26.0"); //$NON-NLS-1$
        String check = PythonVirtualenv.exec(List.of(venv.python().toString(), "-c", String.join("\n", //$NON-NLS-1$ //$NON-NLS-2$
                "import json, jsonschema, re, sys", //$NON-NLS-1$
                "schema = json.load(open(sys.argv[1])); report = json.load(open(sys.argv[2]))", //$NON-NLS-1$
                "jsonschema.Draft202012Validator(schema).validate(report)", //$NON-NLS-1$
                "html = open(sys.argv[3], encoding='utf-8').read()", //$NON-NLS-1$
                "assert html.count('<g class=\"box\"') == len(report['contexts']), 'boxes'", //$NON-NLS-1$
                "assert report['executionType'] == 'compression' and report['traces'][0]['name'] == 'demo-recording.json'", //$NON-NLS-1$
                "rows = open(sys.argv[4], encoding='utf-8', newline='').read().count('\\r\\n') - 1", //$NON-NLS-1$
                "assert rows == len(report['ranked']), (rows, len(report['ranked']))", //$NON-NLS-1$
                "import math; from scipy import stats", //$NON-NLS-1$
                // The answer's interval recomputed by SciPy from the root's means and sds (Welch).
                "a = report['answer']; root = report['contexts'][0]; nA = a['relation']['sizeA']; nB = a['relation']['sizeB']", //$NON-NLS-1$
                "assert root['parent'] is None and a['meanA'] == root['A']['mean'] and a['meanB'] == root['B']['mean']", //$NON-NLS-1$
                "va = root['A']['sd'] ** 2 / nA; vb = root['B']['sd'] ** 2 / nB; df = (va + vb) ** 2 / (va ** 2 / (nA - 1) + vb ** 2 / (nB - 1))", //$NON-NLS-1$
                "half = stats.t.ppf(0.975, df) * math.sqrt(va + vb); d = a['meanB'] - a['meanA']", //$NON-NLS-1$
                "assert abs(a['low'] - (d - half)) <= 1e-9 * half and abs(a['high'] - (d + half)) <= 1e-9 * half, (a, d, half)", //$NON-NLS-1$
                "assert a['relation']['kind'] == 'disjoint' and a['relation']['warnings'] == [], a['relation']", //$NON-NLS-1$
                "assert html.index('id=\"answer\"') < html.index('<h1>'), 'the answer is the first text of the page'", //$NON-NLS-1$
                "print(report['groups']['A']['size'], report['groups']['B']['size'])"), //$NON-NLS-1$
                RepositoryFiles.resolve("doc/comparison-report.schema.json").toString(), json.toString(), html.toString(), csv.toString()), 5); //$NON-NLS-1$
        assertEquals(sizes, check.strip(), "group sizes"); //$NON-NLS-1$

        long folded = 0;
        for (String line : Files.readAllLines(foldedA)) {
            folded += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
        }
        assertTrue(folded > 0);
        String top = goToolPprof(dir, "-top", "-unit=ns", "-sample_index=self", pprofA.toString()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        // "Showing nodes accounting for 12345ns, 100% of 12345ns total"
        Matcher total = Pattern.compile("of (\\d+)ns total").matcher(top); //$NON-NLS-1$
        assertTrue(total.find(), top);
        assertEquals(folded, Long.parseLong(total.group(1)), top);
    }

    /**
     * The README's sample comparison (tools/record/make-comparison-samples.sh): the demo in two
     * configurations, three runs each, 16 items a run; B does 4 ms more CPU work in every item's
     * FR(Encryption) ({@code --inject 2:4000000}). Executions are the items ({@code item} of
     * demo-executions.json), so both groups hold 48 (the script's 3 × 16), and the report must name
     * the cause: FR(Encryption) first in the answer, and its self time (the ECCT puts preemption
     * under {@code preempted}, so self time is running time) 4 ms longer per item in B, the
     * script's parameter, computed by Python from the JSON report's inclusive means (the tolerance
     * of 0.5 ms is the CPU time the same work takes more or less from one run to the next: the
     * region's own work is about 1.1 ms an item here).
     */
    @Test
    void twoConfigurationsAreCompared(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("configurations.json"); //$NON-NLS-1$
        List<String> args = new ArrayList<>(List.of("compare")); //$NON-NLS-1$
        for (String name : List.of("base", "slow-encryption")) { //$NON-NLS-1$ //$NON-NLS-2$
            for (int run = 1; run <= 3; run++) {
                args.add("--trace"); //$NON-NLS-1$
                args.add(RepositoryFiles.resolve("doc/samples/demo-" + name + "-" + run + ".json").toString()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
        args.addAll(List.of("--executions", RepositoryFiles.resolve("doc/samples/demo-executions.json") + "#item", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                "--group-a", "trace in {demo-base-1.json, demo-base-2.json, demo-base-3.json}", //$NON-NLS-1$ //$NON-NLS-2$
                "--group-b", "trace in {demo-slow-encryption-1.json, demo-slow-encryption-2.json, demo-slow-encryption-3.json}", //$NON-NLS-1$ //$NON-NLS-2$
                "--json", json.toString())); //$NON-NLS-1$
        CliRun run = CliRun.of(args.toArray(String[]::new)).ok();
        String check = Python.run("", "-c", String.join("\n", "import json, sys", "r = json.load(open(sys.argv[1]))", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                "print(r['groups']['A']['size'], r['groups']['B']['size'], [t['executions'] for t in r['traces']])", //$NON-NLS-1$
                "print(r['answer']['causes'][0]['path'])", //$NON-NLS-1$
                "c = {x['id']: x for x in r['contexts']}", //$NON-NLS-1$
                "(enc,) = [x['id'] for x in r['contexts'] if x['frame'] == 'FR(Encryption)' and x['depth'] == 1]", //$NON-NLS-1$
                "own = lambda g: c[enc][g]['mean'] - sum(x[g]['mean'] for x in r['contexts'] if x['parent'] == enc)", //$NON-NLS-1$
                "print(abs(own('B') - own('A') - 4e6) < 0.5e6, (own('B') - own('A')) / 1e6)"), //$NON-NLS-1$
                json.toString());
        String[] lines = check.strip().split("\n"); //$NON-NLS-1$
        assertEquals("48 48 [16, 16, 16, 16, 16, 16]", lines[0], run.toString()); //$NON-NLS-1$
        assertEquals("FR(Encryption)", lines[1], "the answer's first cause"); //$NON-NLS-1$
        assertTrue(lines[2].startsWith("True "), "FR(Encryption)'s own time per item, B - A, ms: " + lines[2]); //$NON-NLS-1$
    }

    /**
     * {@code --symbols}: the LTTng UST sample's function addresses named in the groups' profiles
     * by the sample's binaries (the names binutils gives them, checked context by context in
     * core's UstSymbolsTest); without it they stay addresses.
     */
    @Test
    void symbolsNameTheUstAddresses(@TempDir Path dir) throws Exception {
        String trace = RepositoryFiles.resolve("doc/samples/ust-cyg-profile/trace").toString(); //$NON-NLS-1$
        String defs = Files.writeString(dir.resolve("calls.json"), //$NON-NLS-1$
                "{\"formatVersion\": 1, \"definitions\": [{\"kind\": \"slice\", \"type\": \"calls\", \"depth\": 0}]}").toString(); //$NON-NLS-1$
        Path plain = dir.resolve("plain.folded"); //$NON-NLS-1$
        CliRun.of("compare", "--trace", trace, "--executions", defs, "--group-a", "all", "--group-b", "all", "--folded-a", plain.toString()).ok(); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$
        String addresses = Files.readString(plain);
        assertTrue(addresses.contains(";ust-demo+0x") && addresses.contains(";libust-work.so+0x"), //$NON-NLS-1$ //$NON-NLS-2$
                "without symbols, addresses as their binary and offset: " + addresses);
        Path named = dir.resolve("named.folded"); //$NON-NLS-1$
        CliRun run = CliRun.of("compare", "--trace", trace, "--executions", defs, "--group-a", "all", "--group-b", "all", "--folded-a", named.toString(), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$
                "--symbols", RepositoryFiles.resolve("doc/samples/ust-cyg-profile/bin").toString()).ok(); //$NON-NLS-1$ //$NON-NLS-2$
        String symbols = Files.readString(named);
        assertTrue(run.err().contains("symbols: 2 ELF file(s), 0 mapping file(s)"), run.err()); //$NON-NLS-1$
        for (String frame : List.of("main;worker;handle_large;lib_compress;lib_checksum;spin", "worker;handle_small;parse;leaf")) { //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(symbols.contains(frame), frame + " in " + symbols);
        }
        assertTrue(!symbols.contains("0x"), "every address named: " + symbols); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(addresses.lines().count(), symbols.lines().count(), "one folded line per context, as without symbols"); //$NON-NLS-1$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", trace, "--executions", defs, "--symbols", dir.resolve("none").toString()), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "--symbols: Symbol file or directory"); //$NON-NLS-1$
    }

    @Test
    void failIfExitsWithOne(@TempDir Path dir) throws Exception {
        String demo = RepositoryFiles.resolve(DEMO).toString();
        String defs = definitions(dir);
        CliRun exceeded = CliRun.of("compare", "--trace", demo, "--executions", defs, "--fail-if", "n-a >= 1 and depth = 0", "--quiet"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
        assertEquals(ExitCode.THRESHOLD_EXCEEDED, exceeded.exitCode(), exceeded.toString());
        assertTrue(exceeded.err().contains("threshold exceeded: 1 calling contexts satisfy --fail-if \"n-a >= 1 and depth = 0\""), exceeded.err()); //$NON-NLS-1$
        assertTrue(exceeded.out().contains("\n## Comparison"), "the summary is written all the same"); //$NON-NLS-1$ //$NON-NLS-2$
        CliRun passed = CliRun.of("compare", "--trace", demo, "--executions", defs, "--fail-if", "q < 0"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
        assertEquals(ExitCode.OK, passed.exitCode(), passed.toString());
        assertTrue(passed.err().contains("no calling context satisfies --fail-if \"q < 0\""), passed.err()); //$NON-NLS-1$
    }

    /**
     * Issue 22: the same filter for both groups is compared (exit 0: A = B = all is how one
     * exports every execution's profile) with a warning on standard error, and the answer says
     * that nothing can differ; a group inside the other is warned about too. Sizes from the
     * {@code executions} command's durations (Python), as above.
     */
    @Test
    void identicalAndNestedGroupsAreWarnedAbout(@TempDir Path dir) throws Exception {
        String demo = RepositoryFiles.resolve(DEMO).toString();
        String defs = definitions(dir);
        CliRun same = CliRun.of("compare", "--trace", demo, "--executions", defs, "--group-a", "duration >= 0ns", "--group-b", "duration >= 0ns"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$
        assertEquals(ExitCode.OK, same.exitCode(), same.toString());
        String sameWarning = "Groups A and B are the same 16 executions (the same filter twice?): every difference is 0 by construction."; //$NON-NLS-1$
        assertTrue(same.err().contains("featurecompass: warning: " + sameWarning), same.err()); //$NON-NLS-1$
        assertTrue(same.out().startsWith(sameWarning + "\n"), same.out()); //$NON-NLS-1$
        CliRun executions = CliRun.of("executions", "--trace", demo, "--executions", defs).ok(); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        String slowest = Python.run(executions.out(), "-c", String.join("\n", "import csv, math, sys", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                "d = sorted((int(r['duration_ns']) for r in csv.DictReader(sys.stdin)), reverse=True)", //$NON-NLS-1$
                "t = d[math.ceil(0.1 * len(d)) - 1]", "print(sum(1 for x in d if x >= t))")).strip(); //$NON-NLS-1$ //$NON-NLS-2$
        CliRun nested = CliRun.of("compare", "--trace", demo, "--executions", defs, "--group-a", "slowest 10%", "--group-b", "all"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$
        assertEquals(ExitCode.OK, nested.exitCode(), nested.toString());
        assertTrue(nested.err().contains("featurecompass: warning: Group A (" + slowest + ") lies inside group B (16)"), nested.err()); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(nested.out().lines().findFirst().orElse("").endsWith("compare A with the rest of B to see them apart."), nested.out()); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void badInput(@TempDir Path dir) throws Exception {
        String demo = RepositoryFiles.resolve(DEMO).toString();
        String defs = definitions(dir);
        CliRun syntax = CliRun.of("compare", "--trace", demo, "--executions", defs, "--group-b", "duration >= 25xs"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        FeaturesCommandTest.assertError(syntax, "--group-b column 13: expected a number"); //$NON-NLS-1$
        assertTrue(syntax.err().contains("    duration >= 25xs\n                ^"), syntax.err()); //$NON-NLS-1$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", demo, "--executions", defs, "--fail-if", "q < 0.01 and delta >"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "--fail-if column 21: expected a number"); //$NON-NLS-1$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", demo, "--executions", defs, "--group-a", "durtion < 1ms"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "--group-a column 1: no metric 'durtion' (did you mean 'duration'?); metrics: "); //$NON-NLS-1$
        Path misspelt = Files.writeString(dir.resolve("misspelt.json"), "{\"formatVersion\": 1, \"definitions\": [{\"kind\": " //$NON-NLS-1$ //$NON-NLS-2$
                + "\"featureRegion\", \"type\": \"compression\", \"region\": \"FR(Compresion)\"}]}"); //$NON-NLS-1$
        CliRun unknownRegion = CliRun.of("compare", "--trace", demo, "--executions", misspelt.toString()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        FeaturesCommandTest.assertError(unknownRegion, "no instance of region FR(Compresion) (did you mean 'FR(Compression)'?) among "); //$NON-NLS-1$
        // the regions there are, as Python's json module reads them from the recording
        String regions = Python.run("", "-c", String.join("\n", "import json, sys", "d = json.load(open(sys.argv[1]))", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "e = d['traceEvents'] if isinstance(d, dict) else d", //$NON-NLS-1$
                "print(', '.join(sorted({x['name'] for x in e if x.get('cat') == 'Feature' and x.get('ph') in ('B', 'E')})))"), demo).strip(); //$NON-NLS-1$
        FeaturesCommandTest.assertError(unknownRegion, "; regions: " + regions); //$NON-NLS-1$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", demo, "--executions", defs, "--group-b", "feature Compresion on"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "(did you mean 'Compression'?); features: "); //$NON-NLS-1$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", demo, "--executions", defs, "--group-b", "duration > 1000s"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "group B is empty: none of the 16 executions passes \"duration > 1000s\""); //$NON-NLS-1$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", demo, "--trace", RepositoryFiles.resolve("doc/samples/node-demo.json").toString(), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "--executions", defs), "node-demo.json: no executions of type compression"); //$NON-NLS-1$ //$NON-NLS-2$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", dir.resolve("none.json").toString(), "--executions", defs), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "no such file or folder"); //$NON-NLS-1$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", demo, "--executions", defs, "--test", "t"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                "--test t: not one of welch, mann-whitney"); //$NON-NLS-1$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", demo, "--executions", "No such type"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "no such execution type in demo-recording.json"); //$NON-NLS-1$
        FeaturesCommandTest.assertError(CliRun.of("compare", "--trace", demo, "--executions", "compresion"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "(did you mean 'compression'?)"); //$NON-NLS-1$
        CliRun help = CliRun.of("compare", "--help").ok(); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(help.out().contains("--fail-if <CONDITION>") && help.out().contains("--group-b <FILTER>"), help.out()); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String goToolPprof(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("go", "tool", "pprof")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "go tool pprof did not end"); //$NON-NLS-1$
        assertEquals(0, process.exitValue(), () -> "go tool pprof " + List.of(args) + ":\n" + out); //$NON-NLS-1$
        return out;
    }
}
