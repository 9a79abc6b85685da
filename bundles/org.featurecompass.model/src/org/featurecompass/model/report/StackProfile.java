package org.featurecompass.model.report;

import java.util.ArrayList;
import java.util.List;

import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.sampling.SampledStackNode;

/**
 * An aggregated calling-context tree flattened into stacks, what profile formats store: per
 * node, its frames from the outermost to itself and its self values, one per {@link ValueType}
 * (e.g. self time in ns, instance count). Stacks are in the tree's depth-first order. Built from
 * a {@link FeatureStackTree} (Kaufmann 2022, §3.4) by {@link #of(FeatureStackTree)}; written by
 * {@link FoldedStacksWriter} and {@link PprofWriter}.
 *
 * @param name what the profile shows, e.g. the trace's name
 * @param types what each value is
 * @param stacks the stacks, one per tree node with a non-zero value
 */
public record StackProfile(String name, List<ValueType> types, List<Stack> stacks) {

    /**
     * What a value is, in pprof's terms (profile.proto {@code ValueType}).
     *
     * @param type e.g. {@code "self"}, {@code "instances"}
     * @param unit e.g. {@code "nanoseconds"}, {@code "count"}
     */
    public record ValueType(String type, String unit) {
    }

    /**
     * One node's stack and self values.
     *
     * @param frames frame names from the outermost to the node's own
     * @param values its self values, one per {@link ValueType}
     */
    public record Stack(List<String> frames, long[] values) {

        /** Copies the frames. */
        public Stack {
            frames = List.copyOf(frames);
            values = values.clone();
        }

        @Override
        public long[] values() {
            return values.clone();
        }

        /**
         * @param index a value's index
         * @return that value
         */
        public long value(int index) {
            return values[index];
        }
    }

    /** The frame name of a region with no feature ({@code FR()}). */
    public static final String NO_FEATURE = "(no feature)"; //$NON-NLS-1$

    /** Copies the lists and checks that every stack has one value per type. */
    public StackProfile {
        types = List.copyOf(types);
        stacks = List.copyOf(stacks);
        for (Stack stack : stacks) {
            if (stack.values.length != types.size()) {
                throw new IllegalArgumentException(stack.values.length + " values for " + types.size() + " types at " + stack.frames()); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }

    /**
     * @param index a value's index
     * @return the sum of that value over the stacks
     */
    public long total(int index) {
        long sum = 0;
        for (Stack stack : stacks) {
            sum += stack.values[index];
        }
        return sum;
    }

    /**
     * A feature flame graph as a profile: per node of the feature-set stack tree, its frames
     * ({@code Base}, {@code A*B}…), its self time (ns, the part of its instances' time not in
     * child instances) and its instance count. A node with neither is left out; its children
     * keep its frame in their stacks. The values add up to the outermost frames' inclusive time
     * unless regions closed out of order.
     *
     * @param name the profile's name, e.g. the trace's
     * @param tree the tree
     * @return the profile
     */
    public static StackProfile of(String name, FeatureStackTree tree) {
        List<Stack> stacks = new ArrayList<>();
        for (FeatureStackNode node : tree.nodes()) {
            if (node.selfNs() == 0 && node.instances() == 0) {
                continue;
            }
            List<String> frames = new ArrayList<>();
            node.path().forEach(frame -> frames.add(frame.isEmpty() ? NO_FEATURE : frame.toString()));
            stacks.add(new Stack(frames, new long[] { node.selfNs(), node.instances() }));
        }
        return new StackProfile(name, List.of(new ValueType("self", "nanoseconds"), new ValueType("instances", "count")), stacks); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }

    /**
     * A sampled trace's feature flame graph as a profile (Kaufmann 2022, §3.4: on-CPU time from
     * samples): per sampled feature-set stack, its frames, its self estimate (ns: samples exactly
     * at the stack × period, an estimate, not a traced time) and that sample count. A stack no
     * sample ends at is left out. The values add up to the estimate of the samples taken in some
     * region.
     *
     * @param name the profile's name, e.g. the trace's
     * @param root the estimates' tree ({@link SampledStackNode#treeOf})
     * @return the profile
     */
    public static StackProfile ofEstimates(String name, SampledStackNode root) {
        List<Stack> stacks = new ArrayList<>();
        for (SampledStackNode node : root.nodes()) {
            if (node.isRoot() || node.self().samples() == 0) {
                continue;
            }
            List<String> frames = new ArrayList<>();
            node.path().forEach(frame -> frames.add(frame.isEmpty() ? NO_FEATURE : frame.toString()));
            stacks.add(new Stack(frames, new long[] { node.self().estimateNs(), node.self().samples() }));
        }
        return new StackProfile(name, List.of(new ValueType("estimated", "nanoseconds"), new ValueType("samples", "count")), stacks); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }
}
