package org.featurecompass.cli.graph;

import java.util.List;
import java.util.Locale;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.featurecompass.cli.CliCommand;
import org.featurecompass.cli.CliConsole;
import org.featurecompass.cli.CliException;
import org.featurecompass.cli.ExitCode;
import org.featurecompass.cli.FormatOption;
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

    private static final FormatOption FORMAT = new FormatOption(OutputFormat.MD, OutputFormat.all());

    @Override
    public String name() {
        return "critical-path"; //$NON-NLS-1$
    }

    @Override
    public String synopsis() {
        return Messages.CriticalPath_Synopsis;
    }

    @Override
    public String description() {
        return Messages.CriticalPath_Description;
    }

    @Override
    public Options options() {
        Options options = new Options();
        options.addOption(Option.builder().longOpt("trace").hasArg().argName("TRACE").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.CriticalPath_Trace).build());
        options.addOption(Option.builder().longOpt("tid").hasArg().argName("N").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.CriticalPath_Tid).build());
        TimeOption.addRange(options, Messages.CriticalPath_FromDefault, null);
        options.addOption(Option.builder().longOpt("variant").hasArg().argName("bounded|unbounded") //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.CriticalPath_Variant).build());
        options.addOption(Option.builder().longOpt("host").hasArg().argName("H") //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.CriticalPath_Host).build());
        options.addOption(FORMAT.option());
        return options;
    }

    @Override
    public void check(CommandLine line) throws CliException {
        FORMAT.parse(line);
        tid(line.getOptionValue("tid")); //$NON-NLS-1$
        variant(line.getOptionValue("variant")); //$NON-NLS-1$
        TimeOption.window(line);
    }

    @Override
    public int run(CommandLine line, CliConsole console) throws CliException {
        OutputFormat format = FORMAT.parse(line);
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
                throw new CliException(NLS.bind(Messages.CriticalPath_NotAKernelTrace, opened.name(), opened.typeName()));
            }
            TmfModelResponse<TmfTreeModel<CriticalPathEntry>> response = DataProviderQuery.fetchTree(provider,
                    CriticalPathDataProvider.parameters(query), console.monitor(NLS.bind(Messages.CriticalPath_Task, Long.toString(tid))));
            if (response.getStatus() != ITmfResponse.Status.COMPLETED || !(response.getModel() instanceof CriticalPathModel model)) {
                throw new CliException(NLS.bind(Messages.CriticalPath_Failed, opened.name(), response.getStatusMessage()));
            }
            CriticalPathResult result = model.getResult();
            if (result == null) {
                throw new CliException(window == null ? NLS.bind(Messages.CriticalPath_NoSuchThread, Long.toString(tid), opened.name())
                        : NLS.bind(Messages.CriticalPath_NoSuchThreadInRange,
                                new Object[] { Long.toString(tid), opened.name(), Long.toString(from), Long.toString(to) }));
            }
            console.print(new CriticalPathWriter(opened.name(), result), format);
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
            throw new CliException(NLS.bind(Messages.CriticalPath_NotATid, text));
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
        throw new CliException(NLS.bind(Messages.CriticalPath_UnknownVariant, text, String.join(", ", //$NON-NLS-1$
                List.of(PathVariant.values()).stream().map(v -> v.name().toLowerCase(Locale.ROOT)).toList())));
    }
}
