package org.featurecompass.core.compare;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.Map;

import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.diff.StatisticalTest;
import org.featurecompass.model.compare.diff.Verdict;
import org.featurecompass.model.compare.diff.VerdictReason;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.tests.support.DifferentialTreePeer;

/** Hands the raw ECCTs of an {@link EcctStore} and two groups to {@link DifferentialTreePeer}. */
final class StorePeer {

    private StorePeer() {
    }

    /**
     * @param dir a work folder
     * @param store the executions' ECCTs
     * @param a group A
     * @param b group B
     * @param settings the settings
     * @param reason the verdict the tree under test gave, which says what the peer tests
     * @return the peer's contexts
     * @throws Exception if the peer cannot run
     */
    static Map<Integer, DifferentialTreePeer.Context> run(Path dir, EcctStore store, BitSet a, BitSet b, ComparisonSettings settings,
            VerdictReason reason) throws Exception {
        return DifferentialTreePeer.run(dir, store.tree().size(), store.tree()::parent, store.size(), e -> store.ecct(e).nodes(),
                e -> self(store.ecct(e)), e -> Character.valueOf(a.get(e) ? 'A' : b.get(e) ? 'B' : '-'), settings(settings, reason));
    }

    /** @return the self time of each of the ECCT's nodes, in {@link Ecct#nodes()} order */
    static long[] self(Ecct ecct) {
        long[] self = new long[ecct.size()];
        for (int i = 0; i < self.length; i++) {
            self[i] = ecct.selfAt(i);
        }
        return self;
    }

    static DifferentialTreePeer.Settings settings(ComparisonSettings settings, VerdictReason reason) {
        if (reason.verdict() == Verdict.RUNS) {
            throw new IllegalArgumentException("the peer does not compute run-level tests"); //$NON-NLS-1$
        }
        return new DifferentialTreePeer.Settings(settings.test() == StatisticalTest.WELCH, settings.measure() == Measure.SELF,
                settings.alpha(), settings.minAbsoluteNs(), settings.minRelative(),
                reason.verdict() == Verdict.SELECTION ? "selection" : reason.testsShares() ? "shares" : "executions"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
