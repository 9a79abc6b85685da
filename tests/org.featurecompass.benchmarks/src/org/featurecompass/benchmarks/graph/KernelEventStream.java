package org.featurecompass.benchmarks.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.TaskStatus;
import org.featurecompass.model.graph.builder.WakeupEventKind;

/**
 * A deterministic synthetic kernel event stream of one host, held in primitive columns (21 bytes
 * per event) so that {@link #replay(ExecutionGraphBuilder)} measures the graph builder and not a
 * trace reader.
 * <p>
 * {@link #generate(long, int, int, long)} simulates {@code cpus} CPUs and {@code threads} threads
 * (tids from 1000, plus one idle task per CPU). It starts with a statedump (the first threads
 * running, the others blocked), then, at a random CPU every 20 to 180 ns, the running task
 * wakes a blocked task ({@code sched_waking}, direct), blocks ({@code sched_switch} with
 * {@code prev_state} 1), is preempted by a queued task ({@code prev_state} 0x100, the kernel's
 * preemption marker, which the builder masks away), or the CPU takes an interrupt: an hrtimer
 * that wakes a task, a network IRQ then a NET_RX softirq that wakes one, a disk IRQ then a BLOCK
 * softirq that wakes one, a reschedule IPI that wakes one, or the local timer IRQ and TIMER
 * softirq, waking no one. Idle CPUs take interrupts too and pull queued tasks (stealing from
 * other CPUs). A few tasks fork ({@code sched_process_fork} + {@code sched_wakeup_new}) and exit
 * ({@code sched_process_exit}, then a switch-out with {@code prev_state} 0x80, TASK_DEAD); the
 * thread count stays between 0.8 and 1.2 times {@code threads}. Blocking is a little more likely
 * than waking, so most threads sleep and the run queues stay short, as on a real machine.
 */
public final class KernelEventStream {

    static final byte STATEDUMP = 0;
    static final byte SWITCH = 1;
    static final byte WAKING = 2;
    static final byte WAKEUP_NEW = 3;
    static final byte FORK = 4;
    static final byte EXIT = 5;
    static final byte IRQ_ENTRY = 6;
    static final byte IRQ_EXIT = 7;
    static final byte SOFTIRQ_ENTRY = 8;
    static final byte SOFTIRQ_EXIT = 9;
    static final byte HRTIMER_ENTRY = 10;
    static final byte HRTIMER_EXIT = 11;
    static final byte IPI_ENTRY = 12;
    static final byte IPI_EXIT = 13;

    static final int FIRST_TID = 1000;
    private static final int NET_IRQ = 42;
    private static final int DISK_IRQ = 16;
    private static final int TIMER_IRQ = 0;
    private static final int RESCHEDULE_IPI = 253;
    private static final String[] IRQ_NAMES = new String[64];
    /** The address of every hrtimer (one per CPU: this base or the CPU). */
    static final long HRTIMER_BASE = 0xffff_8880_0000_0000L;
    /** The address of the timers' callback, {@code hrtimer_wakeup} in a kernel image. */
    static final long HRTIMER_FUNCTION = 0xffff_ffff_8112_3450L;
    /** The callback as a kernel trace reader names it: its address, as the feeder formats it. */
    private static final String HRTIMER_FUNCTION_NAME = "0x" + Long.toHexString(HRTIMER_FUNCTION); //$NON-NLS-1$

    static {
        IRQ_NAMES[NET_IRQ] = "eth0"; //$NON-NLS-1$
        IRQ_NAMES[DISK_IRQ] = "nvme0q1"; //$NON-NLS-1$
        IRQ_NAMES[TIMER_IRQ] = "timer"; //$NON-NLS-1$
    }

    private long[] fTime;
    private byte[] fKind;
    private short[] fCpu;
    /** prev tid, woken tid, parent, IRQ, vector, timer... */
    private int[] fA;
    /** next tid, child, statedump status, or the target CPU of a wake-up */
    private int[] fB;
    /** prev_state of a switch */
    private short[] fPrevState;
    private int fSize;
    private final int fCpus;
    private final List<String> fNames = new ArrayList<>();
    private final String[] fIdleNames;

