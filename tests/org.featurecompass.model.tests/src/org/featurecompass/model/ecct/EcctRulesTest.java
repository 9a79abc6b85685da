package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;

import org.featurecompass.model.graph.CpuTimeline;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.ActivePathAlgorithm;
import org.featurecompass.model.graph.critical.PathSegment;
import org.junit.jupiter.api.Test;

/**
 * One test per ECCT rule of TraceCompare §3.1 and Figs. 5–6 as the design notes fix them
 * (tracecompare.md §2.4): wait frames, another thread's stack under its marker, chains of
 * threads, preemption, block-device waits, recursion kept apart, nested and interleaved
 * executions. Expected trees are worked out by hand from each input's timeline.
 */
class EcctRulesTest {

    /** T22/T7: an off-CPU wait becomes a frame named after its reason, under the waiting stack. */
    @Test
    void waitsBecomeFramesNamedAfterTheirReason() {
        ExecutionGraph graph = new ExecutionGraph();
        Worker t1 = graph.createWorker("host", 1, "t1");
        t1.start(0);
        t1.append(10, EdgeLabel.RUNNING, 0);
        t1.append(20, EdgeLabel.TIMER, "hrtimer_wakeup");
        t1.append(25, EdgeLabel.RUNNING, 0);
        t1.append(32, EdgeLabel.NETWORK); // no packet: unresolved, stays a network wait
        t1.append(35, EdgeLabel.RUNNING, 0);
        t1.append(36, EdgeLabel.USER_INPUT);
        EcctFixture f = new EcctFixture();
        f.call(1, 0, "main").call(1, 5, "sleep").ret(1, 22).call(1, 25, "recv").ret(1, 33).ret(1, 36);
        List<PathSegment> path = new ActivePathAlgorithm(graph).compute(t1, 0, 36).segments();
        Ecct ecct = f.generator(graph, null, DiskWaitSplit.EQUAL).generate(path);
        // main 0-5, 22-25, 33-35; sleep 5-10, 20-22; the waits at the stack where they start
        assertEquals(Map.of("main", 10L, "main;sleep", 7L, "main;sleep;timer", 10L, "main;recv", 1L,
                "main;recv;network", 7L, "main;user input", 1L), f.selfTimes(ecct));
        assertEquals(EdgeLabel.TIMER, f.tree.frame(f.tree.find(List.of(Frame.function("main"), Frame.function("sleep"),
                Frame.waiting(EdgeLabel.TIMER)))).waitReason());
    }

    /** Rule 2 applied twice: t1 waits for t2, which waits for t3; t3's stack sits under t2's under t1's. */
    @Test
    void chainOfThreadsNestsEachStackUnderItsWaiter() {
        ExecutionGraph graph = new ExecutionGraph();
        Worker t1 = graph.createWorker("host", 1, "client");
        Worker t2 = graph.createWorker("host", 2, "server");
        Worker t3 = graph.createWorker("host", 3, "journal");
        t1.start(0);
        t1.append(10, EdgeLabel.RUNNING, 0);
        int t1Woken = t1.append(50, EdgeLabel.BLOCKED);
        t1.append(60, EdgeLabel.RUNNING, 0);
        t2.start(0);
        t2.append(20, EdgeLabel.RUNNING, 1);
        int t2Woken = t2.append(40, EdgeLabel.BLOCKED);
        int t2Reply = t2.append(50, EdgeLabel.RUNNING, 1);
        t3.start(0);
        int t3Release = t3.append(40, EdgeLabel.RUNNING, 2);
        graph.link(t3, t3Release, t2, t2Woken, LinkKind.WAKE_UP);
        graph.link(t2, t2Reply, t1, t1Woken, LinkKind.WAKE_UP);
        EcctFixture f = new EcctFixture();
        f.call(1, 0, "insert").ret(1, 60);
        f.call(2, 0, "serve").call(2, 15, "lock").ret(2, 45).ret(2, 60);
        f.call(3, 0, "flush").ret(3, 60);
        Ecct ecct = f.generator(graph, null, DiskWaitSplit.EQUAL)
                .generate(new ActivePathAlgorithm(graph).compute(t1, 0, 60).segments());
        // path: t1 0-10, t2 10-20, t3 20-40, t2 40-50, t1 50-60
        assertEquals(Map.of("insert", 20L, // t 0-10, 50-60
                "insert;[thread server];serve", 10L, // t 10-15, 45-50
                "insert;[thread server];serve;lock", 10L, // t 15-20, 40-45
                "insert;[thread server];serve;lock;[thread journal];flush", 20L), // t 20-40
                f.selfTimes(ecct));
        assertEquals(60, ecct.totalNs());
    }

