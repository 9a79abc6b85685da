package org.featurecompass.model.ecct;

import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.EdgeLabel;

/**
 * One frame of a calling context: its kind and the text shown for it. Frames are interned by a
 * {@link FrameTable}; two frames are the same context step if kind and label are equal.
 *
 * @param kind what the frame stands for
 * @param label the text shown, e.g. {@code main}, {@code FR(A,B)}, {@code [thread worker of server]},
 *            {@code block device}
 */
public record Frame(FrameKind kind, String label) {

    /**
     * @param name function name (or address text when no symbol is known)
     * @return an instrumented function frame
     */
    public static Frame function(String name) {
        return new Frame(FrameKind.FUNCTION, name);
    }

    /**
     * @param name function name of a sampled stack
     * @return a sampled function frame
     */
    public static Frame sampled(String name) {
        return new Frame(FrameKind.SAMPLED, name);
    }

    /**
     * @param features the region's features in the feature-region analyses' text form, e.g.
     *            {@code A,B}
     * @return the frame {@code FR(A,B)}
     */
    public static Frame featureRegion(String features) {
        return new Frame(FrameKind.FEATURE_REGION, "FR(" + features + ")"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * The thread marker that the paper's pseudocode leaves undefined (Fig. 5 line 7, Fig. 6 line
     * 8), named by what stays the same from run to run ({@link ThreadMarkerName}):
     * {@code [thread fc-worker-1 of fc-demo]}, {@code [thread kworker/u*:*]}, with {@code @host}
     * appended when the thread is on another host than the execution. Never a thread or process
     * id: those are details of the context ({@link ThreadIds}), not part of it.
     *
     * @param name thread name (command), may be empty
     * @param process its process's name, or {@code null} if not known
     * @param host host to show, or {@code null} when it is the execution's own host
     * @return the marker frame
     */
    public static Frame thread(String name, @Nullable String process, @Nullable String host) {
        String shown = ThreadMarkerName.of(name, process);
        StringBuilder label = new StringBuilder("[thread"); //$NON-NLS-1$
        if (!shown.isEmpty()) {
            label.append(' ').append(shown);
        }
        if (host != null) {
            label.append(" @").append(host); //$NON-NLS-1$
        }
        return new Frame(FrameKind.THREAD, label.append(']').toString());
    }

    /**
     * @param reason a wait reason of the execution graph, not {@link EdgeLabel#RUNNING}
     * @return the artificial frame named after it, e.g. {@code block device}
     */
    public static Frame waiting(EdgeLabel reason) {
        if (reason == EdgeLabel.RUNNING) {
            throw new IllegalArgumentException("running is not a wait"); //$NON-NLS-1$
        }
        return new Frame(FrameKind.WAIT, waitLabel(reason));
    }

    /** @return the wait reason of a {@link FrameKind#WAIT} frame, or {@code null} for any other */
    public @Nullable EdgeLabel waitReason() {
        if (kind != FrameKind.WAIT) {
            return null;
        }
        for (EdgeLabel reason : EdgeLabel.values()) {
            if (reason != EdgeLabel.RUNNING && waitLabel(reason).equals(label)) {
                return reason;
            }
        }
        return null;
    }

    private static String waitLabel(EdgeLabel reason) {
        return reason.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    @Override
    public String toString() {
        return label;
    }
}