    private KernelEventStream(int capacity, int cpus) {
        fTime = new long[capacity];
        fKind = new byte[capacity];
        fCpu = new short[capacity];
        fA = new int[capacity];
        fB = new int[capacity];
        fPrevState = new short[capacity];
        fCpus = cpus;
        fIdleNames = new String[cpus];
        for (int c = 0; c < cpus; c++) {
            fIdleNames[c] = "swapper/" + c; //$NON-NLS-1$
        }
    }

    /** @return the number of events */
    public int size() {
        return fSize;
    }

    /** @return bytes held by the columns */
    long bytes() {
        return 21L * fTime.length;
    }

    /** @return the time of the last event, ns */
    public long endNs() {
        return fTime[fSize - 1];
    }

    /** @return the number of CPUs */
    public int cpus() {
        return fCpus;
    }

    /**
     * Feeds every event to {@code builder}, in order.
     *
     * @param builder a builder made with {@link WakeupEventKind#WAKING}
     */
    public void replay(ExecutionGraphBuilder builder) {
        TaskStatus[] statuses = TaskStatus.values();
        for (int i = 0; i < fSize; i++) {
            long t = fTime[i];
            int cpu = fCpu[i];
            int a = fA[i];
            int b = fB[i];
            switch (fKind[i]) {
            case STATEDUMP -> builder.statedumpTask(t, a, name(a, cpu), statuses[b], statuses[b] == TaskStatus.RUNNING ? cpu : -1);
            case SWITCH -> builder.schedSwitch(t, cpu, a, name(a, cpu), fPrevState[i], b, name(b, cpu));
            case WAKING -> builder.wakeup(t, cpu, WakeupEventKind.WAKING, a);
            case WAKEUP_NEW -> builder.wakeupNew(t, cpu, a);
            case FORK -> builder.fork(t, cpu, a, b, name(b, cpu));
            case EXIT -> builder.exit(t, cpu, a);
            case IRQ_ENTRY -> builder.irqEntry(t, cpu, a, IRQ_NAMES[a]);
            case IRQ_EXIT -> builder.irqExit(t, cpu, a);
            case SOFTIRQ_ENTRY -> builder.softirqEntry(t, cpu, a);
            case SOFTIRQ_EXIT -> builder.softirqExit(t, cpu, a);
            case HRTIMER_ENTRY -> builder.hrtimerEntry(t, cpu, HRTIMER_BASE | a, HRTIMER_FUNCTION_NAME);
            case HRTIMER_EXIT -> builder.hrtimerExit(t, cpu, HRTIMER_BASE | a);
            case IPI_ENTRY -> builder.ipiEntry(t, cpu, a);
            case IPI_EXIT -> builder.ipiExit(t, cpu, a);
            default -> throw new IllegalStateException("kind " + fKind[i]); //$NON-NLS-1$
            }
        }
    }

    /** @return the name of thread {@code tid} (the idle task's of {@code cpu} for 0) */
    String name(int tid, int cpu) {
        return tid == 0 ? fIdleNames[cpu] : fNames.get(tid - FIRST_TID);
    }

    /** @return the name of an IRQ the stream raises */
    static String irqName(int irq) {
        return IRQ_NAMES[irq];
    }

    // ---- the columns, for writers of the stream in a trace format ----

    /** @return the time of event {@code i}, ns */
    public long time(int i) {
        return fTime[i];
    }

    /** @return the kind of event {@code i} ({@link #SWITCH}, ...) */
    byte kind(int i) {
        return fKind[i];
    }

    /** @return the CPU of event {@code i} */
    public int cpu(int i) {
        return fCpu[i];
    }

    /** @return the first operand of event {@code i}: prev tid, woken tid, parent, IRQ, vector, timer CPU */
    int a(int i) {
        return fA[i];
    }

    /** @return the second operand of event {@code i}: next tid, child, statedump status, target CPU */
    int b(int i) {
        return fB[i];
    }

    /** @return the {@code prev_state} of switch {@code i} */
    int prevState(int i) {
        return fPrevState[i];
    }

    // ---- generation ----

    private static final int RUNNING = 1;
    private static final int QUEUED = 2;
    private static final int BLOCKED = 3;
    private static final int EXITED = 4;

