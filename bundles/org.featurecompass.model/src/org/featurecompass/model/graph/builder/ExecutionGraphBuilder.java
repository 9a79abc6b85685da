package org.featurecompass.model.graph.builder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Vertex;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.builder.InterruptContext.Kind;
import org.featurecompass.model.graph.builder.TaskState.Phase;

/**
 * Builds the execution graph of one host from its kernel events, fed in non-decreasing time
 * order (Giraldeau 2015, §4.4, Algorithm 1):
 * <ul>
 * <li>{@code sched_switch} closes the running interval of {@code prev} and the preempted interval
 * of {@code next}; {@code prev} is then preempted if its masked {@code prev_state} is 0, blocked
 * otherwise. The switch is also recorded in the CPU's {@link org.featurecompass.model.graph.CpuTimeline
 * owner timeline}.</li>
 * <li>A wake-up of a blocked task closes its blocked interval. In interrupt context (the top of
 * the CPU's context stack) the wake-up is indirect: the interval takes the interrupt's
 * {@link InterruptContext#waitLabel() label} and no vertical edge is made. Otherwise it is
 * direct: the interval is {@link EdgeLabel#BLOCKED} and a vertical edge joins a new vertex of the
 * task running on that CPU to it. Self-wake-ups and wake-ups of tasks that are not blocked are
 * ignored and counted. {@code ksoftirqd} needs no special case: it is a task like any other.</li>
 * <li>Interrupt entries and exits push and pop the CPU's context stack and make no vertex. Pops
 * are defensive: an exit pops only its own entry (and the unclosed entries above it, counted).</li>
 * <li>Fork links the parent to the child's first vertex; the child is preempted until it first
 * runs. Exec renames; exit ends the task at its last switch-out.</li>
 * <li>The statedump gives the initial state of tasks not yet seen.</li>
 * <li>Lost events on a CPU reset its context: the running task's state becomes
 * {@link EdgeLabel#UNKNOWN} until its next event, and a blocked task switched in with no
 * wake-up after lost events gets an unknown interval, not a blocked one.</li>
 * <li>Packets (§5.3.2, Algorithm 3), fed by {@link org.featurecompass.model.graph.network.NetworkLinker}
 * in synchronized time: a send makes a vertex on the running task, or, in interrupt context (ACKs,
 * retransmissions), on the CPU's interrupt place-holder worker (tid {@code -1 - cpu}). A matched
 * reception in interrupt context links the sender's vertex to the task the same context wakes
 * next, with a {@link LinkKind#NETWORK} edge; in task context, to a new vertex of that task.</li>
 * </ul>
 * Labels are retroactive: a vertex closes the interval that ends at it. Timestamps in ns.
 * Anomalies never stop the build; they are counted in the {@link GraphBuildReport}. An event
 * earlier than the previous one is rejected with an {@link OutOfOrderEventException}.
 */
public final class ExecutionGraphBuilder {

    /**
     * Bits of {@code prev_state} that mean the task left the run queue (interruptible,
     * uninterruptible, stopped, traced, dead, ...). The preemption marker that kernels set above
     * them ({@code TASK_REPORT_MAX}, {@code TASK_STATE_MAX}) is masked away: 0 means preempted.
     */
    public static final long PREV_STATE_MASK = 0xFF;

    /** CPU numbers above this are rejected as damaged input. */
    private static final int MAX_CPU = 1 << 16;

    private final ExecutionGraph fGraph;
    private final String fHost;
    private final WakeupEventKind fWakeupKind;
    private final Map<Long, @Nullable TaskState> fTasks = new HashMap<>();
    private final List<@Nullable CpuState> fCpus = new ArrayList<>();

