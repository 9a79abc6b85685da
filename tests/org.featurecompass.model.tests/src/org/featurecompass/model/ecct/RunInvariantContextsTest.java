package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.featurecompass.model.graph.CpuTimeline;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.ActivePathAlgorithm;
import org.junit.jupiter.api.Test;

/**
 * Thread markers are named by what stays the same from run to run (doc/ecct.md, "Thread markers";
 * TraceCompare §3.3.4 matches contexts by their root paths, so an id in a marker would split every
 * context of another thread between two runs): two generated runs of one program, with other
 * thread ids and other kernel-worker instances, give the same contexts with the same times, and
 * the ids are kept beside the markers. Expected times are worked out from each run's timeline.
 */
class RunInvariantContextsTest {

    /**
     * One run: {@code client} (process {@code app}) runs 0-10, waits 10-30 for pool worker 1,
     * runs 30-40, waits 40-60 for pool worker 2 (both named {@code pool-worker}), runs 60-70, is
     * preempted 70-80 by a kernel worker on CPU 0, runs 80-90.
     */
    private static Map<String, Long> run(EcctFixture f, long tidBase, String kworker) {
        ExecutionGraph graph = new ExecutionGraph();
        Worker client = graph.createWorker("host", tidBase, "client");
        Worker pool1 = graph.createWorker("host", tidBase + 1, "pool-worker");
        Worker pool2 = graph.createWorker("host", tidBase + 2, "pool-worker");
        Worker kernel = graph.createWorker("host", tidBase + 50, kworker);
        client.start(0);
        client.append(10, EdgeLabel.RUNNING, 0);
        int firstWake = client.append(30, EdgeLabel.BLOCKED);
        client.append(40, EdgeLabel.RUNNING, 0);
        int secondWake = client.append(60, EdgeLabel.BLOCKED);
        client.append(70, EdgeLabel.RUNNING, 0);
        client.append(80, EdgeLabel.PREEMPTED, 0);
        client.append(90, EdgeLabel.RUNNING, 0);
        pool1.start(0);
        pool1.append(10, EdgeLabel.BLOCKED);
        int pool1Done = pool1.append(30, EdgeLabel.RUNNING, 1);
        pool2.start(0);
        pool2.append(40, EdgeLabel.BLOCKED);
        int pool2Done = pool2.append(60, EdgeLabel.RUNNING, 1);
        graph.link(pool1, pool1Done, client, firstWake, LinkKind.WAKE_UP);
        graph.link(pool2, pool2Done, client, secondWake, LinkKind.WAKE_UP);
        CpuTimeline cpu = graph.cpuTimeline("host", 0);
        cpu.record(0, client);
        cpu.record(70, kernel);
        cpu.record(80, client);
        for (long tid : new long[] { tidBase, tidBase + 1, tidBase + 2 }) {
            f.stacks.processName(EcctFixture.thread(tid), "app");
        }
        f.stacks.processName(EcctFixture.thread(tidBase + 50), kworker); // a kernel thread is its own process
        f.call(tidBase, 0, "main").ret(tidBase, 90);
        f.call(tidBase + 1, 0, "serve").ret(tidBase + 1, 30);
        f.call(tidBase + 2, 0, "serve").ret(tidBase + 2, 60);
        f.call(tidBase + 50, 0, "process_one_work").ret(tidBase + 50, 90);
        Ecct ecct = f.generator(graph, null, DiskWaitSplit.EQUAL).generate(new ActivePathAlgorithm(graph).compute(client, 0, 90).segments());
        assertEquals(90, ecct.totalNs());
        return f.selfTimes(ecct);
    }

