package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.apache.commons.statistics.distribution.TDistribution;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.ecct.ContextTree;

/**
 * The answer a comparison gives, in one sentence: how much longer (or shorter) an execution of B
 * takes than one of A, with the 95 % confidence interval of that difference, and the few calling
 * contexts that account for most of it, each with its share (B − A)<sub>c</sub> / (B − A)<sub>root</sub>
 * (TraceCompare §3.4: the differential tree says where the time went; this says it in words).
 *
 * <p>
 * The interval is Welch's (Welch 1947; TraceCompare's Eq. 1 is its statistic): the difference of
 * the root's means ± t<sub>0.975, ν</sub> · √(s<sub>A</sub>²/n<sub>A</sub> + s<sub>B</sub>²/n<sub>B</sub>), ν the
 * Welch–Satterthwaite degrees of freedom, from the root's summaries. The contexts named are the
 * significant ones whose share is at least {@value #MIN_SHARE} after what their named callees
 * already account for (so a caller is named only for the part its callees leave), a chain of
 * callers carrying the same difference collapsed to its deepest context ({@link DifferenceChains}),
 * at most {@value #MAX_CAUSES}, largest share first.
 */
public final class ComparisonAnswer {

    /** Smallest share of the root's difference for a context to be named. */
    static final double MIN_SHARE = 0.1;
    /** At most this many contexts named. */
    static final int MAX_CAUSES = 3;
    /** Frames of a context's path shown (the innermost ones). */
    private static final int PATH_FRAMES = 3;

    /**
     * A context that accounts for part of the root's difference.
     *
     * @param context the context
     * @param path its innermost frames, e.g. {@code … › FR(Compression) › compress}
     * @param difference its B − A per execution, ns
     * @param share its difference over the root's
     */
    public record Cause(int context, String path, double difference, double share) {
    }

    private final ContextDifference root;
    private final GroupRelation relation;
    private final Measure measure;
    private final double meanA;
    private final double meanB;
    private final double low;
    private final double high;
    private final List<Cause> causes;
    private final List<Cause> largestSignificant;

    private ComparisonAnswer(ContextDifference root, GroupRelation relation, Measure measure, double[] means, double low, double high,
            List<Cause> causes, List<Cause> largestSignificant) {
        this.root = root;
        this.relation = relation;
        this.measure = measure;
        this.meanA = means[0];
        this.meanB = means[1];
        this.low = low;
        this.high = high;
        this.causes = causes;
        this.largestSignificant = largestSignificant;
    }

    /**
     * @param tree the comparison's result
     * @param relation how its groups relate
     * @return the answer
     */
    public static ComparisonAnswer of(DifferentialTree tree, GroupRelation relation) {
        ContextDifference root = tree.context(ContextTree.ROOT);
        boolean inclusive = tree.settings().measure() == Measure.INCLUSIVE;
        double[] interval = inclusive ? welchInterval(root) : new double[] { Double.NaN, Double.NaN };
        double[] means = { root.meanA(), root.meanB() };
        if (!inclusive) {
            // An execution's time is the sum of its self times: the means add up, their spread does not.
            means = new double[2];
            for (int c = 0; c < tree.size(); c++) {
                means[0] += tree.context(c).meanA();
                means[1] += tree.context(c).meanB();
            }
        }
        List<Cause> causes = new ArrayList<>();
        double total = root.difference();
        if (total != 0 && inclusive) {
            int n = tree.size();
            // Shares of the named contexts in each subtree, children before parents (ids: parents first).
            double[] namedBelow = new double[n];
            for (int c = n - 1; c > ContextTree.ROOT; c--) {
                ContextDifference d = tree.context(c);
                double share = d.difference() / total;
                double below = namedBelow[c];
                int carrier = DifferenceChains.carrier(tree, c);
                boolean carried = carrier >= 0 && tree.context(carrier).significant();
                if (d.significant() && !carried && share - below >= MIN_SHARE) {
                    causes.add(new Cause(c, path(tree.tree(), c), d.difference(), share));
                    below = share;
                }
                namedBelow[tree.tree().parent(c)] += below;
            }
            causes.sort(Comparator.comparingDouble((Cause c) -> -c.share()).thenComparingInt(Cause::context));
        }
        List<Cause> largest = new ArrayList<>();
        for (ContextDifference d : tree.topDifferences(1)) {
            largest.add(new Cause(d.context(), path(tree.tree(), d.context()), d.difference(), total == 0 ? Double.NaN : d.difference() / total));
        }
        return new ComparisonAnswer(root, relation, tree.settings().measure(), means, interval[0], interval[1],
                List.copyOf(causes.size() > MAX_CAUSES ? causes.subList(0, MAX_CAUSES) : causes), largest);
    }