    /** T19: a preemption expands into the threads that held the CPU, clipped, under an explicit frame. */
    @Test
    void preemptionExpandsIntoThePreemptingThreads() {
        ExecutionGraph graph = new ExecutionGraph();
        Worker victim = graph.createWorker("host", 1, "task100");
        Worker rt = graph.createWorker("host", 2, "task30");
        Worker idle = graph.createWorker("host", 0, "swapper/0");
        Worker other = graph.createWorker("host", 3, "bg");
        victim.start(0);
        victim.append(10, EdgeLabel.RUNNING, 0);
        victim.append(20, EdgeLabel.PREEMPTED, 0);
        victim.append(30, EdgeLabel.RUNNING, 0);
        CpuTimeline cpu = graph.cpuTimeline("host", 0);
        cpu.record(0, victim);
        cpu.record(8, rt); // before the wait: clipped away
        cpu.record(10, rt);
        cpu.record(14, idle);
        cpu.record(16, other);
        cpu.record(20, victim);
        EcctFixture f = new EcctFixture();
        f.call(1, 0, "main").call(1, 5, "work").ret(1, 25).ret(1, 30);
        f.call(2, 0, "rt_task").call(2, 12, "tick").ret(2, 13).ret(2, 100);
        List<PathSegment> path = new ActivePathAlgorithm(graph).compute(victim, 0, 30).segments();
        Ecct ecct = f.generator(graph, null, DiskWaitSplit.EQUAL).generate(path);
        assertEquals(Map.of("main", 10L, "main;work", 10L, //
                "main;work;preempted", 2L, // idle 14-16
                "main;work;preempted;[thread task30];rt_task", 3L, // 10-12, 13-14
                "main;work;preempted;[thread task30];rt_task;tick", 1L, //
                "main;work;preempted;[thread bg]", 4L), // 16-20, no frames
                f.selfTimes(ecct));

        ExecutionGraph noCpu = new ExecutionGraph(); // no CPU timeline: the whole wait on the frame
        Worker alone = noCpu.createWorker("host", 1, "task100");
        alone.start(0);
        alone.append(10, EdgeLabel.RUNNING, 0);
        alone.append(20, EdgeLabel.PREEMPTED, 0);
        alone.append(30, EdgeLabel.RUNNING, 0);
        Ecct flat = f.generator(noCpu, null, DiskWaitSplit.EQUAL)
                .generate(new ActivePathAlgorithm(noCpu).compute(alone, 0, 30).segments());
        assertEquals(Map.of("main", 10L, "main;work", 10L, "main;work;preempted", 10L), f.selfTimes(flat));
    }

