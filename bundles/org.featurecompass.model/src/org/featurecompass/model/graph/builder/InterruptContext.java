package org.featurecompass.model.graph.builder;

import org.featurecompass.model.graph.EdgeLabel;

/**
 * One level of a CPU's interrupt-context stack ({@code CTX} in Giraldeau 2015, §4.4,
 * Algorithm 1). A wake-up issued in this context is indirect: its wait label comes from the
 * interrupt type, and its qualifier names the IRQ, the softirq vector or the timer function.
 *
 * @param kind hard IRQ, softirq, hrtimer or IPI
 * @param id IRQ number, softirq vector, hrtimer address or IPI vector; exits are matched on it
 * @param name IRQ name or hrtimer function; empty if not known
 */
public record InterruptContext(InterruptContext.Kind kind, long id, String name) {

    /** Interrupt types a kernel trace distinguishes. */
    public enum Kind {
        /** Hardware interrupt handler. */
        IRQ,
        /** Software interrupt (bottom half), wherever it runs, {@code ksoftirqd} included. */
        SOFTIRQ,
        /** High-resolution timer expiry. */
        HRTIMER,
        /** Inter-processor interrupt. */
        IPI
    }

    /** Linux softirq vector names, indexed by vector ({@code include/linux/interrupt.h}). */
    private static final String[] SOFTIRQ_NAMES = { "HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL",
            "TASKLET", "SCHED", "HRTIMER", "RCU" };

    /**
     * The label of a blocked interval ended by a wake-up in this context. Timers (hrtimer, timer
     * and hrtimer softirqs, the IRQ named "timer") give {@link EdgeLabel#TIMER}; network softirqs
     * {@link EdgeLabel#NETWORK}; block softirqs {@link EdgeLabel#BLOCK_DEVICE}; IPIs
     * {@link EdgeLabel#IPI}; other IRQs and softirqs {@link EdgeLabel#INTERRUPTED}, the device
     * being then named only by the qualifier.
     *
     * @return the wait label
     */
    public EdgeLabel waitLabel() {
        switch (kind) {
        case HRTIMER:
            return EdgeLabel.TIMER;
        case IPI:
            return EdgeLabel.IPI;
        case IRQ:
            return "timer".equals(name) ? EdgeLabel.TIMER : EdgeLabel.INTERRUPTED;
        case SOFTIRQ:
            return softirqLabel();
        default:
            throw new IllegalStateException(kind.toString());
        }
    }

    private EdgeLabel softirqLabel() {
        switch ((int) id) {
        case 1: // TIMER
        case 8: // HRTIMER
            return EdgeLabel.TIMER;
        case 2: // NET_TX
        case 3: // NET_RX
            return EdgeLabel.NETWORK;
        case 4: // BLOCK
        case 5: // IRQ_POLL, formerly BLOCK_IOPOLL
            return EdgeLabel.BLOCK_DEVICE;
        default:
            return EdgeLabel.INTERRUPTED;
        }
    }

    /** @return the qualifier recorded on the woken task's edge */
    public String qualifier() {
        switch (kind) {
        case SOFTIRQ:
            return id >= 0 && id < SOFTIRQ_NAMES.length ? SOFTIRQ_NAMES[(int) id] : "softirq " + id;
        case IRQ:
            return name.isEmpty() ? "irq " + id : name;
        case HRTIMER:
            return name.isEmpty() ? "hrtimer" : name;
        case IPI:
            return "ipi " + id;
        default:
            throw new IllegalStateException(kind.toString());
        }
    }

    /**
     * @param exitKind the type of an exit event
     * @param exitId the id the exit event carries
     * @return whether that exit closes this context
     */
    boolean isClosedBy(Kind exitKind, long exitId) {
        return kind == exitKind && id == exitId;
    }
}
