package org.featurecompass.model.compare.diff;

import java.util.BitSet;
import java.util.List;

/**
 * Which {@link Verdict} a comparison gives and why, as data and as one plain English sentence
 * that the view, the reports and the command line show (doc/comparison.md, "Verdicts").
 *
 * @param verdict the verdict
 * @param automatic whether it was chosen from the groups ({@link VerdictChoice#AUTO}) rather than forced
 * @param runsA runs (traces) group A's executions come from; 0 when the runs are not known
 * @param runsB runs group B's executions come from; 0 when not known
 * @param sharedRuns runs with executions in both groups
 * @param outcomeMetrics outcome metrics the groups are cut on ({@link GroupDesign#outcomeMetrics()})
 */
public record VerdictReason(Verdict verdict, boolean automatic, int runsA, int runsB, int sharedRuns, List<String> outcomeMetrics) {

    /** Copies the list. */
    public VerdictReason {
        outcomeMetrics = List.copyOf(outcomeMetrics);
    }

    /**
     * Chooses the verdict: {@link Verdict#SELECTION} when a filter cuts on the outcome, else
     * {@link Verdict#RUNS} when both groups span two runs or more, else {@link Verdict#EXECUTIONS}.
     *
     * @param choice the settings' choice
     * @param design the runs and the outcome filters
     * @param a group A's executions
     * @param b group B's executions
     * @return the verdict and why
     */
    public static VerdictReason of(VerdictChoice choice, GroupDesign design, BitSet a, BitSet b) {
        BitSet runsA = design.runsOf(a);
        BitSet runsB = design.runsOf(b);
        BitSet shared = (BitSet) runsA.clone();
        shared.and(runsB);
        Verdict forced = choice.forced();
        Verdict verdict;
        if (forced != null) {
            verdict = forced;
        } else if (!design.outcomeMetrics().isEmpty()) {
            verdict = Verdict.SELECTION;
        } else if (runsA.cardinality() >= 2 && runsB.cardinality() >= 2) {
            verdict = Verdict.RUNS;
        } else {
            verdict = Verdict.EXECUTIONS;
        }
        return new VerdictReason(verdict, forced == null, runsA.cardinality(), runsB.cardinality(), shared.cardinality(),
                design.outcomeMetrics());
    }

    /** @return whether the runs of the executions are known */
    public boolean runsKnown() {
        return runsA + runsB > 0;
    }

    /** @return whether run-to-run variation enters the figures: {@link Verdict#RUNS} with at least two runs per group */
    public boolean runToRunMeasured() {
        return verdict == Verdict.RUNS && runsA >= 2 && runsB >= 2;
    }

    /**
     * @return whether the groups come from different runs without two runs per group to measure
     *         the variation between runs: {@link Verdict#EXECUTIONS} then tests each execution's
     *         shares rather than its absolute times, so that a run that is uniformly slower is not
     *         a difference
     */
    public boolean separateRuns() {
        return runsA > 0 && runsB > 0 && sharedRuns == 0;
    }

    /**
     * @return whether the tests are run on each execution's shares of its time rather than on
     *         absolute times: {@link Verdict#EXECUTIONS} chosen automatically for groups from
     *         {@link #separateRuns()} (forced, it tests absolute times as the user asked)
     */
    public boolean testsShares() {
        return verdict == Verdict.EXECUTIONS && automatic && separateRuns();
    }

    /** @return whether p- and q-values exist: not for {@link Verdict#SELECTION} */
    public boolean tests() {
        return verdict != Verdict.SELECTION;
    }

    /** @return the reason in one plain English sentence */
    public String sentence() {
        String how = automatic ? "" : " (chosen in the settings)"; //$NON-NLS-1$ //$NON-NLS-2$
        return switch (verdict) {
        case SELECTION -> "Groups chosen by the outcome" + how + ": " //$NON-NLS-1$ //$NON-NLS-2$
                + (outcomeMetrics.isEmpty() ? "" : "they are cut on " + String.join(", ", outcomeMetrics) + ", which the root's time depends on, so ") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                + "no p-values are given (they would be circular); each context is ranked by its share of the root's difference, " //$NON-NLS-1$
                + "without an interval yet (the bootstrap that repeats the cut is not built)."; //$NON-NLS-1$
        case RUNS -> runToRunMeasured()
                ? "Runs as replicates" + how + ": A spans " + runs(runsA) + " and B " + runs(runsB) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        + ", so each context's share of its executions' time is tested run against run (Welch, Benjamini-Hochberg); " //$NON-NLS-1$
                        + "a uniformly slower machine does not change it." //$NON-NLS-1$
                : "Runs as replicates" + how + ", but A spans " + runs(runsA) + " and B " + runs(runsB) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        + ": at least 2 runs per group are needed, so nothing is tested."; //$NON-NLS-1$
        case EXECUTIONS -> executions(how);
        };
    }

    private String executions(String how) {
        String head = "Executions as replicates" + how; //$NON-NLS-1$
        if (!runsKnown()) {
            return head + " (the runs of the executions are not known)."; //$NON-NLS-1$
        }
        if (separateRuns() && !automatic) {
            return head + ", from separate runs (A: " + runs(runsA) + ", B: " + runs(runsB) //$NON-NLS-1$ //$NON-NLS-2$
                    + "): absolute times are tested execution by execution and run-to-run variation was not measured, " //$NON-NLS-1$
                    + "so a run that is uniformly slower shows as a difference."; //$NON-NLS-1$
        }
        if (separateRuns()) {
            return head + ", from separate runs (A: " + runs(runsA) + ", B: " + runs(runsB) //$NON-NLS-1$ //$NON-NLS-2$
                    + "): run-to-run variation was not measured, so each context's share of its execution's time is tested " //$NON-NLS-1$
                    + "(a uniformly slower run does not change it) and the root's own difference is not; " //$NON-NLS-1$
                    + "record several runs per configuration (2 or more per group) for a gate."; //$NON-NLS-1$
        }
        if (runsA >= 2 && runsB >= 2) {
            return head + ": A spans " + runs(runsA) + " and B " + runs(runsB) //$NON-NLS-1$ //$NON-NLS-2$
                    + ", pooled execution by execution, which measures no run-to-run variation."; //$NON-NLS-1$
        }
        if (sharedRuns == runsA && sharedRuns == runsB) {
            return head + ": both groups come from the same " + (sharedRuns == 1 ? "run" : "runs") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    + ", so a difference between runs affects both alike."; //$NON-NLS-1$
        }
        return head + ": A comes from " + runs(runsA) + " and B from " + runs(runsB) + ", " + sharedRuns //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + " of them shared, pooled execution by execution, which measures no run-to-run variation."; //$NON-NLS-1$
    }

    private static String runs(int n) {
        return n + (n == 1 ? " run" : " runs"); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