    private long fSeed;
    private long fNow;
    private int[] fState = new int[0];
    private int[] fBlocked = new int[0];
    private int[] fBlockedAt = new int[0];
    private int fBlockedCount;
    private int fAlive;

    /**
     * @param events how many events to make (at least)
     * @param cpus CPUs
     * @param threads threads at the start
     * @param seed random seed
     * @return the stream
     */
    public static KernelEventStream generate(long events, int cpus, int threads, long seed) {
        int capacity = Math.toIntExact(events + 64);
        KernelEventStream s = new KernelEventStream(capacity, cpus);
        s.fSeed = seed;
        s.run(events, threads);
        return s;
    }

    private void run(long events, int threads) {
        int maxThreads = threads + threads / 5;
        int minThreads = threads - threads / 5;
        fState = new int[Math.max(16, threads * 2)];
        fBlocked = new int[fState.length];
        fBlockedAt = new int[fState.length];
        @SuppressWarnings("unchecked")
        ArrayDeque<Integer>[] queues = new ArrayDeque[fCpus];
        int[] running = new int[fCpus]; // tid, 0 = idle
        for (int c = 0; c < fCpus; c++) {
            queues[c] = new ArrayDeque<>();
        }
        fNow = 1_000_000;
        for (int i = 0; i < threads; i++) {
            int tid = newThread();
            if (i < fCpus) {
                running[i] = tid;
                fState[tid - FIRST_TID] = RUNNING;
                add(STATEDUMP, i, tid, TaskStatus.RUNNING.ordinal());
            } else {
                block(tid);
                add(STATEDUMP, 0, tid, TaskStatus.BLOCKED.ordinal());
            }
        }
        while (fSize < events) {
            fNow += 20 + next(161);
            int cpu = next(fCpus);
            int cur = running[cpu];
            int r = next(1000);
            if (cur == 0) {
                ArrayDeque<Integer> queue = queues[cpu];
                if (queue.isEmpty()) {
                    ArrayDeque<Integer> other = queues[next(fCpus)];
                    if (!other.isEmpty()) {
                        queue.add(other.pollLast()); // load balancing: migration, no event
                    }
                }
                if (!queue.isEmpty()) {
                    int nextTid = queue.poll().intValue();
                    switchTo(cpu, 0, 0, nextTid, running);
                } else if (r < 300) {
                    interrupt(cpu, queues);
                }
                continue;
            }
            if (r < 150) {
                if (fBlockedCount > 0) {
                    int target = unblockRandom();
                    add(WAKING, cpu, target, 0);
                    enqueue(queues, next(fCpus), target);
                }
            } else if (r < 490) {
                fState[cur - FIRST_TID] = BLOCKED;
                block(cur);
                Integer nextTid = queues[cpu].poll();
                switchTo(cpu, cur, 1, nextTid == null ? 0 : nextTid.intValue(), running);
            } else if (r < 600 && !queues[cpu].isEmpty()) {
                fState[cur - FIRST_TID] = QUEUED;
                int nextTid = queues[cpu].poll().intValue();
                queues[cpu].add(Integer.valueOf(cur));
                switchTo(cpu, cur, 0x100, nextTid, running);
            } else if (r < 994) {
                interrupt(cpu, queues);
            } else if (r < 997) {
                if (fAlive < maxThreads) {
                    int child = newThread();
                    fState[child - FIRST_TID] = QUEUED;
                    add(FORK, cpu, cur, child);
                    tick();
                    add(WAKEUP_NEW, cpu, child, 0);
                    enqueue(queues, next(fCpus), child);
                }
            } else if (fAlive > minThreads) {
                add(EXIT, cpu, cur, 0);
                tick();
                fState[cur - FIRST_TID] = EXITED;
                fAlive--;
                Integer nextTid = queues[cpu].poll();
                switchTo(cpu, cur, 0x80, nextTid == null ? 0 : nextTid.intValue(), running);
            }
        }
    }

