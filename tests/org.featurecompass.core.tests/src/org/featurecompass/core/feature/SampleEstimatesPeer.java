package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.BpfRecorder;
import org.featurecompass.model.sampling.SampleEstimate;
import org.featurecompass.tests.support.RepositoryFiles;

/**
 * The peer of the sampled estimates: {@code tools/record/sample_estimates.py estimate --tsv}, run
 * on a file. Its rows are tab-separated: kind, name, samples, estimate (ns), interval low and high
 * (ns); one row {@code samples N} gives the samples in the window.
 */
final class SampleEstimatesPeer {

    private SampleEstimatesPeer() {
    }

    /**
     * @param file a sampled recording
     * @param from the window's start (ns), or null for the whole trace
     * @param to the window's end (ns), or null for the whole trace
     * @param options more options of {@code estimate}, e.g. {@code --every-self}
     * @return the peer's rows, split into their fields (empty fields kept)
     */
    static List<String[]> rows(Path file, @Nullable Long from, @Nullable Long to, String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", RepositoryFiles.resolve("tools/record/sample_estimates.py").toString(),
                "estimate", file.toString(), "--tsv"));
        command.addAll(List.of(options));
        if (from != null && to != null) {
            command.addAll(List.of("--from", from.toString(), "--to", to.toString()));
        }
        List<String[]> rows = new ArrayList<>();
        for (String line : BpfRecorder.run(file.getParent(), 120, command.toArray(String[]::new)).strip().split("\n")) {
            rows.add(line.split("\t", -1));
        }
        return rows;
    }

    /**
     * Our estimate equals the peer's row: the same samples and estimate, the interval to 1e-12 (z
     * from two implementations of the normal quantile).
     *
     * @param row the peer's row
     * @param estimate ours
     * @param key what it is, for the messages
     */
    static void assertEqualsRow(String[] row, SampleEstimate estimate, String key) {
        assertEquals(Long.parseLong(row[2]), estimate.samples(), key);
        assertEquals(Long.parseLong(row[3]), estimate.estimateNs(), key);
        assertEquals(Double.parseDouble(row[4]), estimate.lowNs(), 1e-12 * estimate.highNs(), key + " low");
        assertEquals(Double.parseDouble(row[5]), estimate.highNs(), 1e-12 * estimate.highNs(), key + " high");
    }
}
