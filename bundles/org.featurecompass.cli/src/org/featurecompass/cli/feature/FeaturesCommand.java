package org.featurecompass.cli.feature;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
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
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.statistics.FeatureStatisticsDataProvider;
import org.featurecompass.core.feature.statistics.FeatureStatisticsEntry;
import org.featurecompass.core.feature.statistics.FeatureStatisticsModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.feature.AnalysisWindow;

/**
 * {@code featurecompass features --trace FILE [--from T --to T] [--format csv|json|md]}: the
 * Feature Statistics view's tree (feature → interaction → region, Kaufmann 2022, §3.3) of the
 * whole trace or of a time range, from the view's data provider
 * ({@link FeatureStatisticsDataProvider}, found through Trace Compass's
 * {@code DataProviderManager} by {@link DataProviderLookup}), written by {@link FeatureStatisticsWriter}.
 */
public class FeaturesCommand implements CliCommand {

    private static final FormatOption FORMAT = new FormatOption(OutputFormat.MD, OutputFormat.all());

    @Override
    public String name() {
        return "features"; //$NON-NLS-1$
    }

    @Override
    public String synopsis() {
        return Messages.Features_Synopsis;
    }

    @Override
    public String description() {
        return Messages.Features_Description;
    }

    @Override
    public Options options() {
        Options options = new Options();
        options.addOption(Option.builder().longOpt("trace").hasArg().argName("FILE").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.Feature_TraceOption).build());
        TimeOption.addRange(options, Messages.Features_FromDefault, Messages.Features_ToDefault);
        options.addOption(FORMAT.option());
        return options;
    }

    @Override
    public void check(CommandLine line) throws CliException {
        FORMAT.parse(line);
        TimeOption.window(line);
    }

    @Override
    public int run(CommandLine line, CliConsole console) throws CliException {
        OutputFormat format = FORMAT.parse(line);
        AnalysisWindow window = TimeOption.window(line);
        try (OpenedTrace opened = OpenedTrace.open(line.getOptionValue("trace"))) { //$NON-NLS-1$
            console.progress(opened.describe());
            FeatureStatisticsModel model = fetch(opened, window, console);
            FeatureStatistics statistics = model.getStatistics();
            if (statistics == null) {
                throw new CliException(NLS.bind(Messages.Features_Incomplete, opened.name()));
            }
            if (model.getEntries().isEmpty()) {
                console.warning(NLS.bind(Messages.Features_NoRegions, opened.name(), window == null ? Messages.Feature_InTheTrace : Messages.Feature_InTheRange));
            }
            console.print(new FeatureStatisticsWriter(opened.name(), model), format);
        }
        return ExitCode.OK;
    }

    /** Queries the view's data provider until it has answered ({@link DataProviderQuery}). */
    private static FeatureStatisticsModel fetch(OpenedTrace opened, @Nullable AnalysisWindow window, CliConsole console) throws CliException {
        FeatureStatisticsDataProvider provider = DataProviderLookup.get(opened.trace(),
                FeatureStatisticsDataProvider.ID, FeatureStatisticsDataProvider.class);
        if (provider == null) {
            throw new CliException(NLS.bind(Messages.Feature_NotARegionTrace, new Object[] { opened.name(), opened.typeName(), "features" })); //$NON-NLS-1$
        }
        Map<String, Object> parameters = new HashMap<>();
        if (window != null) {
            parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(window.startNs(), window.endNs()));
        }
        IProgressMonitor monitor = console.monitor(NLS.bind(Messages.Features_Task, opened.name()));
        TmfModelResponse<TmfTreeModel<FeatureStatisticsEntry>> response = DataProviderQuery.fetchTree(provider, parameters, monitor);
        if (response.getStatus() != ITmfResponse.Status.COMPLETED || !(response.getModel() instanceof FeatureStatisticsModel model)) {
            throw new CliException(NLS.bind(Messages.Features_Failed, opened.name(), response.getStatusMessage()));
        }
        return model;
    }
}
