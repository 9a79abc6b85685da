package org.featurecompass.benchmarks.calibration;

import java.util.List;

/**
 * One comparison of the calibration (doc/benchmarks.md, "Calibration on real recordings"): the
 * recordings of each group, as indices into the campaign's list of runs, and the contexts
 * {@code --fail-if significant} flagged, sorted into the injected context, its ancestors and the
 * others (false discoveries). In an A/A comparison nothing is injected: every flagged context is
 * a false alarm.
 *
 * @param runsA the runs of group A
 * @param runsB the runs of group B
 * @param flagged the contexts flagged (folded paths)
 * @param injectedFlagged whether the injected context is among them
 * @param falseDiscoveries the flagged contexts that are neither the injected one nor one of its
 *        ancestors
 */
public record CalibrationComparison(int[] runsA, int[] runsB, List<String> flagged, boolean injectedFlagged, List<String> falseDiscoveries) {

    /** @return whether at least one context was flagged (an A/A comparison's false alarm) */
    public boolean anyFlagged() {
        return !flagged.isEmpty();
    }

    /** @return the false-discovery proportion: false discoveries over flagged contexts, 0 when none is flagged */
    public double falseDiscoveryProportion() {
        return flagged.isEmpty() ? 0 : falseDiscoveries.size() / (double) flagged.size();
    }

    /**
     * @param run a run's index
     * @return whether the run is in either group
     */
    public boolean uses(int run) {
        for (int r : runsA) {
            if (r == run) {
                return true;
            }
        }
        for (int r : runsB) {
            if (r == run) {
                return true;
            }
        }
        return false;
    }
}
