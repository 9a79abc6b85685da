package org.featurecompass.core.compare;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.Map;

import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.diff.StatisticalTest;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.tests.support.DifferentialTreePeer;

/** Hands the raw ECCTs of an {@link EcctStore} and two groups to {@link DifferentialTreePeer}. */
final class StorePeer {

    private StorePeer() {
    }

    static Map<Integer, DifferentialTreePeer.Context> run(Path dir, EcctStore store, BitSet a, BitSet b, ComparisonSettings settings)
            throws Exception {
        return DifferentialTreePeer.run(dir, store.tree().size(), store.tree()::parent, store.size(), e -> store.ecct(e).nodes(),
                e -> self(store.ecct(e)), e -> Character.valueOf(a.get(e) ? 'A' : b.get(e) ? 'B' : '-'), settings(settings));
    }

    /** @return the self time of each of the ECCT's nodes, in {@link Ecct#nodes()} order */
    static long[] self(Ecct ecct) {
        long[] self = new long[ecct.size()];
        for (int i = 0; i < self.length; i++) {
            self[i] = ecct.selfAt(i);
        }
        return self;
    }

    static DifferentialTreePeer.Settings settings(ComparisonSettings settings) {
        return new DifferentialTreePeer.Settings(settings.test() == StatisticalTest.WELCH, settings.measure() == Measure.SELF,
                settings.alpha(), settings.minAbsoluteNs(), settings.minRelative());
    }
}
