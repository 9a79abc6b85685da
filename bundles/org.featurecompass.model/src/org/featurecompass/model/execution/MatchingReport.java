package org.featurecompass.model.execution;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What matching executions found besides the executions: every problem with its count and its
 * first position. Collected while matching, then read.
 */
public final class MatchingReport {

    private final Map<MatchingProblem, ProblemCount> fProblems = new EnumMap<>(MatchingProblem.class);
    private long fEventsRead;
    private long fExecutions;

    /**
     * A report read back from a saved file.
     *
     * @param eventsRead events the matcher saw
     * @param executions executions matched
     * @param problems every problem that occurred (at most one per {@link MatchingProblem})
     * @return the report
     */
    public static MatchingReport restored(long eventsRead, long executions, Collection<ProblemCount> problems) {
        MatchingReport report = new MatchingReport();
        report.fEventsRead = eventsRead;
        report.fExecutions = executions;
        for (ProblemCount problem : problems) {
            report.fProblems.put(problem.problem(), problem);
        }
        return report;
    }

    /**
     * Counts one occurrence; the first one is kept as the example.
     *
     * @param problem what went wrong
     * @param event the event concerned
     * @param detail the case in words
     */
    public void count(MatchingProblem problem, DelimiterEvent event, String detail) {
        count(problem, event.position(), event.timeNs(), detail);
    }

    /**
     * Counts one occurrence at a position.
     *
     * @param problem what went wrong
     * @param position rank of the event concerned
     * @param timeNs its time, ns
     * @param detail the case in words
     */
    public void count(MatchingProblem problem, long position, long timeNs, String detail) {
        ProblemCount old = fProblems.get(problem);
        if (old == null) {
            fProblems.put(problem, new ProblemCount(problem, 1, position, timeNs, detail));
        } else if (position >= 0 && (old.firstPosition() < 0 || position < old.firstPosition())) {
            fProblems.put(problem, new ProblemCount(problem, old.count() + 1, position, timeNs, detail));
        } else {
            fProblems.put(problem, new ProblemCount(problem, old.count() + 1, old.firstPosition(), old.firstTimeNs(), old.detail()));
        }
    }

    /**
     * Records a problem that concerns no event (an unknown event name).
     *
     * @param problem what went wrong
     * @param detail the case in words
     */
    public void note(MatchingProblem problem, String detail) {
        fProblems.put(problem, new ProblemCount(problem, 0, -1, 0, detail));
    }

    /** Counts an event read. */
    void eventRead() {
        fEventsRead++;
    }

    /** Counts an execution matched. */
    public void executionMatched() {
        fExecutions++;
    }

    /** @return events the matcher saw */
    public long eventsRead() {
        return fEventsRead;
    }

    /** @return executions matched */
    public long executions() {
        return fExecutions;
    }

    /**
     * @param problem a problem
     * @return its count, or null if it did not occur
     */
    public @Nullable ProblemCount get(MatchingProblem problem) {
        return fProblems.get(problem);
    }

    /**
     * @param problem a problem
     * @return how many events it concerns (0 if none)
     */
    public long count(MatchingProblem problem) {
        ProblemCount count = fProblems.get(problem);
        return count == null ? 0 : count.count();
    }

    /** @return every problem that occurred, in the order of {@link MatchingProblem} */
    public Collection<ProblemCount> problems() {
        return List.copyOf(fProblems.values());
    }

    /** @return whether nothing went wrong */
    public boolean isClean() {
        return fProblems.isEmpty();
    }

    /** @return one line per problem */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (ProblemCount count : fProblems.values()) {
            lines.add(count.toString());
        }
        return lines;
    }

    @Override
    public String toString() {
        return fExecutions + " executions from " + fEventsRead + " events" + (isClean() ? "" : "; " + String.join("; ", lines())); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
    }
}
