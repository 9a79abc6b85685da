package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.report.FoldedStacksWriter;
import org.featurecompass.model.report.PprofWriter;
import org.featurecompass.model.report.StackProfile;

/**
 * One group's aggregated ECCT (TraceCompare §3.2: the sum of its executions' ECCTs) as a
 * {@link StackProfile} for {@link FoldedStacksWriter} and {@link PprofWriter}: one stack per
 * context with self time, its frames from the outermost, its value the self time summed over the
 * group's executions (ns) and the number of the group's executions that reached it; the root's
 * self time (time in no frame) as the stack {@value #OUTSIDE_FRAMES}. Totals are
 * therefore the group's total time, which {@code go tool pprof} and {@code flamegraph.pl} show;
 * divide by the group's size for the mean per execution that the comparison uses.
 */
public final class GroupProfile {

    /** Value types of the profile. */
    public static final List<StackProfile.ValueType> TYPES = List.of(new StackProfile.ValueType("self", "nanoseconds"), //$NON-NLS-1$ //$NON-NLS-2$
            new StackProfile.ValueType("executions", "count")); //$NON-NLS-1$ //$NON-NLS-2$

    /**
     * The frame of the executions' time outside any frame (the ECCT root's self time), so that a
     * trace without call stacks still exports its executions' time.
     */
    public static final String OUTSIDE_FRAMES = "(outside any frame)"; //$NON-NLS-1$

    private GroupProfile() {
    }

    /**
     * @param name the profile's name, e.g. {@code group A of IO}
     * @param store every execution's ECCT
     * @param members the group's executions (store indices)
     * @return the profile, stacks in context id order
     */
    public static StackProfile of(String name, EcctStore store, BitSet members) {
        EcctAggregate sum = store.aggregate(members);
        ContextTree tree = store.tree();
        List<StackProfile.Stack> stacks = new ArrayList<>();
        long outside = sum.nodeCount() > ContextTree.ROOT ? sum.selfSum(ContextTree.ROOT) : 0;
        if (outside != 0) {
            // The executions' time in no frame: all of it for a trace without call stacks.
            stacks.add(new StackProfile.Stack(List.of(OUTSIDE_FRAMES), new long[] { outside, sum.reached(ContextTree.ROOT) }));
        }
        for (int c = 1; c < tree.size() && c < sum.nodeCount(); c++) {
            long self = sum.selfSum(c);
            if (self == 0) {
                continue;
            }
            List<String> frames = new ArrayList<>();
            for (int frame : tree.path(c)) {
                frames.add(tree.frames().frame(frame).label());
            }
            stacks.add(new StackProfile.Stack(frames, new long[] { self, sum.reached(c) }));
        }
        return new StackProfile(name, TYPES, stacks);
    }
}
