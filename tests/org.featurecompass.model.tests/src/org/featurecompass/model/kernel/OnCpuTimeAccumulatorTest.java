package org.featurecompass.model.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Tests {@link OnCpuTimeAccumulator} on hand-made switch sequences. */
class OnCpuTimeAccumulatorTest {

    /**
     * Giraldeau 2015, Algorithm 1: each switch closes prev's running interval and opens next's.
     * CPU 0: [10,30) tid 1, [30,45) tid 2, [45,100] tid 1. Before 10 is unattributed.
     */
    @Test
    void switchesAlternateRunningIntervals() {
        OnCpuTimeAccumulator acc = new OnCpuTimeAccumulator();
        acc.schedSwitch(0, 10, 0, 1);
        acc.schedSwitch(0, 30, 1, 2);
        acc.schedSwitch(0, 45, 2, 1);
        OnCpuTimes times = acc.finish(0, 100);
        assertEquals(20 + 55, times.threads().get(1L).onCpuNs());
        assertEquals(2, times.threads().get(1L).slices());
        assertEquals(15, times.threads().get(2L).onCpuNs());
        assertEquals(10, times.unattributedNs());
        assertEquals(0, times.inconsistentSwitches());
        assertEquals(90, times.busyNs());
        assertEquals(1, times.cpuCount());
    }

    /** Two CPUs are independent; a thread migrating between them sums its slices. */
    @Test
    void threadTimeSumsOverCpus() {
        OnCpuTimeAccumulator acc = new OnCpuTimeAccumulator();
        acc.schedSwitch(0, 0, 0, 7);
        acc.schedSwitch(1, 5, 0, 8);
        acc.schedSwitch(0, 10, 7, 0);
        acc.schedSwitch(1, 12, 8, 7);
        acc.schedSwitch(1, 20, 7, 0);
        OnCpuTimes times = acc.finish(0, 20);
        assertEquals(10 + 8, times.threads().get(7L).onCpuNs());
        assertEquals(7, times.threads().get(8L).onCpuNs());
        assertEquals(10, times.threads().get(0L).onCpuNs()); // idle on CPU 0 from 10 to 20
        assertEquals(5, times.unattributedNs()); // CPU 1 before its first switch
        assertEquals(2, times.cpuCount());
    }

    /** A prev_tid that is not the thread switched in (lost events) is counted and trusted. */
    @Test
    void inconsistentPrevTidIsCounted() {
        OnCpuTimeAccumulator acc = new OnCpuTimeAccumulator();
        acc.schedSwitch(0, 0, 0, 1);
        acc.schedSwitch(0, 10, 3, 4);
        OnCpuTimes times = acc.finish(0, 10);
        assertEquals(1, times.inconsistentSwitches());
        assertEquals(10, times.threads().get(1L).onCpuNs());
        assertEquals(0, times.threads().get(4L).onCpuNs());
    }

    /** No switch at all: nothing can be attributed, and the result is empty, not an error. */
    @Test
    void emptyTrace() {
        OnCpuTimes times = new OnCpuTimeAccumulator().finish(0, 100);
        assertEquals(0, times.threads().size());
        assertEquals(0, times.unattributedNs());
        assertEquals(0, times.busyNs());
    }
}