    private long fLastNs = Long.MIN_VALUE;
    private long fLastLostNs = Long.MIN_VALUE;
    private long fEvents;
    private long fWakeupsOfOtherKinds;
    private long fSelfWakeups;
    private long fSpuriousWakeups;
    private long fWakeupsWithoutSource;
    private long fSwitchesInWithoutWakeup;
    private long fInconsistentSwitches;
    private long fTidsReusedWithoutFork;
    private long fTidsReusedWithoutExit;
    private long fUnmatchedInterruptExits;
    private long fUnclosedInterruptContexts;
    private long fLostEventRecords;
    private long fLostEvents;
    private long fStatedumpsOfKnownTasks;
    private long fSwitchesFromUnknownState;

    /**
     * @param graph the graph to add this host's workers to
     * @param host the host name, part of each worker's identity
     * @param wakeupKind the wake-up event kind of this trace, see
     *            {@link WakeupEventKind#select(java.util.Collection)}
     */
    public ExecutionGraphBuilder(ExecutionGraph graph, String host, WakeupEventKind wakeupKind) {
        fGraph = graph;
        fHost = host;
        fWakeupKind = wakeupKind;
    }

    /** @return the host this builder makes workers for */
    public String host() {
        return fHost;
    }

    /**
     * A packet leaves this host ({@code inet_sock_local_out} or {@code net_dev_queue}); Giraldeau
     * 2015, §5.3.2, Algorithm 3, {@code tx = LINK_HORIZONTAL(CURRENT_TASK(), now, running)}.
     *
     * @param timeNs event time, ns (synchronized time when several hosts share the graph)
     * @param cpu the CPU
     * @return the new send vertex: on the running task, or on the CPU's interrupt place-holder
     *         in interrupt context; {@code null} if the CPU's running task is not known
     */
    public @Nullable Vertex packetSent(long timeNs, int cpu) {
        accept(timeNs);
        CpuState c = cpu(cpu);
        @Nullable InterruptContext context = c.contexts.top();
        if (context != null) {
            return new Vertex(placeholder(c), placeholderVertex(c, timeNs, context));
        }
        @Nullable TaskState current = c.current;
        if (current == null || current.phase != Phase.RUNNING || current.cpu != cpu) {
            return null;
        }
        return new Vertex(current.worker, closeInterval(current, timeNs, cpu));
    }

    /**
     * A packet sent from {@code sender} arrives on this host ({@code inet_sock_local_in} or
     * {@code netif_receive_skb}); Giraldeau 2015, §5.3.2, Algorithm 3. In interrupt context the
     * link waits for the next wake-up in that same context (the woken task's wait gets the
     * incoming {@link LinkKind#NETWORK} edge); in task context the running task gets a vertex
     * with that edge at once.
     *
     * @param timeNs event time, ns, in the same (synchronized) time as {@code sender}
     * @param cpu the CPU
     * @param sender the send vertex of the matched packet, from {@link #packetSent(long, int)}
     * @return whether the packet can be linked: false if the sender is later than
     *         {@code timeNs}, already has an outgoing edge, or is on the receiving worker, or if
     *         the CPU's context is not known
     */
    public boolean packetReceived(long timeNs, int cpu, Vertex sender) {
        accept(timeNs);
        CpuState c = cpu(cpu);
        if (sender.time() > timeNs || sender.worker().upLink(sender.index()) >= 0) {
            return false;
        }
        @Nullable InterruptContext context = c.contexts.top();
        if (context != null) {
            c.packetSender = sender;
            c.packetContext = context;
            return true;
        }
        @Nullable TaskState current = c.current;
        if (current == null || current.phase != Phase.RUNNING || current.cpu != cpu
                || current.worker == sender.worker()) {
            return false;
        }
        int rx = closeInterval(current, timeNs, cpu);
        fGraph.link(sender.worker(), sender.index(), current.worker, rx, LinkKind.NETWORK);
        return true;
    }

