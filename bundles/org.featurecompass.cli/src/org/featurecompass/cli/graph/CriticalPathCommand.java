package org.featurecompass.cli.graph;

import java.util.List;
import java.util.Locale;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.featurecompass.cli.CliCommand;
import org.featurecompass.cli.CliConsole;
import org.featurecompass.cli.CliException;
import org.featurecompass.cli.ExitCode;
import org.featurecompass.cli.OutputFormat;
import org.featurecompass.cli.TimeOption;
import org.featurecompass.cli.trace.OpenedTrace;
import org.featurecompass.core.graph.CriticalPathDataProvider;
import org.featurecompass.core.graph.CriticalPathEntry;
import org.featurecompass.core.graph.CriticalPathModel;
import org.featurecompass.core.graph.CriticalPathQuery;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.feature.AnalysisWindow;

/**
 * {@code featurecompass critical-path --trace T --tid N [--from T --to T] [--variant
 * bounded|unbounded] [--host H] [--format csv|json|md]}: the critical path of one thread
 * (Giraldeau 2015, §4.3.2 bounded active path, §4.3.1 unbounded) from the Critical Path view's
 * data provider ({@link CriticalPathDataProvider}, on the trace's {@link ExecutionGraphAnalysis},
 * queried by {@link DataProviderQuery}), written by {@link CriticalPathWriter}.
 */
public class CriticalPathCommand implements CliCommand {

    @Override
    public String name() {
        return "critical-path"; //$NON-NLS-1$
    }

    @Override
    public String synopsis() {
        return "critical-path --trace TRACE --tid N [--from T --to T] [--variant bounded|unbounded] [--format csv|json|md]"; //$NON-NLS-1$
    }

    @Override
    public String description() {
        return "The critical path of a thread of a kernel trace (LTTng kernel trace folder or a Feature Compass\n" //$NON-NLS-1$
                + "recording made with --kernel), as the Critical Path view computes it: what the thread ran, and for\n" //$NON-NLS-1$
                + "each wait the work of the thread, interrupt or device that ended it. Markdown gives the time per label\n" //$NON-NLS-1$
                + "and per thread; CSV one record per path segment (ns); JSON both."; //$NON-NLS-1$
    }

    @Override
    public Options options() {
        Options options = new Options();
        options.addOption(Option.builder().longOpt("trace").hasArg().argName("TRACE").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc("the kernel trace: an LTTng trace folder or a recording (.json)").build()); //$NON-NLS-1$
        options.addOption(Option.builder().longOpt("tid").hasArg().argName("N").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc("the thread id").build()); //$NON-NLS-1$
        TimeOption.addRange(options, "the whole trace", null); //$NON-NLS-1$
        options.addOption(Option.builder().longOpt("variant").hasArg().argName("bounded|unbounded") //$NON-NLS-1$ //$NON-NLS-2$
                .desc("bounded active path (default) or unbounded path").build()); //$NON-NLS-1$
        options.addOption(Option.builder().longOpt("host").hasArg().argName("H") //$NON-NLS-1$ //$NON-NLS-2$
                .desc("the thread's host id (default: the trace's host)").build()); //$NON-NLS-1$
        options.addOption(Option.builder().longOpt("format").hasArg().argName("csv|json|md") //$NON-NLS-1$ //$NON-NLS-2$
                .desc("output format (default md)").build()); //$NON-NLS-1$
        return options;
    }

    @Override
    public int run(CommandLine line, CliConsole console) throws CliException {
        OutputFormat format = OutputFormat.parse(line.getOptionValue("format"), OutputFormat.MD, OutputFormat.all()); //$NON-NLS-1$
        long tid = tid(line.getOptionValue("tid")); //$NON-NLS-1$
        PathVariant variant = variant(line.getOptionValue("variant")); //$NON-NLS-1$
        AnalysisWindow window = TimeOption.window(line);
        long from = window == null ? Long.MIN_VALUE : window.startNs();
        long to = window == null ? Long.MAX_VALUE : window.endNs();
        CriticalPathQuery query = new CriticalPathQuery(tid, from, to, variant, line.getOptionValue("host")); //$NON-NLS-1$
        try (OpenedTrace opened = OpenedTrace.open(line.getOptionValue("trace"))) { //$NON-NLS-1$
            console.progress(opened.describe());
            CriticalPathDataProvider provider = DataProviderLookup.get(opened.trace(), CriticalPathDataProvider.ID,
                    CriticalPathDataProvider.class);
            if (provider == null) {
                throw new CliException("--trace " + opened.name() + ": not a kernel trace (it opened as " + opened.typeName() //$NON-NLS-1$ //$NON-NLS-2$
                        + "; critical-path needs an LTTng kernel trace or a recording made with fc-record --kernel)"); //$NON-NLS-1$
            }
            TmfModelResponse<TmfTreeModel<CriticalPathEntry>> response = DataProviderQuery.fetchTree(provider,
                    CriticalPathDataProvider.parameters(query), console.monitor("critical path of thread " + tid)); //$NON-NLS-1$
            if (response.getStatus() != ITmfResponse.Status.COMPLETED || !(response.getModel() instanceof CriticalPathModel model)) {
                throw new CliException(opened.name() + ": the critical path failed: " + response.getStatusMessage()); //$NON-NLS-1$
            }
            CriticalPathResult result = model.getResult();
            if (result == null) {
                throw new CliException("--tid " + tid + ": no such thread in " + opened.name() //$NON-NLS-1$ //$NON-NLS-2$
                        + (window == null ? "" : " between " + from + " and " + to + " ns")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            }
            CriticalPathWriter writer = new CriticalPathWriter(opened.name(), result);
            console.out().print(switch (format) {
            case CSV -> writer.csv();
            case JSON -> writer.json();
            case MD -> writer.markdown();
            });
            console.out().flush();
            console.progress(writer.summary());
        }
        return ExitCode.OK;
    }

    private static long tid(String text) throws CliException {
        try {
            long tid = Long.parseLong(text.trim());
            if (tid < 0) {
                throw new NumberFormatException();
            }
            return tid;
        } catch (NumberFormatException e) {
            throw new CliException("--tid " + text + ": not a thread id (a non-negative integer)"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private static PathVariant variant(String text) throws CliException {
        if (text == null) {
            return PathVariant.BOUNDED;
        }
        for (PathVariant variant : PathVariant.values()) {
            if (variant.name().equalsIgnoreCase(text)) {
                return variant;
            }
        }
        throw new CliException("--variant " + text + ": use one of " + String.join(", ", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                List.of(PathVariant.values()).stream().map(v -> v.name().toLowerCase(Locale.ROOT)).toList()));
    }
}
