package org.featurecompass.core.compare;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.io.ComparisonSpec;

/**
 * The differential tree as a Trace Compass tree model: one {@link DifferentialTreeEntry} per
 * calling context reached by an execution of either group (and the root), and, for clients in the
 * same process, the {@link DifferentialTree} itself, the session and the groups and settings it
 * was computed for.
 */
public class DifferentialTreeModel extends TmfTreeModel<DifferentialTreeEntry> {

    /**
     * The columns, in label order; machine-readable names, as remote clients parse them. Times are
     * ns; numbers are Java's shortest exact decimal form; an undefined value is empty. {@code answer}
     * is the comparison's answer in words ({@code ComparisonAnswer}) on the root entry, empty on
     * the others. {@code share} is the context's share of the root's difference,
     * {@code shareLow}/{@code shareHigh} its 95 % interval (empty until computed); {@code verdict}
     * the comparison's {@code Verdict} (every entry) and {@code verdictReason} its sentence (the
     * root entry only).
     */
    public static final List<String> HEADERS = List.of("context", "path", "nA", "nB", "reachedA", "reachedB", "meanA", "meanB", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$
            "sdA", "sdB", "difference", "relative", "test", "outcome", "statistic", "df", "p", "q", "significant", "direction", "x", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$ //$NON-NLS-10$ //$NON-NLS-11$ //$NON-NLS-12$ //$NON-NLS-13$
            "width", "colour", "answer", "share", "shareLow", "shareHigh", "verdict", "verdictReason"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$

    private final @Nullable DifferentialTree fTree;
    private final @Nullable ComparisonSession fSession;
    private final @Nullable ComparisonSpec fSpec;

    /**
     * @param entries the contexts
     * @param tree the tree, or null (no result)
     * @param session the session it comes from, or null
     * @param spec the groups and settings it was computed for, or null
     */
    public DifferentialTreeModel(List<DifferentialTreeEntry> entries, @Nullable DifferentialTree tree, @Nullable ComparisonSession session,
            @Nullable ComparisonSpec spec) {
        super(HEADERS, entries);
        fTree = tree;
        fSession = session;
        fSpec = spec;
    }

    /** @return the differential tree, or null */
    public @Nullable DifferentialTree getTree() {
        return fTree;
    }

    /** @return the session, or null */
    public @Nullable ComparisonSession getSession() {
        return fSession;
    }

    /** @return the groups and settings of the tree, or null */
    public @Nullable ComparisonSpec getSpec() {
        return fSpec;
    }
}
