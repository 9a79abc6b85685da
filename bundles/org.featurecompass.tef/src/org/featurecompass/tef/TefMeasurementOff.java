package org.featurecompass.tef;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A window in which the trace declares that its instrumentation was switched off, so events of
 * the processes it covers are missing there (QDIME-style gating, Arafa et al.
 * 2017). A trace declares them with instant events of category {@value #CATEGORY}:
 * {@code {"name":"measurement_off","cat":"__measurement","ph":"i","s":"p","pid":7,"ts":…}} opens
 * a window and {@code measurement_on} closes it. Scope {@code "s":"g"}, or a marker without
 * {@code pid}, covers every process; any other scope covers the marker's process (gating switches
 * a whole process). Processes and the global scope are paired separately. See {@code doc/tef.md}.
 *
 * @param startNs first unobserved instant, ns
 * @param endNs when measurement was switched on again, ns
 * @param pid the process whose instrumentation was off, as written in the trace, or null for every process
 * @param byteOffset where the marker that opened the window starts in the (decompressed) file; for
 *            a window open from the trace start, the closing marker's
 * @param eventNumber index of that marker in the event array (file order)
 * @param openAtTraceStart the first marker of its scope switched measurement on: it was off from the trace start
 * @param openAtTraceEnd measurement was never switched on again: off to the trace end
 */
public record TefMeasurementOff(long startNs, long endNs, @Nullable String pid, long byteOffset, long eventNumber,
        boolean openAtTraceStart, boolean openAtTraceEnd) {

    /** Category of the measurement markers. */
    public static final String CATEGORY = "__measurement"; //$NON-NLS-1$
    /** Name of the marker that switches measurement off. */
    public static final String OFF = "measurement_off"; //$NON-NLS-1$
    /** Name of the marker that switches measurement on again. */
    public static final String ON = "measurement_on"; //$NON-NLS-1$
}
