package org.featurecompass.model.feature;

/**
 * A thread as the feature-region analyses key it: (pid, tid), because a tid may be reused under
 * another pid. Ordered by pid, then tid.
 *
 * @param pid process id
 * @param tid thread id
 */
public record ThreadId(int pid, int tid) implements Comparable<ThreadId> {

    /** @return both ids packed in one long, pid in the high half */
    static long pack(int pid, int tid) {
        return ((long) pid << 32) | (tid & 0xFFFF_FFFFL);
    }

    static ThreadId unpack(long packed) {
        return new ThreadId((int) (packed >>> 32), (int) packed);
    }

    @Override
    public int compareTo(ThreadId other) {
        int byPid = Integer.compare(pid, other.pid);
        return byPid != 0 ? byPid : Integer.compare(tid, other.tid);
    }

    @Override
    public String toString() {
        return pid + "/" + tid; //$NON-NLS-1$
    }
}
