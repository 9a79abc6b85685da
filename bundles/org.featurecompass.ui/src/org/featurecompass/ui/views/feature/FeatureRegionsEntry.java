package org.featurecompass.ui.views.feature;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;

/**
 * A row of the Feature Regions view that draws one state-system attribute: a thread's
 * interaction (the thread row) or one level of its region stack (the child rows).
 */
final class FeatureRegionsEntry extends TimeGraphEntry {

    /** What the row's attribute holds. */
    enum Kind {
        /** The thread's interaction, A*B text. */
        INTERACTION,
        /** A region-stack level, {@link org.featurecompass.core.feature.state.RegionStackLabel} text. */
        STACK_LEVEL
    }

    private final ITmfStateSystem fStateSystem;
    private final Kind fKind;
    private final int fQuark;
    private final int fPid;
    private final int fTid;
    private final int fLevel;

    FeatureRegionsEntry(String name, long startNs, long endNs, ITmfStateSystem ss, Kind kind, int quark, int pid, int tid,
            int level) {
        super(name, startNs, endNs);
        fStateSystem = ss;
        fKind = kind;
        fQuark = quark;
        fPid = pid;
        fTid = tid;
        fLevel = level;
    }

    /** @return the state system of the row's trace */
    ITmfStateSystem stateSystem() {
        return fStateSystem;
    }

    Kind kind() {
        return fKind;
    }

    int quark() {
        return fQuark;
    }

    int pid() {
        return fPid;
    }

    int tid() {
        return fTid;
    }

    /** @return the stack level, 0 = outermost; -1 for the thread row */
    int level() {
        return fLevel;
    }
}
