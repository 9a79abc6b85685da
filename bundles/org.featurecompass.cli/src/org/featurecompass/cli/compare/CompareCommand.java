package org.featurecompass.cli.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.cli.CliCommand;
import org.featurecompass.cli.CliConsole;
import org.featurecompass.cli.CliException;
import org.featurecompass.cli.ExitCode;
import org.featurecompass.cli.execution.ExecutionsOption;
import org.featurecompass.cli.trace.OpenedTrace;
import org.featurecompass.cli.trace.SymbolsOption;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.compare.ComparisonSessions;
import org.featurecompass.core.compare.ComparisonUnavailableException;
import org.featurecompass.core.compare.report.ReportFormat;
import org.featurecompass.core.compare.report.SessionReport;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.diff.StatisticalTest;
import org.featurecompass.model.compare.diff.VerdictChoice;
import org.featurecompass.model.compare.diff.WidthMode;
import org.featurecompass.model.compare.expression.DifferenceCondition;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.report.ComparisonReport;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.execution.ExpressionException;
import org.featurecompass.model.report.TerminalText;

/**
 * {@code featurecompass compare}: two groups of the executions of one type compared calling
 * context by calling context (TraceCompare §3.4), with the comparison session of the Differential
 * Flame Graph view ({@link ComparisonSessions}), written as the reports of doc/reports.md; with
 * {@code --fail-if}, a CI gate that exits with {@link ExitCode#THRESHOLD_EXCEEDED} when a context
 * satisfies the condition. Groups are given in the filter syntax of
 * {@link GroupFilterExpression}; every syntax error is reported with its column before the trace
 * is read. Standard output starts with the answer ({@code ComparisonAnswer}), the first line of
 * the Markdown report that follows; identical, nested or overlapping groups are warned about on
 * standard error (exit code unchanged), an empty group is an error.
 */
public class CompareCommand implements CliCommand {

    /** Contexts of a failed {@code --fail-if} listed on standard error. */
    private static final int LISTED = 10;

    @Override
    public String name() {
        return "compare"; //$NON-NLS-1$
    }

    @Override
    public String synopsis() {
        return Messages.Compare_Synopsis;
    }

    @Override
    public String description() {
        return Messages.Compare_Description;
    }