    /** One interrupt on {@code cpu}, which may wake a blocked task onto a run queue. */
    private void interrupt(int cpu, ArrayDeque<Integer>[] queues) {
        switch (next(5)) {
        case 0 -> { // hrtimer (nanosleep, futex timeouts): TIMER
            add(HRTIMER_ENTRY, cpu, cpu, 0);
            wakeInInterrupt(cpu, queues);
            add(HRTIMER_EXIT, cpu, cpu, 0);
        }
        case 1 -> { // network: IRQ then NET_RX softirq: NETWORK
            add(IRQ_ENTRY, cpu, NET_IRQ, 0);
            add(IRQ_EXIT, cpu, NET_IRQ, 0);
            add(SOFTIRQ_ENTRY, cpu, 3, 0);
            wakeInInterrupt(cpu, queues);
            add(SOFTIRQ_EXIT, cpu, 3, 0);
        }
        case 2 -> { // disk: IRQ then BLOCK softirq: BLOCK_DEVICE
            add(IRQ_ENTRY, cpu, DISK_IRQ, 0);
            add(IRQ_EXIT, cpu, DISK_IRQ, 0);
            add(SOFTIRQ_ENTRY, cpu, 4, 0);
            wakeInInterrupt(cpu, queues);
            add(SOFTIRQ_EXIT, cpu, 4, 0);
        }
        case 3 -> { // reschedule IPI: IPI
            add(IPI_ENTRY, cpu, RESCHEDULE_IPI, 0);
            wakeInInterrupt(cpu, queues);
            add(IPI_EXIT, cpu, RESCHEDULE_IPI, 0);
        }
        default -> { // local timer tick and TIMER softirq, waking no one
            add(IRQ_ENTRY, cpu, TIMER_IRQ, 0);
            add(IRQ_EXIT, cpu, TIMER_IRQ, 0);
            add(SOFTIRQ_ENTRY, cpu, 1, 0);
            add(SOFTIRQ_EXIT, cpu, 1, 0);
        }
        }
    }

    private void wakeInInterrupt(int cpu, ArrayDeque<Integer>[] queues) {
        if (fBlockedCount > 0) {
            int target = unblockRandom();
            add(WAKING, cpu, target, 0);
            enqueue(queues, next(2) == 0 ? cpu : next(fCpus), target);
        }
    }

    /**
     * Queues a task just woken (the last event) on {@code cpu}, which that event records as its
     * target CPU ({@code target_cpu} of {@code sched_waking}).
     */
    private void enqueue(ArrayDeque<Integer>[] queues, int cpu, int tid) {
        fB[fSize - 1] = cpu;
        queues[cpu].add(Integer.valueOf(tid));
    }

    private void switchTo(int cpu, int prev, int prevState, int nextTid, int[] running) {
        fPrevState[fSize] = (short) prevState;
        add(SWITCH, cpu, prev, nextTid);
        running[cpu] = nextTid;
        if (nextTid != 0) {
            fState[nextTid - FIRST_TID] = RUNNING;
        }
    }

    private int newThread() {
        int tid = FIRST_TID + fNames.size();
        fNames.add("worker-" + tid); //$NON-NLS-1$
        int index = tid - FIRST_TID;
        if (index >= fState.length) {
            fState = Arrays.copyOf(fState, fState.length * 2);
            fBlocked = Arrays.copyOf(fBlocked, fState.length);
            fBlockedAt = Arrays.copyOf(fBlockedAt, fState.length);
        }
        fAlive++;
        return tid;
    }

    private void block(int tid) {
        fState[tid - FIRST_TID] = BLOCKED;
        fBlockedAt[tid - FIRST_TID] = fBlockedCount;
        fBlocked[fBlockedCount++] = tid;
    }

    private int unblockRandom() {
        int i = next(fBlockedCount);
        int tid = fBlocked[i];
        int last = fBlocked[--fBlockedCount];
        fBlocked[i] = last;
        fBlockedAt[last - FIRST_TID] = i;
        fState[tid - FIRST_TID] = QUEUED;
        return tid;
    }

    private void add(byte kind, int cpu, int a, int b) {
        int i = fSize++;
        fTime[i] = fNow;
        fKind[i] = kind;
        fCpu[i] = (short) cpu;
        fA[i] = a;
        fB[i] = b;
        tick();
    }

    private void tick() {
        fNow += 50 + next(200);
    }

    /** xorshift64*: uniform in [0, bound). */
    private int next(int bound) {
        long x = fSeed;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        fSeed = x;
        return (int) Long.remainderUnsigned(x * 0x2545F4914F6CDD1DL, bound);
    }
}
