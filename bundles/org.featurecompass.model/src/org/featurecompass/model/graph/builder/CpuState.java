package org.featurecompass.model.graph.builder;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.CpuTimeline;

/**
 * The builder's knowledge of one CPU: the running task ({@code CPU[]} in Giraldeau 2015, §4.4,
 * Algorithm 1), the interrupt-context stack ({@code CTX[]}), and the CPU's idle task, which is a
 * worker of its own because thread id 0 runs on every CPU at once.
 */
final class CpuState {

    final int cpu;
    final CpuTimeline timeline;
    final InterruptStack contexts = new InterruptStack();
    @Nullable TaskState current;
    @Nullable TaskState idle;

    CpuState(int cpu, CpuTimeline timeline) {
        this.cpu = cpu;
        this.timeline = timeline;
    }
}