    /**
     * Statedump entry: the state of a task when tracing began. Ignored (and counted) for a task
     * already seen, since the statedump runs after tracing started.
     *
     * @param timeNs event time, ns
     * @param tid thread id
     * @param name thread name
     * @param status its state
     * @param cpu its CPU, or -1 if not known (then it cannot be {@link TaskStatus#RUNNING})
     */
    public void statedumpTask(long timeNs, long tid, String name, TaskStatus status, int cpu) {
        accept(timeNs);
        if (status == TaskStatus.RUNNING && cpu < 0) {
            throw new IllegalArgumentException(where() + "a running task needs a CPU");
        }
        TaskState known = tid == 0 ? (cpu < 0 ? null : cpu(cpu).idle) : fTasks.get(tid);
        if (known != null && known.phase != Phase.EXITED) {
            fStatedumpsOfKnownTasks++;
            return;
        }
        switch (status) {
        case RUNNING:
            CpuState c = cpu(cpu);
            TaskState task = newTask(tid, name, timeNs, Phase.RUNNING, c);
            task.cpu = cpu;
            if (c.current == null) {
                c.current = task;
                c.timeline.record(timeNs, task.worker);
            }
            break;
        case RUNNABLE:
            newTask(tid, name, timeNs, Phase.RUNNABLE, cpu < 0 ? null : cpu(cpu));
            break;
        case BLOCKED:
            newTask(tid, name, timeNs, Phase.BLOCKED, cpu < 0 ? null : cpu(cpu));
            break;
        case UNKNOWN:
            newTask(tid, name, timeNs, Phase.UNKNOWN, cpu < 0 ? null : cpu(cpu));
            break;
        default:
            throw new IllegalStateException(status.toString());
        }
    }

    /**
     * {@code sched_switch}.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param prevTid the task switched out
     * @param prevName its name, or empty
     * @param prevState its raw {@code prev_state}, masked with {@link #PREV_STATE_MASK}; negative
     *            when not known (a switch the kernel did not report, which the recorder inferred
     *            from the next event of {@code next} on the CPU): {@code prev} is then in an
     *            unknown state
     * @param nextTid the task switched in
     * @param nextName its name, or empty
     */
    public void schedSwitch(long timeNs, int cpu, long prevTid, String prevName, long prevState, long nextTid,
            String nextName) {
        accept(timeNs);
        CpuState c = cpu(cpu);
        // The scheduler never runs in interrupt context: entries left lost their exits.
        fUnclosedInterruptContexts += c.contexts.clear();
        boolean consistent = true;
        TaskState former = c.current;
        TaskState prev = liveTask(prevTid, c);
        if (former != null && former != prev) {
            consistent = false;
            if (former.phase == Phase.RUNNING && former.cpu == cpu) {
                former.phase = Phase.UNKNOWN; // it left this CPU at a time we did not see
            }
        }
        if (prev == null) {
            prev = newTask(prevTid, prevName, timeNs, Phase.RUNNING, c);
        } else {
            if (prev.phase != Phase.UNKNOWN && (prev.phase != Phase.RUNNING || prev.cpu != cpu)) {
                consistent = false;
                prev.phase = Phase.UNKNOWN;
            }
            closeInterval(prev, timeNs, cpu);
            rename(prev, prevName);
        }
        if (prevState < 0) {
            fSwitchesFromUnknownState++;
        }
        if (prev.exiting && prevState >= 0 && (prevState & PREV_STATE_MASK) != 0) {
            // its last switch-out; an exiting task can still be preempted (prev_state 0) and run again
            prev.phase = Phase.EXITED;
        } else {
            prev.phase = prevState < 0 ? Phase.UNKNOWN : (prevState & PREV_STATE_MASK) == 0 ? Phase.RUNNABLE : Phase.BLOCKED;
        }
        prev.sinceNs = timeNs;
        if (!consistent) {
            fInconsistentSwitches++;
        }

        TaskState next = liveTask(nextTid, c);
        if (next == null) {
            next = newTask(nextTid, nextName, timeNs, Phase.RUNNING, c);
        } else {
            if (next.phase == Phase.BLOCKED) {
                fSwitchesInWithoutWakeup++;
            } else if (next.phase == Phase.RUNNING) {
                fInconsistentSwitches++; // already running elsewhere
                next.phase = Phase.UNKNOWN;
            }
            closeInterval(next, timeNs, cpu);
            rename(next, nextName);
        }
        next.phase = Phase.RUNNING;
        next.cpu = cpu;
        next.sinceNs = timeNs;
        c.current = next;
        c.timeline.record(timeNs, next.worker);
    }

