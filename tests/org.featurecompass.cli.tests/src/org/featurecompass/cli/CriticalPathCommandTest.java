package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jdt.annotation.Nullable;

import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.cli.trace.OpenedTrace;
import org.featurecompass.core.graph.CriticalPathQuery;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.critical.PathSegment;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * {@code featurecompass critical-path} on the demo recording (its main thread, tid 21956, see
 * doc/samples/README.md): the CSV's segments, read back with Python's {@code csv} module, are the
 * path extracted from the execution graph for the same query (the algorithm itself is
 * compared with Trace Compass 6.2's critical path in the core tests), their durations add up to
 * the JSON's totals per label, and bad input ends with exit code 2.
 */
class CriticalPathCommandTest {

    private static final String DEMO = "doc/samples/demo-recording.json";
    private static final long MAIN_TID = 21956;

    /** Sums the CSV's segment durations per label; prints "label ns" lines and the segment count. */
    private static final String CSV_TOTALS = String.join("\n",
            "import csv, sys, collections",
            "rows = list(csv.DictReader(sys.stdin))",
            "by = collections.Counter()",
            "for r in rows:",
            "    assert int(r['end_ns']) - int(r['start_ns']) == int(r['duration_ns'])",
            "    by[r['label']] += int(r['duration_ns'])",
            "for label, ns in sorted(by.items()):",
            "    print(label, ns)",
            "print('segments', len(rows))");

    private static final String JSON_TOTALS = String.join("\n",
            "import json, sys",
            "doc = json.load(sys.stdin)",
            "assert doc['format'] == 'featurecompass-critical-path' and doc['version'] == 1",
            "assert sum(doc['byLabel'].values()) == doc['totalNs'], (doc['byLabel'], doc['totalNs'])",
            "for label, ns in sorted(doc['byLabel'].items()):",
            "    print(label, ns)",
            "print('segments', len(doc['segments']))",
            "print('thread', doc['thread']['tid'], doc['thread']['name'])");

    @Test
    void csvAndJsonAreTheViewsPath() throws Exception {
        String trace = RepositoryFiles.resolve(DEMO).toString();
        // every job scheduled during the command, to show that the skipped analyses never ran
        List<String> jobs = new CopyOnWriteArrayList<>();
        IJobChangeListener scheduled = new JobChangeAdapter() {
            @Override
            public void scheduled(@Nullable IJobChangeEvent event) {
                if (event != null) {
                    jobs.add(event.getJob().getName());
                }
            }
        };
        Job.getJobManager().addJobChangeListener(scheduled);
        CliRun csv;
        try {
            csv = CliRun.of("critical-path", "--trace", trace, "--tid", Long.toString(MAIN_TID), "--format", "csv").ok();
        } finally {
            Job.getJobManager().removeJobChangeListener(scheduled);
        }
        CliRun json = CliRun.of("critical-path", "--trace", trace, "--tid", Long.toString(MAIN_TID), "--format", "json").ok();
        // the analyses Trace Compass starts on opening a kernel trace, skipped and named in a fixed (sorted) order
        Matcher skipped = Pattern.compile("skipped the automatic analyses (.*)").matcher(csv.err()); //$NON-NLS-1$
        assertTrue(skipped.find(), csv.err());
        List<String> names = List.of(skipped.group(1).strip().split(", ")); //$NON-NLS-1$
        assertTrue(names.size() > 1, csv.err());
        assertEquals(names.stream().sorted().toList(), names, csv.err());
        assertTrue(jobs.stream().anyMatch(job -> job.contains("Execution Graph")), jobs::toString); //$NON-NLS-1$
        for (String job : jobs) {
            // Trace Compass names an analysis job "Running analysis NAME"; Statistics runs its sub-analyses as "TMF Statistics, …"
            assertTrue(names.stream().noneMatch(job::contains) && !job.contains("TMF Statistics"), "skipped but run: " + job + " in " + jobs); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }

        // the path extracted from the execution graph directly, without the provider both the command and the view use
        Map<String, Long> expected = new HashMap<>();
        int segments;
        String name;
        try (OpenedTrace opened = OpenedTrace.open(trace)) {
            ExecutionGraphAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(opened.trace(), ExecutionGraphAnalysis.class,
                    ExecutionGraphAnalysis.ID);
            assertNotNull(module);
            module.schedule();
            assertTrue(module.waitForCompletion());
            ExecutionGraphAnalysis.Result graph = module.getResult();
            assertNotNull(graph);
            CriticalPathResult result = CriticalPathResult.compute(graph.graph(), graph.host(),
                    CriticalPathQuery.wholeTrace(MAIN_TID, PathVariant.BOUNDED));
            assertNotNull(result);
            for (PathSegment segment : result.path().segments()) {
                expected.merge(segment.label().name(), segment.durationNs(), Long::sum);
            }
            segments = result.path().segments().size();
            name = result.path().worker().name();
            assertEquals(result.breakdown().totalNs(), expected.values().stream().mapToLong(Long::longValue).sum());
        }
        assertTrue(segments > 10, "a path with waits: " + segments + " segments");
        StringBuilder lines = new StringBuilder();
        expected.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> lines.append(e.getKey()).append(' ').append(e.getValue()).append('\n'));
        lines.append("segments ").append(segments);
        assertEquals(lines.toString(), Python.run(csv.out(), "-c", CSV_TOTALS).strip());
        assertEquals(lines + "\nthread " + MAIN_TID + ' ' + name, Python.run(json.out(), "-c", JSON_TOTALS).strip());
        assertEquals("fc-demo", name);

        CliRun md = CliRun.of("critical-path", "--trace", trace, "--tid", Long.toString(MAIN_TID), "--variant", "unbounded").ok();
        assertTrue(md.out().startsWith("Critical path (unbounded) of fc-demo (tid 21956) in demo-recording.json"), md.out());
        assertTrue(md.out().contains("| " + EdgeLabel.RUNNING.name()), md.out());
    }

    @Test
    void badInput() {
        String trace = RepositoryFiles.resolve(DEMO).toString();
        FeaturesCommandTest.assertError(CliRun.of("critical-path", "--trace", trace, "--tid", "999999"), "--tid 999999: no such thread in demo-recording.json");
        FeaturesCommandTest.assertError(CliRun.of("critical-path", "--trace", trace, "--tid", "main"), "--tid main: not a thread id");
        FeaturesCommandTest.assertError(CliRun.of("critical-path", "--trace", trace), "Missing required option: tid");
        FeaturesCommandTest.assertError(CliRun.of("critical-path", "--trace", trace, "--tid", "1", "--variant", "longest"),
                "--variant longest: use one of bounded, unbounded");
        String node = RepositoryFiles.resolve("doc/samples/node-demo.json").toString();
        FeaturesCommandTest.assertError(CliRun.of("critical-path", "--trace", node, "--tid", "1"), "not a kernel trace");
        assertTrue(List.of(SharedTraces.resolve("lttng/bug446190").toFile().list()).contains("metadata"));
    }
}
