package org.featurecompass.tef.index;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.TefMeasurementOff;
import org.featurecompass.tef.TefProblemKind;

/**
 * Pairs the measurement markers of a trace ({@link TefMeasurementOff}) into measurement-off
 * windows, in time order, per scope (every process, or one process). Bad markers are reported,
 * never guessed at silently:
 * <ul>
 * <li>a {@code measurement_on} without an open window: if it is the first marker of its scope,
 * measurement was off since the trace start (the window starts there; none if the marker is at the
 * trace start); otherwise it is ignored;</li>
 * <li>a {@code measurement_off} while its scope is already off: ignored, the window goes on;</li>
 * <li>a window still open at the trace end: off to the end;</li>
 * <li>another name or phase in the marker category, or an unknown scope: ignored.</li>
 * </ul>
 */
public final class MeasurementWindows {

    /** One marker as read from the file; {@code timeNs} is already placed at the trace start if it had no ts. */
    record Marker(long timeNs, long byteOffset, long eventNumber, @Nullable String name, String phase,
            @Nullable String scope, @Nullable String pid) {
    }

    /** Scope key of every process; process keys are the pid text, which is never empty. */
    private static final String GLOBAL = ""; //$NON-NLS-1$

    private MeasurementWindows() {
    }

    /**
     * @param markers the markers, in any order
     * @param traceStartNs the trace's first timestamp, ns
     * @param traceEndNs the trace's last timestamp, ns
     * @param problems receives the bad markers
     * @return the windows, by start time
     */
    static List<TefMeasurementOff> pair(List<Marker> markers, long traceStartNs, long traceEndNs, ProblemLog problems) {
        List<Marker> sorted = new ArrayList<>(markers);
        sorted.sort(Comparator.comparingLong(Marker::timeNs).thenComparingLong(Marker::eventNumber));
        Map<String, Marker> open = new HashMap<>();
        Set<String> seen = new HashSet<>();
        List<TefMeasurementOff> windows = new ArrayList<>();
        for (Marker marker : sorted) {
            String scope = scopeKey(marker);
            boolean instant = marker.phase().equals("i") || marker.phase().equals("I"); //$NON-NLS-1$ //$NON-NLS-2$
            boolean off = TefMeasurementOff.OFF.equals(marker.name());
            if (scope == null || !instant || (!off && !TefMeasurementOff.ON.equals(marker.name()))) {
                problems.report(TefProblemKind.MEASUREMENT_MARKER_UNKNOWN, marker.byteOffset(), marker.eventNumber(),
                        "\"" + marker.name() + "\" with ph \"" + marker.phase() + "\" and s \"" + marker.scope() //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                                + "\" is no measurement marker (instant measurement_off or measurement_on, scope g, p or t); ignored"); //$NON-NLS-1$
                continue;
            }
            boolean first = seen.add(scope);
            if (off) {
                if (open.containsKey(scope)) {
                    problems.report(TefProblemKind.MEASUREMENT_OFF_NESTED, marker.byteOffset(), marker.eventNumber(),
                            "measurement_off at " + marker.timeNs() + " ns for " + describe(scope) //$NON-NLS-1$ //$NON-NLS-2$
                                    + " while it is already off; ignored, the window goes on"); //$NON-NLS-1$
                } else {
                    open.put(scope, marker);
                }
                continue;
            }
            Marker opened = open.remove(scope);
            if (opened != null) {
                windows.add(new TefMeasurementOff(opened.timeNs(), marker.timeNs(), pidOf(scope), opened.byteOffset(),
                        opened.eventNumber(), false, false));
            } else if (first) {
                boolean unobserved = marker.timeNs() > traceStartNs;
                problems.report(TefProblemKind.MEASUREMENT_ON_WITHOUT_OFF, marker.byteOffset(), marker.eventNumber(),
                        "measurement_on at " + marker.timeNs() + " ns for " + describe(scope) //$NON-NLS-1$ //$NON-NLS-2$
                                + " without a measurement_off before it; " + (unobserved //$NON-NLS-1$
                                        ? "measurement is taken as off from the trace start" //$NON-NLS-1$
                                        : "it is at the trace start, so nothing was unobserved")); //$NON-NLS-1$
                if (unobserved) {
                    windows.add(new TefMeasurementOff(traceStartNs, marker.timeNs(), pidOf(scope), marker.byteOffset(),
                            marker.eventNumber(), true, false));
                }
            } else {
                problems.report(TefProblemKind.MEASUREMENT_ON_WITHOUT_OFF, marker.byteOffset(), marker.eventNumber(),
                        "measurement_on at " + marker.timeNs() + " ns for " + describe(scope) //$NON-NLS-1$ //$NON-NLS-2$
                                + " while it is already on; ignored"); //$NON-NLS-1$
            }
        }
        List<Map.Entry<String, Marker>> unclosed = new ArrayList<>(open.entrySet());
        unclosed.sort(Comparator.comparingLong((Map.Entry<String, Marker> e) -> e.getValue().timeNs())
                .thenComparingLong(e -> e.getValue().eventNumber()));
        for (Map.Entry<String, Marker> entry : unclosed) {
            Marker marker = entry.getValue();
            problems.report(TefProblemKind.MEASUREMENT_OFF_UNCLOSED, marker.byteOffset(), marker.eventNumber(),
                    "measurement_off at " + marker.timeNs() + " ns for " + describe(entry.getKey()) //$NON-NLS-1$ //$NON-NLS-2$
                            + " is never followed by measurement_on; off to the trace end (" + traceEndNs + " ns)"); //$NON-NLS-1$ //$NON-NLS-2$
            windows.add(new TefMeasurementOff(marker.timeNs(), Math.max(marker.timeNs(), traceEndNs), pidOf(entry.getKey()),
                    marker.byteOffset(), marker.eventNumber(), false, true));
        }
        windows.sort(Comparator.comparingLong(TefMeasurementOff::startNs).thenComparingLong(TefMeasurementOff::eventNumber));
        return windows;
    }

    /** @return the scope key: {@link #GLOBAL} or the pid text; null for an unknown scope */
    private static @Nullable String scopeKey(Marker marker) {
        String scope = marker.scope();
        String pid = marker.pid();
        if ("g".equals(scope) || pid == null || pid.isEmpty()) { //$NON-NLS-1$
            return scope == null || scope.equals("g") || scope.equals("p") || scope.equals("t") ? GLOBAL : null; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return scope == null || scope.equals("p") || scope.equals("t") ? pid : null; //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static @Nullable String pidOf(String scope) {
        return scope.equals(GLOBAL) ? null : scope;
    }

    private static String describe(String scope) {
        return scope.equals(GLOBAL) ? "every process" : "process " + scope; //$NON-NLS-1$ //$NON-NLS-2$
    }
}