    /** Several traces are compared together; several symbol paths are all read. */
    @Override
    public Set<String> repeatable() {
        return Set.of("trace", "symbols"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Override
    public Options options() {
        Options options = new Options();
        options.addOption(Option.builder().longOpt("trace").hasArg().argName("FILE").required().desc(Messages.Compare_Trace).build()); //$NON-NLS-1$ //$NON-NLS-2$
        options.addOption(Option.builder().longOpt("executions").hasArg().argName("TYPE|FILE[#TYPE]").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.Compare_Executions).build());
        options.addOption(Option.builder().longOpt("group-a").hasArg().argName("FILTER").desc(Messages.Compare_GroupA).build()); //$NON-NLS-1$ //$NON-NLS-2$
        options.addOption(Option.builder().longOpt("group-b").hasArg().argName("FILTER").desc(Messages.Compare_GroupB).build()); //$NON-NLS-1$ //$NON-NLS-2$
        options.addOption(Option.builder().longOpt("test").hasArg().argName("welch|mann-whitney").desc(Messages.Compare_Test).build()); //$NON-NLS-1$ //$NON-NLS-2$
        options.addOption(Option.builder().longOpt("verdict").hasArg().argName("auto|executions|runs|selection").desc(Messages.Compare_Verdict).build()); //$NON-NLS-1$ //$NON-NLS-2$
        options.addOption(Option.builder().longOpt("alpha").hasArg().argName("Q").desc(Messages.Compare_Alpha).build()); //$NON-NLS-1$ //$NON-NLS-2$
        options.addOption(Option.builder().longOpt("measure").hasArg().argName("inclusive|self").desc(Messages.Compare_Measure).build()); //$NON-NLS-1$ //$NON-NLS-2$
        for (ReportFormat format : ReportFormat.values()) { // one option per report file, so none can be left out
            options.addOption(Option.builder().longOpt(format.optionName()).hasArg().argName(format == ReportFormat.HTML ? "FILE.html" : "FILE") //$NON-NLS-1$ //$NON-NLS-2$
                    .desc(description(format)).build());
        }
        options.addOption(Option.builder().longOpt("timestamp").desc(Messages.Compare_Timestamp).build()); //$NON-NLS-1$
        SymbolsOption.addTo(options);
        options.addOption(Option.builder().longOpt("fail-if").hasArg().argName("CONDITION").desc(Messages.Compare_FailIf).build()); //$NON-NLS-1$ //$NON-NLS-2$
        return options;
    }

    /** The options read without a trace: groups, gate and settings. */
    private record Checked(GroupFilterExpression groupA, GroupFilterExpression groupB, @Nullable DifferenceCondition failIf,
            ComparisonSettings settings) {
    }

    /** Everything that can be checked without the trace: a typo costs no analysis, nor the runtime's start. */
    private static Checked checked(CommandLine line) throws CliException {
        GroupFilterExpression groupA = parseGroup("--group-a", line.getOptionValue("group-a", GroupDefaults.REST)); //$NON-NLS-1$ //$NON-NLS-2$
        GroupFilterExpression groupB = parseGroup("--group-b", line.getOptionValue("group-b", GroupDefaults.SLOWEST)); //$NON-NLS-1$ //$NON-NLS-2$
        DifferenceCondition failIf = null;
        String failText = line.getOptionValue("fail-if"); //$NON-NLS-1$
        if (failText != null) {
            try {
                failIf = DifferenceCondition.parse(failText);
            } catch (ExpressionException e) {
                throw new CliException(expressionError("--fail-if", failText, e), e); //$NON-NLS-1$
            }
        }
        return new Checked(groupA, groupB, failIf, settings(line));
    }

    @Override
    public void check(CommandLine line) throws CliException {
        checked(line);
    }

    @Override
    public int run(CommandLine line, CliConsole console) throws CliException {
        Checked checked = checked(line);
        GroupFilterExpression groupA = checked.groupA();
        GroupFilterExpression groupB = checked.groupB();
        DifferenceCondition failIf = checked.failIf();
        ComparisonSettings settings = checked.settings();
        ExecutionsOption executions = ExecutionsOption.parse(line.getOptionValue("executions")); //$NON-NLS-1$
        SymbolsOption symbols = SymbolsOption.parse(line);
        if (!symbols.describe().isEmpty()) {
            console.progress(symbols.describe());
        }
        List<OpenedTrace> opened = new ArrayList<>();
        try {
            for (String trace : line.getOptionValues("trace")) { //$NON-NLS-1$
                OpenedTrace one = OpenedTrace.open(trace);
                opened.add(one);
                console.progress(one.describe());
                symbols.applyTo(one);
            }
            return compare(opened, executions, groupA, groupB, failIf, settings, line, console);
        } finally {
            opened.forEach(OpenedTrace::close);
        }
    }

    /** The session of one trace (the views' registry) or of several (the command's own). */
    private record Session(ComparisonSession session, boolean shared) {
    }

    private static int compare(List<OpenedTrace> opened, ExecutionsOption executions, GroupFilterExpression groupA, GroupFilterExpression groupB,
            @Nullable DifferenceCondition failIf, ComparisonSettings settings, CommandLine line, CliConsole console) throws CliException {
        String type = executions.type();
        for (OpenedTrace trace : opened) {
            type = executions.table(trace, console).type();
        }
        Session held = opened.size() == 1 ? new Session(session(opened.get(0), type, console), true)
                : new Session(experimentSession(opened, type, console), false);
        try {
            return compare(held.session(), opened, groupA, groupB, failIf, settings, line, console);
        } finally {
            if (held.shared()) {
                // Its sessions go and it stops listening to signals: Trace Compass reports a
                // listener left registered as a "Resource leak" on standard error at exit.
                ComparisonSessions.getInstance().dispose();
            } else {
                held.session().dispose();
            }
        }
    }

    private static int compare(ComparisonSession session, List<OpenedTrace> opened, GroupFilterExpression groupA, GroupFilterExpression groupB,
            @Nullable DifferenceCondition failIf, ComparisonSettings settings, CommandLine line, CliConsole console) throws CliException {
        session.setSettings(settings);
        session.setGroups(resolve("--group-a", groupA, session), resolve("--group-b", groupB, session)); //$NON-NLS-1$ //$NON-NLS-2$
        for (Group group : Group.values()) {
            if (session.members(group).isEmpty()) {
                throw new CliException(NLS.bind(Messages.Compare_EmptyGroup, new Object[] { group.name(),
                        (group == Group.A ? groupA : groupB).text(), Integer.toString(session.executions().size()) }));
            }
        }
        SessionReport snapshot = SessionReport.of(session,
                line.hasOption("timestamp") ? Instant.now().truncatedTo(ChronoUnit.SECONDS).toString() : null); //$NON-NLS-1$
        ComparisonReport report = snapshot.report();
        DifferentialTree tree = report.tree();
        // Groups that are the same, nested or overlapping still compare (A = B = all exports one
        // group's profiles), but the differences mean less: said before anything else.
        for (String warning : report.relation().warnings()) {
            console.warning(warning);
        }
        console.progress(NLS.bind(Messages.Compare_Summary, new Object[] { Integer.toString(report.sizeA()), Integer.toString(report.sizeB()),
                Integer.toString(report.reachedContexts().size()), Long.toString(report.ranked().stream().filter(ContextDifference::significant).count()) }));
        for (ReportFormat format : ReportFormat.values()) {
            String file = line.getOptionValue(format.optionName());
            if (file != null) {
                write(format, file, format.render(snapshot), console);
            }
        }
        console.out().print(new String(ReportFormat.MARKDOWN.render(snapshot), StandardCharsets.UTF_8));
        console.out().flush();
        return failIf == null ? ExitCode.OK : gate(failIf, tree, console);
    }

    /**
     * The executions of several traces in one session (TraceCompare §3.4: groups are filters over
     * one execution database that may hold several traces), built for this command alone.
     */
    private static ComparisonSession experimentSession(List<OpenedTrace> opened, String type, CliConsole console) throws CliException {
        List<ITmfTrace> traces = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (OpenedTrace o : opened) {
            traces.add(o.trace());
            names.add(o.name());
        }
        ComparisonSession session;
        try {
            session = ComparisonSession.create(traces, type, console.monitor(NLS.bind(Messages.Compare_Task, String.join(", ", names)))); //$NON-NLS-1$
        } catch (ComparisonUnavailableException e) {
            throw new CliException(String.valueOf(e.getMessage()), e);
        }
        if (session == null) {
            throw new CliException(Messages.Compare_Cancelled);
        }
        return session;
    }

    private static ComparisonSession session(OpenedTrace opened, String type, CliConsole console) throws CliException {
        ComparisonSession session;
        try {
            session = ComparisonSessions.getInstance().open(opened.trace(), type, console.monitor(NLS.bind(Messages.Compare_Task, opened.name())));
        } catch (ComparisonUnavailableException e) {
            throw new CliException(opened.name() + ": " + e.getMessage(), e); //$NON-NLS-1$
        }
        if (session == null) {
            throw new CliException(Messages.Compare_Cancelled);
        }
        return session;
    }

    /** The CI gate: {@link ExitCode#THRESHOLD_EXCEEDED} when some context satisfies the condition. */
    private static int gate(DifferenceCondition failIf, DifferentialTree tree, CliConsole console) {
        List<Integer> matches = failIf.matches(tree);
        if (matches.isEmpty()) {
            console.progress(NLS.bind(Messages.Compare_ThresholdPassed, failIf.text()));
            return ExitCode.OK;
        }
        console.err().println(NLS.bind(Messages.Compare_ThresholdExceeded, Integer.toString(matches.size()), TerminalText.line(failIf.text())));
        ContextTree contexts = tree.tree();
        for (int i = 0; i < matches.size() && i < LISTED; i++) {
            ContextDifference d = tree.context(matches.get(i));
            String path = d.context() == ContextTree.ROOT ? Messages.Compare_AllExecutions : TerminalText.line(contexts.folded(d.context()));
            console.err().println(String.format(Locale.ROOT, "  %s: B - A = %+.0f ns (%+.1f %%), q = %s", path, d.difference(), //$NON-NLS-1$
                    100 * d.relative(), Double.isNaN(d.q()) ? "-" : String.format(Locale.ROOT, "%.3g", d.q()))); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return ExitCode.THRESHOLD_EXCEEDED;
    }

    private static GroupFilterExpression parseGroup(String option, String text) throws CliException {
        try {
            return GroupFilterExpression.parse(text);
        } catch (ExpressionException e) {
            throw new CliException(expressionError(option, text, e), e);
        }
    }

    private static List<GroupFilter> resolve(String option, GroupFilterExpression group, ComparisonSession session) throws CliException {
        try {
            return group.resolve(session.executions());
        } catch (ExpressionException e) {
            throw new CliException(expressionError(option, group.text(), e), e);
        }
    }

    /** @return the help text of a report file's option */
    private static String description(ReportFormat format) {
        return switch (format) {
        case HTML -> Messages.Compare_Report;
        case JSON -> Messages.Compare_Json;
        case CSV -> Messages.Compare_Csv;
        case MARKDOWN -> Messages.Compare_Md;
        case FOLDED_A -> NLS.bind(Messages.Compare_Folded, Group.A.name());
        case FOLDED_B -> NLS.bind(Messages.Compare_Folded, Group.B.name());
        case PPROF_A -> NLS.bind(Messages.Compare_Pprof, Group.A.name());
        case PPROF_B -> NLS.bind(Messages.Compare_Pprof, Group.B.name());
        };
    }

    /** @return the message with the expression and a caret under the column */
    static String expressionError(String option, String text, ExpressionException e) {
        return option + ' ' + e.getMessage() + '\n' + indent(e.pointer(text));
    }

    private static String indent(String text) {
        return "    " + text.replace("\n", "\n    "); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    private static ComparisonSettings settings(CommandLine line) throws CliException {
        ComparisonSettings s = ComparisonSettings.DEFAULT;
        String test = line.getOptionValue("test"); //$NON-NLS-1$
        if (test != null) {
            s = s.withTest(switch (test) {
            case "welch" -> StatisticalTest.WELCH; //$NON-NLS-1$
            case "mann-whitney" -> StatisticalTest.MANN_WHITNEY; //$NON-NLS-1$
            default -> throw new CliException(NLS.bind(Messages.Compare_BadChoice, new Object[] { "--test", test, "welch, mann-whitney" })); //$NON-NLS-1$ //$NON-NLS-2$
            });
        }
        String measure = line.getOptionValue("measure"); //$NON-NLS-1$
        if (measure != null) {
            s = s.withMeasure(switch (measure) {
            case "inclusive" -> Measure.INCLUSIVE; //$NON-NLS-1$
            case "self" -> Measure.SELF; //$NON-NLS-1$
            default -> throw new CliException(NLS.bind(Messages.Compare_BadChoice, new Object[] { "--measure", measure, "inclusive, self" })); //$NON-NLS-1$ //$NON-NLS-2$
            });
        }
        String alpha = line.getOptionValue("alpha"); //$NON-NLS-1$
        if (alpha != null) {
            try {
                double value = Double.parseDouble(alpha);
                s = new ComparisonSettings(s.test(), value, s.minAbsoluteNs(), s.minRelative(), s.measure(), s.widthMode());
            } catch (IllegalArgumentException e) {
                throw new CliException(NLS.bind(Messages.Compare_BadAlpha, alpha), e);
            }
        }
        String verdict = line.getOptionValue("verdict"); //$NON-NLS-1$
        if (verdict != null) {
            try {
                s = s.withVerdict(VerdictChoice.of(verdict));
            } catch (IllegalArgumentException e) {
                throw new CliException(NLS.bind(Messages.Compare_BadChoice, new Object[] { "--verdict", verdict, "auto, executions, runs, selection" }), e); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        return s.withWidthMode(WidthMode.MAX);
    }

    private static void write(ReportFormat format, String file, byte[] bytes, CliConsole console) throws CliException {
        try {
            Files.write(Path.of(file), bytes);
        } catch (IOException | InvalidPathException e) {
            throw new CliException(NLS.bind(Messages.Compare_CannotWrite, new Object[] { format.optionName(), file, e.getMessage() }), e);
        }
        console.progress(NLS.bind(Messages.Compare_Wrote, file));
    }

    /** The groups when none are given: the session's own start, the slowest tenth against the rest. */
    private static final class GroupDefaults {
        static final String SLOWEST = "slowest 10%"; //$NON-NLS-1$
        static final String REST = "not slowest 10%"; //$NON-NLS-1$
    }
}
