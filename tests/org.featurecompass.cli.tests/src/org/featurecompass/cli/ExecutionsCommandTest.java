package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code featurecompass executions} on the demo recording: executions defined as the instances of
 * the region {@code FR(IO)} (a definitions file, doc/executions.md) must be the region's instances
 * that the independent reference script of the core tests ({@code demo_recording_reference.py})
 * finds: count, sum, min and max of the durations, read back from the CSV and the JSON with
 * Python. Bad input: an unknown type (the message lists the trace's types), a malformed
 * definitions file, a definition that matches nothing.
 */
class ExecutionsCommandTest {

    private static final String DEMO = "doc/samples/demo-recording.json";
    private static final String REFERENCE = "tests/org.featurecompass.core.tests/src/org/featurecompass/core/feature/demo_recording_reference.py";

    private static Path definitions(Path dir, String region) throws Exception {
        return Files.writeString(dir.resolve("defs-" + region.replaceAll("\\W", "") + ".json"), "{\"formatVersion\": 1, \"definitions\": [{\"kind\": \"featureRegion\", "
                + "\"type\": \"IO requests\", \"region\": \"" + region + "\"}]}");
    }

    @Test
    void featureRegionExecutionsAreTheReferenceInstances(@TempDir Path dir) throws Exception {
        String expected = Python.run("", RepositoryFiles.resolve(REFERENCE).toString(), RepositoryFiles.resolve(DEMO).toString()).lines()
                .filter(line -> line.startsWith("region FR(IO) ")).findFirst().orElseThrow()
                .replaceFirst("^region FR\\(IO\\) id=\\d+ ", ""); // count=8 sum=... min=... max=...
        String defs = definitions(dir, "FR(IO)").toString();
        CliRun csv = CliRun.of("executions", "--trace", RepositoryFiles.resolve(DEMO).toString(), "--executions", defs).ok();
        assertEquals(expected, Python.run(csv.out(), "-c", String.join("\n", "import csv, sys",
                "d = [int(r['duration_ns']) for r in csv.DictReader(sys.stdin)]",
                "print(f'count={len(d)} sum={sum(d)} min={min(d)} max={max(d)}')")).strip());
        assertTrue(csv.out().startsWith("row,start_ns,end_ns,duration_ns,pid,tid,name,feature_set,"), csv.out());
        CliRun json = CliRun.of("executions", "--trace", RepositoryFiles.resolve(DEMO).toString(), "--executions", defs + "#IO requests",
                "--format", "json").ok();
        assertEquals(expected, Python.run(json.out(), "-c", String.join("\n", "import json, sys", "doc = json.load(sys.stdin)",
                "assert doc['format'] == 'featurecompass-executions' and doc['type'] == 'IO requests', doc['type']",
                "d = [e['endNs'] - e['startNs'] for e in doc['executions']]",
                "assert all(e['metrics']['duration'] == e['endNs'] - e['startNs'] for e in doc['executions'])",
                "print(f'count={len(d)} sum={sum(d)} min={min(d)} max={max(d)}')")).strip());
    }

    @Test
    void badInput(@TempDir Path dir) throws Exception {
        String demo = RepositoryFiles.resolve(DEMO).toString();
        CliRun unknown = CliRun.of("executions", "--trace", demo, "--executions", "No such type");
        FeaturesCommandTest.assertError(unknown, "--executions No such type: no such execution type in demo-recording.json; its types: ");
        Path malformed = Files.writeString(dir.resolve("bad.json"), "{\"formatVersion\": 1, \"definitions\": [{\"kind\": \"featureRegion\", \"type\": \"x\", \"regoin\": \"FR(IO)\"}]}");
        FeaturesCommandTest.assertError(CliRun.of("executions", "--trace", demo, "--executions", malformed.toString()), "malformed definition: ");
        FeaturesCommandTest.assertError(CliRun.of("executions", "--trace", demo, "--executions", definitions(dir, "FR(Nothing)").toString()),
                "no executions of type IO requests");
        FeaturesCommandTest.assertError(CliRun.of("executions", "--trace", demo, "--executions", "x", "--format", "md"),
                "--format md: unknown format; use one of csv, json");
    }
}
