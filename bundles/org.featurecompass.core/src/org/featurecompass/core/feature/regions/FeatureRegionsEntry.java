package org.featurecompass.core.feature.regions;

import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;

/**
 * One row of the Feature Regions time graph ({@link FeatureRegionsDataProvider}): the trace, a
 * process, a thread (whose states are its interaction) or one level of a thread's region stack
 * (whose states are the open regions, {@code name #id}).
 */
public class FeatureRegionsEntry extends TimeGraphEntryModel {

    /** What the row is. */
    public enum Kind {
        /** The trace: no states. */
        TRACE,
        /** A process: no states. */
        PROCESS,
        /** A thread: its interaction, {@code A*B}. */
        INTERACTION,
        /** A level of a thread's region stack: the region open at that level, {@code name #id}. */
        STACK_LEVEL
    }

    private final Kind fKind;
    private final int fQuark;
    private final int fPid;
    private final int fTid;
    private final int fLevel;

    /**
     * @param id the entry id, stable across queries of one provider
     * @param parentId the parent's id, -1 for the trace
     * @param name the row's name
     * @param startNs the state system's start, ns
     * @param endNs its end, ns
     * @param kind what the row is
     * @param quark the attribute whose states the row draws, -1 if none
     * @param pid the process id, -1 for the trace
     * @param tid the thread id, -1 above threads
     * @param level the stack level, 0 = outermost; -1 for other rows
     */
    public FeatureRegionsEntry(long id, long parentId, String name, long startNs, long endNs, Kind kind, int quark, int pid,
            int tid, int level) {
        super(id, parentId, name, startNs, endNs, quark >= 0);
        fKind = kind;
        fQuark = quark;
        fPid = pid;
        fTid = tid;
        fLevel = level;
    }

    /** @return what the row is */
    public Kind getKind() {
        return fKind;
    }

    /** @return the state-system attribute drawn, or -1 */
    int getQuark() {
        return fQuark;
    }

    /** @return the process id, -1 for the trace */
    public int getPid() {
        return fPid;
    }

    /** @return the thread id, -1 above threads */
    public int getTid() {
        return fTid;
    }

    /** @return the stack level, 0 = outermost; -1 for other rows */
    public int getLevel() {
        return fLevel;
    }
}
