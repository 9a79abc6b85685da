package org.featurecompass.model.graph.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.CpuTimeline;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Vertex;
import org.featurecompass.model.graph.Worker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tests {@link ExecutionGraphBuilder} on hand-made kernel event sequences (Giraldeau 2015, §4.4,
 * Algorithm 1). Chains are rendered as "t LABEL t LABEL t", with the CPU of running and
 * preempted edges, the qualifier of interrupt labels, and "&lt;w" / "&gt;w" for a vertex's incoming
 * link from / outgoing link to worker w.
 */
class ExecutionGraphBuilderTest {

    private static final String HOST = "h";
    private static final long A = 100;
    private static final long B = 200;
    private static final long C = 300;
    private static final int BLOCKED_STATE = 1; // TASK_INTERRUPTIBLE

    private final ExecutionGraph fGraph = new ExecutionGraph();
    private final ExecutionGraphBuilder fBuilder = new ExecutionGraphBuilder(fGraph, HOST, WakeupEventKind.WAKING);

    /**
     * Figure 4.3: A blocks waiting for B's signal, is woken directly by B, then waits in the run
     * queue until B blocks: 10 units blocked, 20 preempted, and a vertical edge from the waker's
     * tail to the woken task's tail.
     */
    @Test
    void directWakeupFromASubTask() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(10, 0, A, "a", BLOCKED_STATE, B, "b");
        fBuilder.wakeup(20, 0, WakeupEventKind.WAKING, A);
        fBuilder.schedSwitch(40, 0, B, "b", BLOCKED_STATE, A, "a");
        assertEquals("0 RUNNING@0 10 BLOCKED 20<b PREEMPTED@0 40", chain(A));
        assertEquals("10 RUNNING@0 20>a RUNNING@0 40", chain(B));
        Vertex source = fGraph.linkSource(0);
        assertEquals(task(B), source.worker());
        assertEquals(20, source.time());
        assertEquals(LinkKind.WAKE_UP, fGraph.linkKind(0));
    }

    /** Figure 4.4: a wake-up inside a timer interrupt labels the wait TIMER and makes no link. */
    @Test
    void wakeupInATimerInterrupt() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(10, 0, A, "a", BLOCKED_STATE, 0, "swapper/0");
        fBuilder.hrtimerEntry(25, 0, 0xffff1234L, "hrtimer_wakeup");
        fBuilder.wakeup(26, 0, WakeupEventKind.WAKING, A);
        fBuilder.hrtimerExit(27, 0, 0xffff1234L);
        fBuilder.schedSwitch(30, 0, 0, "swapper/0", 0, A, "a");
        assertEquals("0 RUNNING@0 10 TIMER(hrtimer_wakeup) 26 PREEMPTED@0 30", chain(A));
        assertEquals(0, fGraph.linkCount());
        assertEquals("0 PREEMPTED@0 10 RUNNING@0 30", chain(fGraph.workersOf(HOST, 0).get(0)));
    }

    /** The softirq vector of an indirect wake-up gives its label and qualifier. */
    @ParameterizedTest(name = "vector {0}: {1}({2})")
    @CsvSource({ "0, INTERRUPTED, HI", "1, TIMER, TIMER", "2, NETWORK, NET_TX", "3, NETWORK, NET_RX",
            "4, BLOCK_DEVICE, BLOCK", "5, BLOCK_DEVICE, IRQ_POLL", "6, INTERRUPTED, TASKLET", "7, INTERRUPTED, SCHED",
            "8, TIMER, HRTIMER", "9, INTERRUPTED, RCU", "12, INTERRUPTED, softirq 12" })
    void softirqWakeupLabels(int vector, String label, String qualifier) {
        blockAOnCpu0();
        fBuilder.softirqEntry(20, 1, vector);
        fBuilder.wakeup(21, 1, WakeupEventKind.WAKING, A);
        fBuilder.softirqExit(22, 1, vector);
        assertEquals("0 RUNNING@0 10 " + label + "(" + qualifier + ") 21", chain(A));
    }

    /** Hard IRQs are named by their handler; the "timer" IRQ is a timer; IPIs are IPIs. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({ "irq, 30, nvme0q1, INTERRUPTED(nvme0q1)", "irq, 0, timer, TIMER(timer)",
            "irq, 17, '', INTERRUPTED(irq 17)", "ipi, 251, '', IPI(ipi 251)" })
    void hardInterruptWakeupLabels(String kind, int number, String name, String expected) {
        blockAOnCpu0();
        if (kind.equals("irq")) {
            fBuilder.irqEntry(20, 1, number, name);
        } else {
            fBuilder.ipiEntry(20, 1, number);
        }
        fBuilder.wakeup(21, 1, WakeupEventKind.WAKING, A);
        assertEquals("0 RUNNING@0 10 " + expected + " 21", chain(A));
        assertEquals(0, fGraph.linkCount());
    }

    /** Nested contexts: the innermost one labels the wake-up; each exit uncovers the outer one. */
    @Test
    void nestedInterrupts() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(0, 1, 0, "swapper/1", 0, C, "c");
        fBuilder.schedSwitch(5, 1, C, "c", BLOCKED_STATE, B, "b");
        fBuilder.schedSwitch(10, 0, A, "a", BLOCKED_STATE, 0, "swapper/0");
        fBuilder.schedSwitch(10, 0, 0, "swapper/0", 0, 0, "swapper/0"); // idle to idle: inconsistent, kept
        fBuilder.softirqEntry(20, 1, 3);
        fBuilder.irqEntry(21, 1, 30, "nvme0q1");
        fBuilder.hrtimerEntry(22, 1, 7, "tick_sched_timer");
        fBuilder.hrtimerExit(23, 1, 7);
        fBuilder.wakeup(24, 1, WakeupEventKind.WAKING, A);
        fBuilder.irqExit(25, 1, 30);
        fBuilder.wakeup(26, 1, WakeupEventKind.WAKING, C);
        fBuilder.softirqExit(27, 1, 3);
        fBuilder.schedSwitch(28, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(30, 0, A, "a", BLOCKED_STATE, 0, "swapper/0");
        fBuilder.wakeup(31, 1, WakeupEventKind.WAKING, A); // b runs on CPU 1: direct
        assertEquals("0 RUNNING@0 10 INTERRUPTED(nvme0q1) 24 PREEMPTED@0 28 RUNNING@0 30 BLOCKED 31<b", chain(A));
        assertEquals("0 RUNNING@1 5 NETWORK(NET_RX) 26", chain(C));
        GraphBuildReport report = fBuilder.finish(40);
        assertEquals(0, report.unmatchedInterruptExits());
        assertEquals(0, report.unclosedInterruptContexts());
    }

    /**
     * Defensive pops: an exit with no entry is counted and changes nothing; an exit of an outer
     * context drops the unclosed inner ones (counted); a switch clears what is left (counted).
     */
    @Test
    void defensivePops() {
        blockAOnCpu0();
        fBuilder.softirqExit(15, 1, 3); // entry before the trace began
        fBuilder.irqEntry(16, 1, 30, "eth0");
        fBuilder.softirqEntry(17, 1, 3);
        fBuilder.irqExit(18, 1, 31); // another IRQ's exit
        fBuilder.irqExit(19, 1, 30); // closes the softirq too: its exit is missing
        fBuilder.wakeup(20, 1, WakeupEventKind.WAKING, A); // direct: no context left
        fBuilder.irqEntry(21, 1, 30, "eth0");
        fBuilder.schedSwitch(22, 1, B, "b", 0, C, "c");
        GraphBuildReport report = fBuilder.finish(30);
        assertEquals(2, report.unmatchedInterruptExits());
        assertEquals(2, report.unclosedInterruptContexts());
        assertEquals("0 RUNNING@0 10 BLOCKED 20<b PREEMPTED 30", chain(A));
    }

    /** Thousands of entries with no exit do not grow the stack without bound. */
    @Test
    void missingExitsAreBounded() {
        blockAOnCpu0();
        for (int i = 0; i < 1000; i++) {
            fBuilder.irqEntry(20 + i, 1, 30, "eth0");
        }
        fBuilder.wakeup(2000, 1, WakeupEventKind.WAKING, A);
        assertEquals("0 RUNNING@0 10 INTERRUPTED(eth0) 2000", chain(A));
        assertEquals(1000 - 1000 % 16, fBuilder.finish(2000).unclosedInterruptContexts());
    }

    /** Self-wake-ups and wake-ups of tasks that are not blocked change nothing but a count. */
    @Test
    void selfAndSpuriousWakeupsAreIgnored() {
        blockAOnCpu0();
        fBuilder.wakeup(11, 1, WakeupEventKind.WAKING, B); // b wakes itself
        fBuilder.wakeup(12, 0, WakeupEventKind.WAKING, B); // b is running on CPU 1
        fBuilder.wakeup(13, 1, WakeupEventKind.WAKING, A);
        fBuilder.wakeup(14, 1, WakeupEventKind.WAKING, A); // already runnable
        GraphBuildReport report = fBuilder.finish(20);
        assertEquals(1, report.selfWakeups());
        assertEquals(2, report.spuriousWakeups());
        assertEquals(1, fGraph.linkCount());
        assertEquals("0 RUNNING@1 13>a RUNNING@1 20", chain(B));
    }

    /** One wake-up kind per trace: the best one present; the others are counted, not used. */
    @Test
    void oneWakeupKindPerTrace() {
        assertEquals(Optional.of(WakeupEventKind.TTWU),
                WakeupEventKind.select(Set.of("sched_switch", "sched_wakeup", "sched_ttwu", "sched_waking")));
        assertEquals(Optional.of(WakeupEventKind.WAKING),
                WakeupEventKind.select(Set.of("sched_wakeup", "sched_waking", "sched_wakeup_new")));
        assertEquals(Optional.of(WakeupEventKind.WAKEUP), WakeupEventKind.select(Set.of("sched_wakeup")));
        assertEquals(Optional.empty(), WakeupEventKind.select(Set.of("sched_switch", "sched_wakeup_new")));
        assertEquals(Optional.of(WakeupEventKind.WAKING), WakeupEventKind.fromEventName("sched_waking"));
        assertEquals(Optional.empty(), WakeupEventKind.fromEventName("sched_switch"));

        blockAOnCpu0();
        fBuilder.wakeup(20, 1, WakeupEventKind.WAKING, A);
        fBuilder.wakeup(21, 0, WakeupEventKind.WAKEUP, A); // the same wake-up, seen on the target CPU
        GraphBuildReport report = fBuilder.finish(30);
        assertEquals(WakeupEventKind.WAKING, report.wakeupKind());
        assertEquals(1, report.wakeupsOfOtherKinds());
        assertEquals(0, report.spuriousWakeups());
        assertEquals("0 RUNNING@0 10 BLOCKED 20<b PREEMPTED 30", chain(A));
    }

    /**
     * Fork links the parent to the child's first vertex; the child is preempted until it first
     * runs ({@code sched_wakeup_new} adds nothing); exec renames; exit ends the chain at the last
     * switch-out; a thread id reused after exit gets a new worker.
     */
    @Test
    void forkExecExitAndReuse() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "bash");
        fBuilder.fork(5, 0, A, C, "bash");
        fBuilder.wakeupNew(6, 0, C);
        fBuilder.schedSwitch(10, 0, A, "bash", 0, C, "bash");
        fBuilder.exec(12, 0, C, "ls");
        fBuilder.exit(15, 0, C);
        fBuilder.schedSwitch(16, 0, C, "ls", 0x80, A, "bash");
        fBuilder.fork(18, 0, A, C, "make");
        GraphBuildReport report = fBuilder.finish(20);
        List<Worker> children = fGraph.workersOf(HOST, C);
        assertEquals(2, children.size());
        assertEquals("ls", children.get(0).name());
        assertEquals("5<bash PREEMPTED@0 10 RUNNING@0 16", chain(children.get(0)));
        assertEquals("make", children.get(1).name());
        assertEquals("18<bash PREEMPTED 20", chain(children.get(1)));
        assertEquals("0 RUNNING@0 5>ls RUNNING@0 10 PREEMPTED@0 16 RUNNING@0 18>make RUNNING@0 20", chain(A));
        assertEquals(0, report.spuriousWakeups());
        assertEquals(0, report.tidsReusedWithoutExit());
        assertEquals(0, report.inconsistentSwitches());
    }

    /**
     * Found comparing with Trace Compass on many-threads (thread 3082): a task preempted after
     * sched_process_exit runs again before its last switch-out (prev_state TASK_DEAD); it was
     * taken as exited at the preemption, its last run became a second worker and a reused thread
     * id, and its critical path stopped 4.7 µs early.
     */
    @Test
    void exitingTaskPreemptedRunsAgain() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.exit(5, 0, A);
        fBuilder.schedSwitch(10, 0, A, "a", 0, B, "b");
        fBuilder.schedSwitch(20, 0, B, "b", BLOCKED_STATE, A, "a");
        fBuilder.schedSwitch(25, 0, A, "a", 0x80, 0, "swapper/0");
        GraphBuildReport report = fBuilder.finish(30);
        assertEquals(1, fGraph.workersOf(HOST, A).size());
        assertEquals("0 RUNNING@0 10 PREEMPTED@0 20 RUNNING@0 25", chain(A));
        assertEquals(0, report.tidsReusedWithoutFork());
        assertEquals(0, report.inconsistentSwitches());
    }

    /**
     * A fork of a thread id whose task never exited, and a switch of an exited one, are counted.
     * The switch-out of b after b2's fork is ambiguous (which b?): it is charged to b2 and counted
     * as inconsistent.
     */
    @Test
    void reusedThreadIdsAreCounted() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(0, 1, 0, "swapper/1", 0, B, "b");
        fBuilder.fork(5, 0, A, B, "b2"); // b is still running on CPU 1
        fBuilder.exit(6, 0, A);
        fBuilder.schedSwitch(7, 0, A, "a", 0x80, 0, "swapper/0");
        fBuilder.schedSwitch(8, 1, B, "b", 0, A, "a"); // a exited: a new a, with no fork seen
        GraphBuildReport report = fBuilder.finish(10);
        assertEquals(1, report.tidsReusedWithoutExit());
        assertEquals(1, report.tidsReusedWithoutFork());
        assertEquals(2, fGraph.workersOf(HOST, A).size());
        assertEquals(1, report.inconsistentSwitches());
        assertEquals(2, fGraph.workersOf(HOST, B).size());
    }

    /**
     * Algorithm 1's initialization: the statedump gives the state of tasks not seen yet; a running
     * one becomes its CPU's current task. Entries for known tasks are ignored and counted. The
     * trace end closes every open interval with its state.
     */
    @Test
    void statedumpGivesInitialStates() {
        long d = 400;
        fBuilder.statedumpTask(1, A, "a", TaskStatus.RUNNING, 0);
        fBuilder.statedumpTask(1, B, "b", TaskStatus.BLOCKED, -1);
        fBuilder.statedumpTask(1, C, "c", TaskStatus.RUNNABLE, 1);
        fBuilder.statedumpTask(1, d, "d", TaskStatus.UNKNOWN, -1);
        fBuilder.wakeup(3, 0, WakeupEventKind.WAKING, B);
        fBuilder.statedumpTask(4, B, "b", TaskStatus.BLOCKED, -1);
        fBuilder.schedSwitch(5, 0, A, "a", BLOCKED_STATE, B, "b");
        fBuilder.schedSwitch(6, 1, 0, "swapper/1", 0, C, "c");
        fBuilder.schedSwitch(7, 1, C, "c", 0, d, "d");
        GraphBuildReport report = fBuilder.finish(10);
        assertEquals("1 RUNNING@0 3>b RUNNING@0 5 BLOCKED 10", chain(A));
        assertEquals("1 BLOCKED 3<a PREEMPTED@0 5 RUNNING@0 10", chain(B));
        assertEquals("1 PREEMPTED@1 6 RUNNING@1 7 PREEMPTED 10", chain(C));
        assertEquals("1 UNKNOWN 7 RUNNING@1 10", chain(d));
        assertEquals(1, report.statedumpsOfKnownTasks());
        assertEquals(0, report.inconsistentSwitches());
        assertEquals(9, report.events());
        ExecutionGraphBuilder other = new ExecutionGraphBuilder(fGraph, "g", WakeupEventKind.WAKING);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> other.statedumpTask(1, A, "a", TaskStatus.RUNNING, -1));
        assertEquals("host 'g', event #1 at 1 ns: a running task needs a CPU", e.getMessage());
    }

    /**
     * Lost events reset the CPU: its interrupt stack is dropped, its running task's state is
     * unknown until its next event, a wake-up there has no known source, and a task blocked
     * across the loss is switched in after an unknown interval rather than a blocked one.
     */
    @Test
    void lostEventsMakeUnknownIntervals() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(0, 1, 0, "swapper/1", 0, B, "b");
        fBuilder.schedSwitch(5, 1, B, "b", BLOCKED_STATE, C, "c");
        fBuilder.irqEntry(8, 0, 30, "eth0");
        fBuilder.lostEvents(10, 0, 42);
        fBuilder.wakeup(12, 0, WakeupEventKind.WAKING, B);
        fBuilder.schedSwitch(15, 0, A, "a", 0, 0, "swapper/0");
        fBuilder.schedSwitch(20, 1, C, "c", BLOCKED_STATE, 0, "swapper/1");
        fBuilder.lostEvents(30, 1, 7);
        fBuilder.schedSwitch(35, 1, 0, "swapper/1", 0, C, "c");
        GraphBuildReport report = fBuilder.finish(40);
        assertEquals("0 RUNNING@0 10 UNKNOWN 15 PREEMPTED 40", chain(A));
        assertEquals("0 RUNNING@1 5 UNKNOWN 12 PREEMPTED 40", chain(B));
        assertEquals("5 RUNNING@1 20 UNKNOWN 35 RUNNING@1 40", chain(C));
        assertEquals(2, report.lostEventRecords());
        assertEquals(49, report.lostEvents());
        assertEquals(1, report.wakeupsWithoutSource());
        assertEquals(1, report.switchesInWithoutWakeup());
        assertEquals(0, report.inconsistentSwitches());
        assertEquals(0, report.unclosedInterruptContexts(), "a reset is not an anomaly of the stack");
        assertEquals(List.of("a:10", "null:5", "swapper/0:25"), owners(0, 0, 40));
    }

    /** A blocked task switched in with no wake-up seen keeps a blocked interval with no waker. */
    @Test
    void missingWakeup() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(10, 0, A, "a", BLOCKED_STATE, 0, "swapper/0");
        fBuilder.schedSwitch(30, 0, 0, "swapper/0", 0, A, "a");
        GraphBuildReport report = fBuilder.finish(40);
        assertEquals("0 RUNNING@0 10 BLOCKED 30 RUNNING@0 40", chain(A));
        assertEquals(1, report.switchesInWithoutWakeup());
        assertEquals(0, fGraph.linkCount());
    }

    /** Input must be in time order; the offending event is named by position and rejected. */
    @Test
    void outOfOrderEventIsRejected() {
        fBuilder.schedSwitch(100, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.irqEntry(120, 0, 30, "eth0");
        OutOfOrderEventException e = assertThrows(OutOfOrderEventException.class,
                () -> fBuilder.wakeup(90, 0, WakeupEventKind.WAKING, B));
        assertEquals(3, e.position());
        assertEquals(90, e.timeNs());
        assertEquals(120, e.previousNs());
        assertEquals("host 'h': event #3 at 90 ns is before event #2 at 120 ns; events must come in "
                + "non-decreasing time order (this one was rejected)", e.getMessage());
        fBuilder.irqExit(130, 0, 30);
        GraphBuildReport report = fBuilder.finish(140);
        assertEquals(3, report.events(), "the rejected event is not counted");
        assertEquals(0, report.unmatchedInterruptExits(), "the rejected event changed nothing");
        ExecutionGraphBuilder other = new ExecutionGraphBuilder(new ExecutionGraph(), HOST, WakeupEventKind.TTWU);
        other.schedSwitch(50, 0, 0, "swapper/0", 0, A, "a");
        assertThrows(OutOfOrderEventException.class, () -> other.finish(40), "the end cannot precede an event");
    }

    /**
     * {@code prev_state} masked with {@link ExecutionGraphBuilder#PREV_STATE_MASK}: 0 is
     * preempted, including the preemption markers kernels set above the state bits; anything
     * else is blocked (here switched back in with no wake-up).
     */
    @ParameterizedTest(name = "prev_state {0}: {1}")
    @CsvSource({ "0, PREEMPTED@0", "256, PREEMPTED@0", "4096, PREEMPTED@0", "1, BLOCKED", "2, BLOCKED",
            "1026, BLOCKED", "128, BLOCKED" })
    void prevStateIsMasked(long prevState, String label) {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(10, 0, A, "a", prevState, 0, "swapper/0");
        fBuilder.schedSwitch(20, 0, 0, "swapper/0", 0, A, "a");
        assertEquals("0 RUNNING@0 10 " + label + " 20", chain(A));
    }

    /**
     * {@code ksoftirqd} is a task like any other: a wake-up it issues outside softirq context is
     * direct and linked to it; one inside a softirq it runs is labelled by the vector.
     */
    @Test
    void ksoftirqdIsANormalTask() {
        long ksoftirqd = 16;
        blockAOnCpu0();
        fBuilder.schedSwitch(11, 0, 0, "swapper/0", 0, C, "c");
        fBuilder.schedSwitch(12, 0, C, "c", BLOCKED_STATE, 0, "swapper/0");
        fBuilder.schedSwitch(20, 1, B, "b", 0, ksoftirqd, "ksoftirqd/1");
        fBuilder.wakeup(21, 1, WakeupEventKind.WAKING, A);
        fBuilder.softirqEntry(22, 1, 3);
        fBuilder.wakeup(23, 1, WakeupEventKind.WAKING, C);
        fBuilder.softirqExit(24, 1, 3);
        fBuilder.schedSwitch(25, 1, ksoftirqd, "ksoftirqd/1", BLOCKED_STATE, B, "b");
        assertEquals("0 RUNNING@0 10 BLOCKED 21<ksoftirqd/1", chain(A));
        assertEquals("11 RUNNING@0 12 NETWORK(NET_RX) 23", chain(C));
        assertEquals("20 RUNNING@1 21>a RUNNING@1 25", chain(ksoftirqd));
        assertEquals("0 RUNNING@1 20 PREEMPTED@1 25", chain(B));
        assertEquals(List.of("b:20", "ksoftirqd/1:5", "b:5"), owners(1, 0, 30));
    }

    /** Thread id 0 runs on every CPU at once: one idle worker per CPU. */
    @Test
    void idleTaskPerCpu() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(1, 1, 0, "swapper/1", 0, B, "b");
        fBuilder.schedSwitch(2, 1, B, "b", 0, 0, "swapper/1");
        fBuilder.schedSwitch(3, 0, A, "a", 0, 0, "swapper/0");
        GraphBuildReport report = fBuilder.finish(5);
        List<Worker> idle = fGraph.workersOf(HOST, 0);
        assertEquals(List.of("swapper/0", "swapper/1"), idle.stream().map(Worker::name).toList());
        assertEquals("0 PREEMPTED@0 3 RUNNING@0 5", chain(idle.get(0)));
        assertEquals("1 PREEMPTED@1 2 RUNNING@1 5", chain(idle.get(1)));
        assertEquals(0, report.inconsistentSwitches());
    }

    /** A switch whose prev is not the CPU's running task is counted; both states become unknown. */
    @Test
    void inconsistentSwitchIsCounted() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(10, 0, B, "b", 0, C, "c");
        fBuilder.schedSwitch(20, 1, 0, "swapper/1", 0, A, "a");
        GraphBuildReport report = fBuilder.finish(30);
        assertEquals(1, report.inconsistentSwitches());
        assertEquals("0 UNKNOWN 20 RUNNING@1 30", chain(A));
        assertEquals("10 PREEMPTED 30", chain(B));
    }

    /**
     * A switch the kernel did not report, inferred by the recorder from the next task's first
     * event (prev_state -1): the task that left ran until then and is in an unknown state after;
     * counted, not inconsistent.
     */
    @Test
    void switchFromUnknownStateIsCounted() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(10, 0, A, "a", -1, B, "b");
        GraphBuildReport report = fBuilder.finish(30);
        assertEquals(1, report.switchesFromUnknownState());
        assertEquals(0, report.inconsistentSwitches());
        assertEquals("0 RUNNING@0 10 UNKNOWN 30", chain(A));
        assertEquals("10 RUNNING@0 30", chain(B));
    }

    @Test
    void cpuOutOfRangeIsRejected() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fBuilder.irqEntry(1, -1, 30, "eth0"));
        assertEquals("host 'h', event #2 at 1 ns: CPU -1 is out of range [0, 65536]", e.getMessage());
    }

    /** a runs on CPU 0 from 0 and blocks at 10; b runs on CPU 1 from 0. */
    private void blockAOnCpu0() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(0, 1, 0, "swapper/1", 0, B, "b");
        fBuilder.schedSwitch(10, 0, A, "a", BLOCKED_STATE, 0, "swapper/0");
    }

    private Worker task(long tid) {
        List<Worker> workers = fGraph.workersOf(HOST, tid);
        assertEquals(1, workers.size(), () -> "workers of tid " + tid);
        return workers.get(0);
    }

    private String chain(long tid) {
        return chain(task(tid));
    }

    /** Renders a chain, e.g. "0 RUNNING@0 10 BLOCKED 20&lt;b PREEMPTED@0 40". */
    private String chain(Worker w) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < w.size(); i++) {
            if (i > 0) {
                sb.append(' ').append(w.label(i));
                @Nullable String qualifier = w.qualifier(i);
                if (w.cpu(i) >= 0) {
                    sb.append('@').append(w.cpu(i));
                } else if (qualifier != null) {
                    sb.append('(').append(qualifier).append(')');
                }
                sb.append(' ');
            }
            sb.append(w.time(i));
            if (w.downLink(i) >= 0) {
                sb.append('<').append(fGraph.linkSource(w.downLink(i)).worker().name());
            }
            if (w.upLink(i) >= 0) {
                sb.append('>').append(fGraph.linkTarget(w.upLink(i)).worker().name());
            }
        }
        return sb.toString();
    }

    private List<String> owners(int cpu, long start, long end) {
        CpuTimeline timeline = fGraph.findCpuTimeline(HOST, cpu);
        List<String> out = new ArrayList<>();
        if (timeline != null) {
            timeline.visitOwners(start, end, (owner, ns) -> out.add((owner == null ? "null" : owner.name()) + ":" + ns));
        }
        return out;
    }
}
