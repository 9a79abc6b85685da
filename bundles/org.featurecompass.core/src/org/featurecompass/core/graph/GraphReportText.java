package org.featurecompass.core.graph;

import java.util.List;
import java.util.StringJoiner;

import org.featurecompass.model.graph.builder.GraphBuildReport;
import org.featurecompass.model.graph.network.MatchReport;
import org.featurecompass.model.graph.network.NetworkLinkReport;

/** Renders the anomalies of a {@link GraphBuildReport} and the packet counts of a {@link NetworkLinkReport} for the Error Log and the views. */
public final class GraphReportText {

    private GraphReportText() {
    }

    /**
     * @param report a build report
     * @return its non-zero anomaly counts, e.g. {@code "12 spurious wake-ups, 3 lost-event records"};
     *         empty if there is none
     */
    public static String anomalies(GraphBuildReport report) {
        StringJoiner text = new StringJoiner(", "); //$NON-NLS-1$
        add(text, report.wakeupsWithoutSource(), "direct wake-ups with no known waker"); //$NON-NLS-1$
        add(text, report.switchesInWithoutWakeup(), "blocked tasks switched in with no wake-up"); //$NON-NLS-1$
        add(text, report.inconsistentSwitches(), "inconsistent switches"); //$NON-NLS-1$
        add(text, report.switchesFromUnknownState(), "switches the kernel did not report, inferred by the recorder"); //$NON-NLS-1$
        add(text, report.tidsReusedWithoutFork(), "thread ids reused with no fork"); //$NON-NLS-1$
        add(text, report.tidsReusedWithoutExit(), "thread ids forked again with no exit"); //$NON-NLS-1$
        add(text, report.unmatchedInterruptExits(), "interrupt exits with no entry"); //$NON-NLS-1$
        add(text, report.unclosedInterruptContexts(), "interrupt entries with no exit"); //$NON-NLS-1$
        add(text, report.lostEventRecords(), "lost-event records"); //$NON-NLS-1$
        add(text, report.lostEvents(), "lost events"); //$NON-NLS-1$
        return text.toString();
    }

    /**
     * @param report a build report
     * @return the events the builder used or ignored by design (not anomalies), one phrase
     */
    public static String ignored(GraphBuildReport report) {
        StringJoiner text = new StringJoiner(", "); //$NON-NLS-1$
        text.add(String.format("%,d events, wake-ups from %s", report.events(), report.wakeupKind().eventName())); //$NON-NLS-1$
        add(text, report.wakeupsOfOtherKinds(), "wake-ups of other kinds ignored"); //$NON-NLS-1$
        add(text, report.selfWakeups(), "self wake-ups"); //$NON-NLS-1$
        add(text, report.spuriousWakeups(), "wake-ups of tasks not blocked"); //$NON-NLS-1$
        add(text, report.statedumpsOfKnownTasks(), "statedump entries of known tasks"); //$NON-NLS-1$
        return text.toString();
    }

    /**
     * @param report what became of a graph's TCP packets
     * @return the packet counts and every packet not turned into a network edge, one phrase
     */
    public static String network(NetworkLinkReport report) {
        MatchReport m = report.matching();
        StringJoiner text = new StringJoiner(", "); //$NON-NLS-1$
        text.add(String.format("%,d segments sent, %,d received, %,d matched, %,d network edges", //$NON-NLS-1$
                m.sends(), m.receives(), m.matched(), report.linkable()));
        add(text, m.unmatchedSends(), "sends never received"); //$NON-NLS-1$
        add(text, m.unmatchedReceives(), "receptions never seen sent"); //$NON-NLS-1$
        add(text, m.retransmissions(), "retransmissions"); //$NON-NLS-1$
        add(text, m.duplicateSends() + m.duplicateReceives(), "duplicates ignored"); //$NON-NLS-1$
        add(text, report.sendsWithoutContext(), "sends with no known sending task"); //$NON-NLS-1$
        add(text, report.receivedBeforeSent(), "receptions before their send in the common time"); //$NON-NLS-1$
        add(text, report.receivesNotLinked(), "matched receptions not linked"); //$NON-NLS-1$
        return text.toString();
    }

    /**
     * @param kinds skipped events by name and problem
     * @return one phrase per kind, e.g. {@code "sched_switch (no field prev_tid): 3, the first at
     *         1361214078861347508 ns"}, separated by semicolons
     */
    public static String malformed(List<MalformedEvents> kinds) {
        StringJoiner text = new StringJoiner("; "); //$NON-NLS-1$
        for (MalformedEvents kind : kinds) {
            text.add(String.format("%s (%s): %,d, the first at %d ns", kind.eventName(), kind.problem(), kind.count(), kind.firstNs())); //$NON-NLS-1$
        }
        return text.toString();
    }

    private static void add(StringJoiner text, long count, String what) {
        if (count > 0) {
            text.add(String.format("%,d %s", count, what)); //$NON-NLS-1$
        }
    }
}