    /**
     * A wake-up event ({@code sched_ttwu}, {@code sched_waking} or {@code sched_wakeup}). Only
     * events of this trace's {@link WakeupEventKind} are used; the others are counted.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU the event was emitted on
     * @param kind which wake-up event this is
     * @param tid the task woken
     */
    public void wakeup(long timeNs, int cpu, WakeupEventKind kind, long tid) {
        accept(timeNs);
        CpuState c = cpu(cpu);
        if (kind != fWakeupKind) {
            fWakeupsOfOtherKinds++;
            return;
        }
        wake(timeNs, c, tid);
    }

    /**
     * {@code sched_wakeup_new}: the first run-queue insertion of a new task.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU the event was emitted on
     * @param tid the new task
     */
    public void wakeupNew(long timeNs, int cpu, long tid) {
        accept(timeNs);
        wake(timeNs, cpu(cpu), tid);
    }

    /**
     * {@code sched_process_fork}: the parent, running on {@code cpu}, creates a task.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param parentTid the forking thread
     * @param childTid the new thread
     * @param childName the new thread's name
     */
    public void fork(long timeNs, int cpu, long parentTid, long childTid, String childName) {
        accept(timeNs);
        CpuState c = cpu(cpu);
        TaskState parent = runningTask(parentTid, c, timeNs);
        int parentVertex = parent.worker.size() - 1;
        if (parent.worker.time(parentVertex) < timeNs || parent.worker.upLink(parentVertex) >= 0) {
            parentVertex = closeInterval(parent, timeNs, cpu);
        }
        @Nullable TaskState previous = fTasks.get(childTid);
        if (previous != null && previous.phase != Phase.EXITED) {
            fTidsReusedWithoutExit++;
            previous.phase = Phase.EXITED;
        }
        TaskState child = newTask(childTid, childName, timeNs, Phase.NEW, c);
        fGraph.link(parent.worker, parentVertex, child.worker, 0, LinkKind.WAKE_UP);
    }

    /**
     * {@code sched_process_exec}: the task now runs another program.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param tid the task
     * @param name its new name
     */
    public void exec(long timeNs, int cpu, long tid, String name) {
        accept(timeNs);
        runningTask(tid, cpu(cpu), timeNs).worker.rename(name);
    }

    /**
     * {@code sched_process_exit}: the task ends at its next switch-out that is not a preemption
     * (a task preempted in {@code do_exit} after this event runs again before it is dead).
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param tid the task
     */
    public void exit(long timeNs, int cpu, long tid) {
        accept(timeNs);
        runningTask(tid, cpu(cpu), timeNs).exiting = true;
    }

    /**
     * {@code irq_handler_entry}.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param irq the IRQ number
     * @param name the handler name, or empty
     */
    public void irqEntry(long timeNs, int cpu, int irq, String name) {
        enter(timeNs, cpu, new InterruptContext(Kind.IRQ, irq, name));
    }

    /**
     * {@code irq_handler_exit}.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param irq the IRQ number
     */
    public void irqExit(long timeNs, int cpu, int irq) {
        leave(timeNs, cpu, Kind.IRQ, irq);
    }

    /**
     * {@code softirq_entry}, also when run by {@code ksoftirqd}.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param vector the softirq vector
     */
    public void softirqEntry(long timeNs, int cpu, int vector) {
        enter(timeNs, cpu, new InterruptContext(Kind.SOFTIRQ, vector, ""));
    }