    @Test
    void twoRunsWithOtherIdsGiveTheSameContexts() {
        EcctFixture first = new EcctFixture();
        EcctFixture second = new EcctFixture();
        Map<String, Long> a = run(first, 1000, "kworker/0:1");
        Map<String, Long> b = run(second, 7000, "kworker/1:2");
        assertEquals(Map.of("main", 40L, // 0-10, 30-40, 60-70, 80-90
                "main;[thread pool-worker of app];serve", 40L, // both pool workers: 10-30 and 40-60, their time adds
                "main;preempted;[thread kworker/*:*];process_one_work", 10L), a); // 70-80
        assertEquals(a, b, "other thread ids and another kworker instance: the same contexts and times");

        int marker = first.tree.find(List.of(Frame.function("main"), Frame.thread("pool-worker", "app", null)));
        assertEquals(List.of(new ThreadIds.Seen(EcctFixture.thread(1001), 1), new ThreadIds.Seen(EcctFixture.thread(1002), 1)),
                first.tree.threadIds().at(marker), "the pool's two thread ids are kept beside its one marker");
        int otherMarker = second.tree.find(List.of(Frame.function("main"), Frame.thread("pool-worker", "app", null)));
        assertEquals(Set.of(7001L, 7002L), tids(second.tree.threadIds().at(otherMarker)));
        assertNotEquals(tids(first.tree.threadIds().at(marker)), tids(second.tree.threadIds().at(otherMarker)));
    }

    @Test
    void idsAreCountedPerExecution() {
        EcctFixture f = new EcctFixture();
        run(f, 1000, "kworker/u8:3");
        EcctGenerator again = f.generator(null, null, DiskWaitSplit.EQUAL);
        again.generate(EcctFixture.thread(1000), "client", 0, 90); // no graph: no marker, no id
        int kworker = f.tree.find(List.of(Frame.function("main"), Frame.waiting(EdgeLabel.PREEMPTED), Frame.thread("kworker/u8:3", "kworker/u8:3", null)));
        assertEquals("[thread kworker/u*:*]", f.tree.frame(kworker).label());
        assertEquals(List.of(new ThreadIds.Seen(EcctFixture.thread(1050), 1)), f.tree.threadIds().at(kworker));
    }

    @Test
    void markersCarryNoIdAndFoldKernelInstances() {
        assertEquals("[thread fc-worker-1 of fc-demo]", Frame.thread("fc-worker-1", "fc-demo", null).label());
        assertEquals("[thread fc-demo]", Frame.thread("fc-demo", "fc-demo", null).label(), "a main thread names its process");
        assertEquals("[thread server of fc-netdemo @server]", Frame.thread("server", "fc-netdemo", "server").label());
        assertEquals("[thread writer]", Frame.thread("writer", null, null).label(), "process not known");
        // the kernel's worker names (kernel/workqueue.c: "kworker/%d:%d%s" per CPU, H for high priority; "kworker/u%d:%d" unbound)
        assertEquals("kworker/*:*", ThreadMarkerName.fold("kworker/3:0"));
        assertEquals("kworker/*:*H", ThreadMarkerName.fold("kworker/1:1H"));
        assertEquals("kworker/*:*H", ThreadMarkerName.fold("kworker/0:2H-kblockd"), "the queue /proc appends is the last work's, dropped");
        assertEquals("kworker/u*:*", ThreadMarkerName.fold("kworker/u8:2"));
        assertEquals("kworker/u*:*", ThreadMarkerName.fold("kworker/u16:0-events_unbound"));
        assertEquals("kworker/R-kblockd", ThreadMarkerName.fold("kworker/R-kblockd"), "a rescuer is one per queue: kept");
        assertEquals("ksoftirqd/*", ThreadMarkerName.fold("ksoftirqd/1"));
        assertEquals("migration/*", ThreadMarkerName.fold("migration/0"));
        assertEquals("interrupt/*", ThreadMarkerName.fold("interrupt/3"), "the execution graph's place-holder of a CPU");
        assertEquals("fc-worker-1", ThreadMarkerName.fold("fc-worker-1"), "the program's names are its own");
        assertEquals("worker/1", ThreadMarkerName.fold("worker/1"), "only the kernel's per-CPU threads fold");
        assertEquals("jbd2/sda1-8", ThreadMarkerName.fold("jbd2/sda1-8"));
    }

    private static Set<Long> tids(List<ThreadIds.Seen> seen) {
        Set<Long> tids = new TreeSet<>();
        seen.forEach(s -> tids.add(s.thread().tid()));
        return tids;
    }
}
