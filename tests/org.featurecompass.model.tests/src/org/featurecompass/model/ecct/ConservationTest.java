package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.featurecompass.model.graph.CpuTimeline;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.PathSegment;
import org.junit.jupiter.api.Test;

/**
 * On random critical paths (every label, preemptions on random CPU owners, disk waits with
 * random users, random stacks), an ECCT's self times add up to the path length: no rule drops
 * or duplicates time.
 */
class ConservationTest {

    @Test
    void selfTimesAddUpToThePathLength() {
        Random random = new Random(5);
        for (int round = 0; round < 50; round++) {
            ExecutionGraph graph = new ExecutionGraph();
            EcctFixture f = new EcctFixture();
            List<Worker> workers = new ArrayList<>();
            for (int tid = 0; tid < 5; tid++) {
                workers.add(graph.createWorker("host", tid, "w" + tid));
                long t = 0;
                int depth = 0;
                while (t < 1000) {
                    t += 1 + random.nextInt(30);
                    if (depth > 0 && random.nextBoolean()) {
                        f.ret(tid, t);
                        depth--;
                    } else {
                        f.call(tid, t, "f" + random.nextInt(4));
                        depth++;
                    }
                }
            }
            CpuTimeline cpu = graph.cpuTimeline("host", 0);
            BlockDeviceUsage disk = new BlockDeviceUsage();
            for (long t = 0; t < 1000; t += 1 + random.nextInt(40)) {
                cpu.record(t, workers.get(random.nextInt(workers.size())));
                long end = t + random.nextInt(100);
                Worker user = workers.get(random.nextInt(workers.size()));
                disk.request(ThreadKey.of(user), user.name(), t, end);
            }
            List<PathSegment> path = new ArrayList<>();
            EdgeLabel[] labels = EdgeLabel.values();
            long t = random.nextInt(50);
            long start = t;
            while (t < 950) {
                long end = t + 1 + random.nextInt(60);
                Worker worker = workers.get(1 + random.nextInt(workers.size() - 1));
                path.add(new PathSegment(worker, t, end, labels[random.nextInt(labels.length)], null, 0, false));
                t = end;
            }
            for (DiskWaitSplit split : DiskWaitSplit.values()) {
                Ecct ecct = f.generator(graph, disk, split).generate(path);
                assertEquals(t - start, ecct.totalNs(), "round " + round + " " + split);
                for (int i = 0; i < ecct.size(); i++) {
                    assertTrue(ecct.selfAt(i) >= 0);
                }
                assertEquals(t - start, ecct.inclusiveNs(f.tree)[0], "root inclusive = duration");
            }
        }
    }
}
