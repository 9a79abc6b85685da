package org.featurecompass.model.compare.diff;

/**
 * What a comparison's figures are evidence of, from how its groups were chosen
 * (doc/comparison.md, "Verdicts"; issue 20). {@link VerdictChoice#AUTO} picks one from the
 * groups ({@link VerdictReason#of}).
 */
public enum Verdict {
    /**
     * Executions are the replicates: per-execution tests (Welch or Mann-Whitney, TraceCompare
     * §3.4.2) and Benjamini-Hochberg. When the groups come from different runs, one each, the
     * values tested are each context's share of its execution's time (a uniformly slower run
     * does not change it), and run-to-run variation is not measured.
     */
    EXECUTIONS,
    /**
     * Each group spans two or more runs (traces): the run is the replicate (benchstat's per-run
     * samples). Per run and context the mean per execution and the share Σ context / Σ root;
     * Welch on the runs' shares of A against those of B, Benjamini-Hochberg across contexts; the
     * root on the runs' means.
     */
    RUNS,
    /**
     * A group's filters constrain the outcome (duration, a time the root sums such as
     * {@code cpu} or {@code wait.*}, the slowest-X presets): no p or q, which would be circular;
     * each context's share of the root's difference, (B − A)_c / (B − A)_root, with a 95 %
     * interval from a bootstrap that resamples executions and applies the group filters again.
     */
    SELECTION
}