    /** @return {low, high} of the 95 % Welch interval of the root's B − A, ns; NaN when undefined */
    private static double[] welchInterval(ContextDifference root) {
        int nA = root.nA();
        int nB = root.nB();
        if (nA < 2 || nB < 2) {
            return new double[] { Double.NaN, Double.NaN };
        }
        double va = root.sdA() * root.sdA() / nA;
        double vb = root.sdB() * root.sdB() / nB;
        double se = Math.sqrt(va + vb);
        if (se == 0) {
            return new double[] { root.difference(), root.difference() };
        }
        double df = (va + vb) * (va + vb) / (va * va / (nA - 1) + vb * vb / (nB - 1));
        double half = TDistribution.of(df).inverseCumulativeProbability(0.975) * se;
        return new double[] { root.difference() - half, root.difference() + half };
    }

    private static String path(ContextTree tree, int context) {
        int[] frames = tree.path(context);
        StringBuilder text = new StringBuilder();
        int from = Math.max(0, frames.length - PATH_FRAMES);
        if (from > 0) {
            text.append("\u2026 \u203a "); //$NON-NLS-1$
        }
        for (int i = from; i < frames.length; i++) {
            text.append(i > from ? " \u203a " : "").append(tree.frames().frame(frames[i]).label()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return text.toString();
    }

    /** @return the root's mean time per execution in A, ns */
    public double meanA() {
        return meanA;
    }

    /** @return the root's mean time per execution in B, ns */
    public double meanB() {
        return meanB;
    }

    /** @return B − A per execution, ns */
    public double difference() {
        return meanB - meanA;
    }

    /** @return (B − A) / A, NaN when A's mean is 0 */
    public double relativeToA() {
        return meanA == 0 ? Double.NaN : difference() / meanA;
    }

    /** @return lower end of the 95 % interval of B − A, ns (NaN when undefined) */
    public double low() {
        return low;
    }

    /** @return upper end of the 95 % interval of B − A, ns (NaN when undefined) */
    public double high() {
        return high;
    }

    /** @return whether the root's difference is significant under the comparison's settings (never for self times) */
    public boolean significant() {
        return measure == Measure.INCLUSIVE && root.significant();
    }

    /** @return the contexts that account for most of the difference, largest share first */
    public List<Cause> causes() {
        return causes;
    }

    /** @return the groups' relation */
    public GroupRelation relation() {
        return relation;
    }

    /** @return the answer in plain English */
    public String sentence() {
        List<String> warnings = relation.warnings();
        GroupRelation.Kind kind = relation.kind();
        if (kind == GroupRelation.Kind.EMPTY || kind == GroupRelation.Kind.IDENTICAL) {
            return warnings.get(0);
        }
        StringBuilder s = new StringBuilder();
        s.append("Per execution, B takes ").append(ReportText.time(meanB())).append(" and A ").append(ReportText.time(meanA())) //$NON-NLS-1$ //$NON-NLS-2$
                .append(": B \u2212 A = ").append(ReportText.signedTime(difference())); //$NON-NLS-1$
        double relative = relativeToA();
        s.append(" (").append(Double.isNaN(relative) ? "A takes no time" : ReportText.percent(relative) + " of A"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        if (!Double.isNaN(low)) {
            s.append("; 95 % interval ").append(ReportText.signedTime(low)).append(" to ").append(ReportText.signedTime(high)); //$NON-NLS-1$ //$NON-NLS-2$
        }
        s.append(')');
        if (measure == Measure.SELF) {
            s.append(". Self times were compared: the interval, the test of the whole execution and the shares need inclusive times"); //$NON-NLS-1$
        } else if (!root.significant()) {
            s.append(", not a significant difference (p ").append(ReportText.number(root.test().p())).append(')'); //$NON-NLS-1$
            if (!largestSignificant.isEmpty()) {
                Cause c = largestSignificant.get(0);
                s.append("; the largest significant difference of a calling context is ").append(ReportText.signedTime(c.difference())) //$NON-NLS-1$
                        .append(" in ").append(c.path()); //$NON-NLS-1$
            }
        } else if (causes.isEmpty()) {
            s.append(", spread over many calling contexts (none holds ").append(share(MIN_SHARE)).append(" of it)"); //$NON-NLS-1$ //$NON-NLS-2$
        } else {
            s.append(", most of it in "); //$NON-NLS-1$
            for (int i = 0; i < causes.size(); i++) {
                Cause c = causes.get(i);
                s.append(i == 0 ? "" : i == causes.size() - 1 ? " and " : ", ").append(c.path()).append(" (").append(share(c.share())).append(')'); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            }
        }
        s.append('.');
        if (relation.oneTracePerGroup()) {
            s.append(" Run-to-run variation was not measured: each group's executions come from one trace, so the interval holds for this run only."); //$NON-NLS-1$
        }
        for (String warning : warnings) {
            s.append(' ').append(warning);
        }
        return s.toString();
    }

    private static String share(double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * fraction); //$NON-NLS-1$
    }
}