    /**
     * {@code softirq_exit}.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param vector the softirq vector
     */
    public void softirqExit(long timeNs, int cpu, int vector) {
        leave(timeNs, cpu, Kind.SOFTIRQ, vector);
    }

    /**
     * {@code hrtimer_expire_entry}.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param hrtimer the timer's address
     * @param function the callback's name or address, or empty
     */
    public void hrtimerEntry(long timeNs, int cpu, long hrtimer, String function) {
        enter(timeNs, cpu, new InterruptContext(Kind.HRTIMER, hrtimer, function));
    }

    /**
     * {@code hrtimer_expire_exit}.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param hrtimer the timer's address
     */
    public void hrtimerExit(long timeNs, int cpu, long hrtimer) {
        leave(timeNs, cpu, Kind.HRTIMER, hrtimer);
    }

    /**
     * Entry of an inter-processor interrupt handler.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param vector the IPI vector
     */
    public void ipiEntry(long timeNs, int cpu, int vector) {
        enter(timeNs, cpu, new InterruptContext(Kind.IPI, vector, ""));
    }

    /**
     * Exit of an inter-processor interrupt handler.
     *
     * @param timeNs event time, ns
     * @param cpu the CPU
     * @param vector the IPI vector
     */
    public void ipiExit(long timeNs, int cpu, int vector) {
        leave(timeNs, cpu, Kind.IPI, vector);
    }

    /**
     * The tracer discarded events of a CPU just before {@code timeNs}. The CPU's interrupt
     * stack and running task are forgotten until its next switch.
     *
     * @param timeNs time of the notice, ns
     * @param cpu the CPU
     * @param count how many events were lost
     */
    public void lostEvents(long timeNs, int cpu, long count) {
        accept(timeNs);
        CpuState c = cpu(cpu);
        c.contexts.clear();
        TaskState current = c.current;
        if (current != null && current.phase == Phase.RUNNING && current.cpu == cpu) {
            closeInterval(current, timeNs, cpu);
            current.phase = Phase.UNKNOWN;
            current.sinceNs = timeNs;
        }
        c.current = null;
        c.timeline.record(timeNs, null);
        fLastLostNs = timeNs;
        fLostEventRecords++;
        fLostEvents += count;
    }

    /**
     * Closes the open interval of every task that has not exited at {@code endNs}, trims the
     * graph and reports. The builder must not be used afterwards.
     *
     * @param endNs the trace end, ns, not before the last event
     * @return the counts of ignored events and anomalies
     */
    public GraphBuildReport finish(long endNs) {
        accept(endNs);
        fEvents--; // the end is not an event
        List<TaskState> open = new ArrayList<>();
        for (TaskState task : fTasks.values()) {
            if (task != null) {
                open.add(task);
            }
        }
        for (CpuState c : fCpus) {
            TaskState idle = c == null ? null : c.idle;
            if (idle != null) {
                open.add(idle);
            }
        }
        for (TaskState task : open) {
            Worker worker = task.worker;
            if (task.phase != Phase.EXITED && worker.time(worker.size() - 1) < endNs) {
                closeInterval(task, endNs, task.phase == Phase.RUNNING ? task.cpu : -1);
            }
        }
        fGraph.trimToSize();
        return new GraphBuildReport(fHost, fWakeupKind, fEvents, fWakeupsOfOtherKinds, fSelfWakeups,
                fSpuriousWakeups, fWakeupsWithoutSource, fSwitchesInWithoutWakeup, fInconsistentSwitches,
                fTidsReusedWithoutFork, fTidsReusedWithoutExit, fUnmatchedInterruptExits,
                fUnclosedInterruptContexts, fLostEventRecords, fLostEvents, fStatedumpsOfKnownTasks, fSwitchesFromUnknownState);
    }