    /** T20: a disk wait is shared among the disk's users, equally (paper) or by overlap; the waiter's share stays on the frame. */
    @Test
    void blockDeviceWaitIsSharedAmongItsUsers() {
        ExecutionGraph graph = new ExecutionGraph();
        Worker reader = graph.createWorker("host", 1, "reader");
        reader.start(0);
        reader.append(10, EdgeLabel.RUNNING, 0);
        reader.append(30, EdgeLabel.BLOCK_DEVICE, "sda");
        reader.append(40, EdgeLabel.RUNNING, 0);
        List<PathSegment> path = new ActivePathAlgorithm(graph).compute(reader, 0, 40).segments();
        EcctFixture f = new EcctFixture();
        f.call(1, 0, "main").call(1, 8, "read").ret(1, 32).ret(1, 40);
        f.call(2, 0, "log").call(2, 5, "fsync").ret(2, 45).ret(2, 50);
        BlockDeviceUsage disk = new BlockDeviceUsage();
        disk.request(EcctFixture.thread(2), "logger", 5, 25);
        disk.request(EcctFixture.thread(1), "reader", 10, 30);
        disk.request(new ThreadKey("other host", 2), "elsewhere", 0, 40); // another host's disk

        Ecct equal = f.generator(graph, disk, DiskWaitSplit.EQUAL).generate(path);
        assertEquals(Map.of("main", 16L, "main;read", 4L, "main;read;block device", 10L,
                "main;read;block device;[thread logger];log;fsync", 10L), f.selfTimes(equal));

        // in order of first use: logger (overlap 15 of 35: 8.6, rounded to 9), then the reader gets the rest
        Ecct weighted = f.generator(graph, disk, DiskWaitSplit.OVERLAP).generate(path);
        assertEquals(Map.of("main", 16L, "main;read", 4L, "main;read;block device", 11L,
                "main;read;block device;[thread logger];log;fsync", 9L), f.selfTimes(weighted));

        Ecct unknown = f.generator(graph, null, DiskWaitSplit.EQUAL).generate(path);
        assertEquals(Map.of("main", 16L, "main;read", 4L, "main;read;block device", 20L), f.selfTimes(unknown));
    }

    /** T8: each recursion depth is its own context (CCT semantics). */
    @Test
    void recursionDepthsStayApart() {
        EcctFixture f = new EcctFixture();
        f.call(1, 0, "f").call(1, 2, "f").call(1, 4, "f").ret(1, 6).ret(1, 8).ret(1, 10);
        Ecct ecct = f.generator(null, null, DiskWaitSplit.EQUAL).generate(EcctFixture.thread(1), "t1", 0, 10);
        assertEquals(Map.of("f", 4L, "f;f", 4L, "f;f;f", 2L), f.selfTimes(ecct));
        int depth1 = f.tree.find(List.of(Frame.function("f")));
        int depth2 = f.tree.find(List.of(Frame.function("f"), Frame.function("f")));
        assertNotEquals(depth1, depth2);
        assertEquals(10, ecct.inclusiveNs(f.tree, depth1));
        assertEquals(6, ecct.inclusiveNs(f.tree, depth2));
    }

    /** T25: nested and interleaved executions each get their own range of the same stacks. */
    @Test
    void nestedAndInterleavedExecutionsAreIndependent() {
        EcctFixture f = new EcctFixture();
        f.call(1, 0, "loop").call(1, 2, "step").ret(1, 6).call(1, 7, "step").ret(1, 9).ret(1, 10);
        f.call(2, 3, "other").ret(2, 8);
        EcctGenerator generator = f.generator(null, null, DiskWaitSplit.EQUAL);
        Ecct outer = generator.generate(EcctFixture.thread(1), "t1", 0, 10);
        Ecct inner = generator.generate(EcctFixture.thread(1), "t1", 2, 6);
        Ecct overlapping = generator.generate(EcctFixture.thread(1), "t1", 5, 8);
        Ecct parallel = generator.generate(EcctFixture.thread(2), "t2", 1, 9);
        assertEquals(Map.of("loop", 4L, "loop;step", 6L), f.selfTimes(outer));
        assertEquals(Map.of("loop;step", 4L), f.selfTimes(inner));
        assertEquals(Map.of("loop", 1L, "loop;step", 2L), f.selfTimes(overlapping));
        assertEquals(Map.of("", 3L, "other", 5L), f.selfTimes(parallel)); // root: no frame open
        assertEquals(0, generator.generate(EcctFixture.thread(1), "t1", 5, 5).size(), "an empty range has an empty ECCT");
    }
}
