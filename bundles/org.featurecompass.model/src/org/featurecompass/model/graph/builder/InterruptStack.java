package org.featurecompass.model.graph.builder;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.builder.InterruptContext.Kind;

/**
 * A CPU's interrupt-context stack ({@code CTX[cpu]} in Giraldeau 2015, §4.4, Algorithm 1), with
 * defensive pops: an exit pops only its own entry, and the entries above it, whose exits are
 * missing. Depth is bounded so that lost exits cannot grow it without end. Callers count what
 * each operation drops.
 */
final class InterruptStack {

    /** Deeper than any real nesting (IRQ, softirq, hrtimer, IPI): a sign of missing exits. */
    private static final int MAX_DEPTH = 16;

    private final Deque<InterruptContext> fContexts = new ArrayDeque<>();

    /** @return the innermost context, or {@code null} outside interrupt context */
    @Nullable InterruptContext top() {
        return fContexts.isEmpty() ? null : fContexts.peek();
    }

    /**
     * Enters a context.
     *
     * @return the number of unclosed entries dropped because the stack was full
     */
    int push(InterruptContext context) {
        int dropped = fContexts.size() >= MAX_DEPTH ? clear() : 0;
        fContexts.push(context);
        return dropped;
    }

    /**
     * Leaves the innermost context that {@code kind} and {@code id} close.
     *
     * @return the number of unclosed entries dropped above it, or -1 if no entry matches (the
     *         stack is then unchanged)
     */
    int pop(Kind kind, long id) {
        int depth = 0;
        for (InterruptContext context : fContexts) {
            if (context.isClosedBy(kind, id)) {
                Iterator<InterruptContext> it = fContexts.iterator();
                for (int i = 0; i <= depth; i++) {
                    it.next();
                    it.remove();
                }
                return depth;
            }
            depth++;
        }
        return -1;
    }

    /** @return the number of entries dropped */
    int clear() {
        int dropped = fContexts.size();
        fContexts.clear();
        return dropped;
    }
}