    private void wake(long timeNs, CpuState c, long tid) {
        @Nullable InterruptContext context = c.contexts.top();
        @Nullable TaskState source = context == null ? c.current : null;
        @Nullable TaskState target = tid == 0 ? c.idle : fTasks.get(tid);
        if (target != null && target == source) {
            fSelfWakeups++;
            return;
        }
        if (target == null || target.phase == Phase.EXITED) {
            // First sight of the task: it was blocked since before the trace (or a new task
            // whose fork was not traced). Its chain starts here, linked to a direct waker.
            target = newTask(tid, "", timeNs, Phase.RUNNABLE, c);
            if (source != null) {
                fGraph.link(source.worker, closeInterval(source, timeNs, c.cpu), target.worker, 0, LinkKind.WAKE_UP);
            }
            return;
        }
        switch (target.phase) {
        case RUNNING:
        case RUNNABLE:
            fSpuriousWakeups++;
            return;
        case NEW:
            break; // the fork already linked it
        case UNKNOWN:
            target.worker.append(timeNs, EdgeLabel.UNKNOWN);
            break;
        case BLOCKED:
            if (context != null) {
                int end = target.worker.append(timeNs, context.waitLabel(), context.qualifier());
                linkReceivedPacket(c, context, target.worker, end);
            } else if (source != null) {
                int blockedEnd = target.worker.append(timeNs, EdgeLabel.BLOCKED);
                int wakerVertex = closeInterval(source, timeNs, c.cpu);
                fGraph.link(source.worker, wakerVertex, target.worker, blockedEnd, LinkKind.WAKE_UP);
            } else {
                fWakeupsWithoutSource++;
                closeInterval(target, timeNs, -1);
            }
            break;
        case EXITED:
        default:
            throw new IllegalStateException(target.phase.toString());
        }
        target.phase = Phase.RUNNABLE;
        target.sinceNs = timeNs;
    }

    /** Links the packet received in {@code context}, if any, to the wait it ended. */
    private void linkReceivedPacket(CpuState c, InterruptContext context, Worker target, int vertex) {
        @Nullable Vertex sender = c.packetSender;
        if (sender == null) {
            return;
        }
        if (c.packetContext == context) {
            c.packetSender = null;
            c.packetContext = null;
            if (sender.worker() != target && sender.worker().upLink(sender.index()) < 0) {
                fGraph.link(sender.worker(), sender.index(), target, vertex, LinkKind.NETWORK);
            }
        }
    }

    /** The interrupt place-holder worker of {@code c}, made on first use. */
    private Worker placeholder(CpuState c) {
        @Nullable Worker worker = c.placeholder;
        if (worker == null) {
            worker = fGraph.createWorker(fHost, -1L - c.cpu, "interrupt/" + c.cpu);
            c.placeholder = worker;
        }
        return worker;
    }

    /**
     * A vertex of the place-holder at {@code timeNs} with a free outgoing slot. The interval
     * since its previous vertex (the thesis's {@code none}) is labelled
     * {@link EdgeLabel#INTERRUPTED} with the context's qualifier: a leaf for the critical path.
     */
    private static int placeholderVertex(CpuState c, long timeNs, InterruptContext context) {
        Worker worker = c.placeholder;
        if (worker == null) {
            throw new IllegalStateException("no place-holder on CPU " + c.cpu);
        }
        if (worker.size() == 0) {
            return worker.start(timeNs);
        }
        int tail = worker.size() - 1;
        if (worker.time(tail) == timeNs && worker.upLink(tail) < 0) {
            return tail;
        }
        return worker.append(timeNs, EdgeLabel.INTERRUPTED, context.qualifier());
    }

    private void enter(long timeNs, int cpu, InterruptContext context) {
        accept(timeNs);
        fUnclosedInterruptContexts += cpu(cpu).contexts.push(context);
    }

