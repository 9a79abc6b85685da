package org.featurecompass.ui.views.ecct;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.osgi.util.NLS;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.ThreadIds;

/**
 * The thread ids a thread marker stood for, for tooltips: a marker is named by the thread's names
 * so that runs share it (doc/ecct.md, "Thread markers"); its ids are shown beside it, never in it.
 */
public final class ThreadIdsText {

    /** Ids shown before the rest are counted. */
    private static final int SHOWN = 8;

    private ThreadIdsText() {
    }

    /**
     * Adds the tooltip line of a thread marker's ids, if the node is one.
     *
     * @param tip the tooltip's lines
     * @param tree the union tree
     * @param node a node of it
     */
    public static void put(Map<String, String> tip, ContextTree tree, int node) {
        List<ThreadIds.Seen> seen = tree.threadIds().at(node);
        if (seen.isEmpty()) {
            return;
        }
        List<String> entries = new ArrayList<>();
        for (ThreadIds.Seen s : seen.subList(0, Math.min(SHOWN, seen.size()))) {
            String tid = Long.toString(s.thread().tid());
            String executions = String.format("%,d", s.executions()); //$NON-NLS-1$
            entries.add(s.thread().host().isEmpty() ? NLS.bind(Messages.ThreadIdsText_Entry, tid, executions)
                    : NLS.bind(Messages.ThreadIdsText_EntryOnHost, new Object[] { tid, s.thread().host(), executions }));
        }
        if (seen.size() > SHOWN) {
            entries.add(NLS.bind(Messages.ThreadIdsText_More, Integer.valueOf(seen.size() - SHOWN)));
        }
        tip.put(Messages.ThreadIdsText_Tip, String.join(", ", entries)); //$NON-NLS-1$
    }
}