    private void leave(long timeNs, int cpu, Kind kind, long id) {
        accept(timeNs);
        int dropped = cpu(cpu).contexts.pop(kind, id);
        if (dropped < 0) {
            fUnmatchedInterruptExits++;
        } else {
            fUnclosedInterruptContexts += dropped;
        }
    }

    /**
     * Appends the vertex that closes a task's open interval, labelled by the interval's state.
     * The task keeps its phase.
     *
     * @param cpu the CPU a preempted task is switched in on, or -1
     * @return the new vertex index
     */
    private int closeInterval(TaskState task, long timeNs, int cpu) {
        Worker worker = task.worker;
        switch (task.phase) {
        case RUNNING:
            return worker.append(timeNs, EdgeLabel.RUNNING, task.cpu);
        case RUNNABLE:
        case NEW:
            return worker.append(timeNs, EdgeLabel.PREEMPTED, cpu);
        case BLOCKED:
            // With events lost since it blocked, its wake-up may be among them.
            return worker.append(timeNs, fLastLostNs >= task.sinceNs ? EdgeLabel.UNKNOWN : EdgeLabel.BLOCKED);
        case UNKNOWN:
            return worker.append(timeNs, EdgeLabel.UNKNOWN);
        case EXITED:
        default:
            throw new IllegalStateException(worker + " has no open interval in phase " + task.phase);
        }
    }

    /** The task of {@code tid} (idle task of {@code c} for 0), if seen and not exited. */
    private @Nullable TaskState liveTask(long tid, CpuState c) {
        @Nullable TaskState task = tid == 0 ? c.idle : fTasks.get(tid);
        if (task != null && task.phase == Phase.EXITED) {
            fTidsReusedWithoutFork++;
            return null;
        }
        return task;
    }

    /** The task of {@code tid}, which runs on {@code c} (a fork, exec or exit is in its context). */
    private TaskState runningTask(long tid, CpuState c, long timeNs) {
        TaskState task = liveTask(tid, c);
        if (task == null) {
            task = newTask(tid, "", timeNs, Phase.RUNNING, c);
            task.cpu = c.cpu;
            if (c.current == null) {
                c.current = task;
                c.timeline.record(timeNs, task.worker);
            }
        }
        return task;
    }

    private TaskState newTask(long tid, String name, long timeNs, Phase phase, @Nullable CpuState c) {
        Worker worker = fGraph.createWorker(fHost, tid, name);
        worker.start(timeNs);
        TaskState task = new TaskState(worker, phase, timeNs);
        if (tid != 0) {
            fTasks.put(tid, task);
        } else if (c != null) {
            c.idle = task;
        } else {
            throw new IllegalArgumentException(where() + "the idle task (tid 0) needs a CPU");
        }
        if (phase == Phase.RUNNING && c != null) {
            task.cpu = c.cpu;
        }
        return task;
    }

    private static void rename(TaskState task, String name) {
        if (!name.isEmpty() && !name.equals(task.worker.name())) {
            task.worker.rename(name);
        }
    }

    private CpuState cpu(int cpu) {
        if (cpu < 0 || cpu > MAX_CPU) {
            throw new IllegalArgumentException(where() + "CPU " + cpu + " is out of range [0, " + MAX_CPU + "]");
        }
        while (fCpus.size() <= cpu) {
            fCpus.add(null);
        }
        CpuState state = fCpus.get(cpu);
        if (state == null) {
            state = new CpuState(cpu, fGraph.cpuTimeline(fHost, cpu));
            fCpus.set(cpu, state);
        }
        return state;
    }

    /** Counts an event, or rejects it, leaving the builder as it was, if it is out of order. */
    private void accept(long timeNs) {
        if (timeNs < fLastNs) {
            throw new OutOfOrderEventException(fHost, fEvents + 1, timeNs, fLastNs);
        }
        fEvents++;
        fLastNs = timeNs;
    }

    private String where() {
        return "host '" + fHost + "', event #" + fEvents + " at " + fLastNs + " ns: ";
    }
}
