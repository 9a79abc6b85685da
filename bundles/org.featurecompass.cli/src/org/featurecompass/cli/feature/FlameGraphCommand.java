package org.featurecompass.cli.feature;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
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
import org.featurecompass.cli.TimeOption;
import org.featurecompass.cli.trace.OpenedTrace;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphDataProvider;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphEntry;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphModel;
import org.featurecompass.core.feature.statistics.SampleAttributionText;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.report.FoldedStacksWriter;
import org.featurecompass.model.report.PprofWriter;
import org.featurecompass.model.report.StackProfile;
import org.featurecompass.model.sampling.SampledStackNode;
import org.featurecompass.model.sampling.SampledStacks;

/**
 * {@code featurecompass flame-graph --trace FILE [--frames regions|interactions] [--from T --to T]
 * [--format folded|pprof] [--estimates] [--value self|instances|samples] [--output FILE]}: the
 * Feature Flame Graph view's tree (feature-set stacks, Kaufmann 2022, §3.4), from the view's data
 * provider ({@link FeatureFlameGraphDataProvider}, queried by {@link DataProviderQuery}), exported
 * as folded stacks ({@link FoldedStacksWriter}) or as a pprof profile ({@link PprofWriter}); with
 * {@code --estimates}, the stacks of a sampled trace's samples with their estimated on-CPU times
 * instead ({@link StackProfile#ofEstimates}), what the view draws hatched.
 */
public class FlameGraphCommand implements CliCommand {

    @Override
    public String name() {
        return "flame-graph"; //$NON-NLS-1$
    }

    @Override
    public String synopsis() {
        return Messages.FlameGraph_Synopsis;
    }

    @Override
    public String description() {
        return Messages.FlameGraph_Description;
    }

    @Override
    public Options options() {
        Options options = new Options();
        options.addOption(Option.builder().longOpt("trace").hasArg().argName("FILE").required() //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.Feature_TraceOption).build());
        options.addOption(Option.builder().longOpt("frames").hasArg().argName("regions|interactions") //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.FlameGraph_Frames).build());
        TimeOption.addRange(options, Messages.FlameGraph_FromDefault, null);
        options.addOption(Option.builder().longOpt("format").hasArg().argName("folded|pprof") //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.FlameGraph_Format).build());
        options.addOption(Option.builder().longOpt("value").hasArg().argName("self|instances|samples") //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.FlameGraph_Value).build());
        options.addOption(Option.builder().longOpt("estimates").desc(Messages.FlameGraph_Estimates).build()); //$NON-NLS-1$
        options.addOption(Option.builder().longOpt("output").hasArg().argName("FILE") //$NON-NLS-1$ //$NON-NLS-2$
                .desc(Messages.FlameGraph_Output).build());
        return options;
    }

    @Override
    public int run(CommandLine line, CliConsole console) throws CliException {
        FeatureStackFrameKind kind = frames(line.getOptionValue("frames")); //$NON-NLS-1$
        String format = line.getOptionValue("format", "folded"); //$NON-NLS-1$ //$NON-NLS-2$
        if (!format.equals("folded") && !format.equals("pprof")) { //$NON-NLS-1$ //$NON-NLS-2$
            throw new CliException(NLS.bind(Messages.FlameGraph_UnknownFormat, format));
        }
        boolean estimates = line.hasOption("estimates"); //$NON-NLS-1$
        String value = line.getOptionValue("value", "self"); //$NON-NLS-1$ //$NON-NLS-2$
        if (!value.equals("self") && !value.equals(estimates ? "samples" : "instances")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            throw new CliException(NLS.bind(estimates ? Messages.FlameGraph_UnknownEstimateValue : Messages.FlameGraph_UnknownValue, value));
        }
        String output = line.getOptionValue("output"); //$NON-NLS-1$
        if (format.equals("pprof") && output == null) { //$NON-NLS-1$
            throw new CliException(Messages.FlameGraph_PprofNeedsOutput);
        }
        AnalysisWindow window = TimeOption.window(line);
        try (OpenedTrace opened = OpenedTrace.open(line.getOptionValue("trace"))) { //$NON-NLS-1$
            console.progress(opened.describe());
            FeatureFlameGraphDataProvider provider = DataProviderLookup.get(opened.trace(), FeatureFlameGraphDataProvider.ID,
                    FeatureFlameGraphDataProvider.class);
            if (provider == null) {
                throw new CliException(NLS.bind(Messages.Feature_NotARegionTrace, new Object[] { opened.name(), opened.typeName(), "flame-graph" })); //$NON-NLS-1$
            }
            Map<String, Object> parameters = new HashMap<>();
            parameters.put(FeatureFlameGraphDataProvider.FRAMES_KEY, FeatureFlameGraphDataProvider.framesParameter(kind));
            if (window != null) {
                parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(window.startNs(), window.endNs()));
            }
            TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> response = DataProviderQuery.fetchTree(provider, parameters,
                    console.monitor(NLS.bind(Messages.FlameGraph_Task, opened.name())));
            FeatureFlameGraphModel model = response.getStatus() == ITmfResponse.Status.COMPLETED
                    && response.getModel() instanceof FeatureFlameGraphModel completed ? completed : null;
            FeatureStackTree tree = model == null ? null : model.getTree();
            if (model == null || tree == null) {
                throw new CliException(NLS.bind(Messages.FlameGraph_Failed, opened.name(), response.getStatusMessage()));
            }
            SampledStacks sampled = model.getSampled();
            String where = window == null ? Messages.Feature_InTheTrace : Messages.Feature_InTheRange;
            if (estimates) {
                if (sampled == null) {
                    throw new CliException(NLS.bind(Messages.FlameGraph_NoSamples, opened.name()));
                }
                StackProfile profile = StackProfile.ofEstimates(opened.name(), SampledStackNode.treeOf(sampled));
                write(profile, format, value.equals("self") ? 0 : 1, output, console); //$NON-NLS-1$
                console.progress(NLS.bind(Messages.FlameGraph_EstimatesSummary, new Object[] { opened.name(), count(sampled.samples()),
                        count(profile.stacks().size()), count(sampled.periodNs()) }) + ". " //$NON-NLS-1$
                        + SampleAttributionText.sentence(sampled.attribution()));
                return ExitCode.OK;
            }
            if (tree.instances() == 0) {
                console.warning(sampled != null && sampled.samples() > 0
                        ? NLS.bind(Messages.FlameGraph_NoInstancesButSamples, new Object[] { opened.name(), where, count(sampled.samples()) })
                        : NLS.bind(Messages.FlameGraph_NoInstances, opened.name(), where));
            }
            StackProfile profile = StackProfile.of(opened.name(), tree);
            write(profile, format, value.equals("self") ? 0 : 1, output, console); //$NON-NLS-1$
            console.progress(NLS.bind(Messages.FlameGraph_Summary, new Object[] { opened.name(), count(tree.instances()),
                    count(profile.stacks().size()), count(tree.truncatedInstances()), count(tree.clippedInstances()) }));
        }
        return ExitCode.OK;
    }

    private static void write(StackProfile profile, String format, int valueIndex, @Nullable String output, CliConsole console)
            throws CliException {
        if (output == null) {
            console.out().print(FoldedStacksWriter.write(profile, valueIndex));
            console.out().flush();
            return;
        }
        Path path = Path.of(output);
        try (OutputStream out = Files.newOutputStream(path)) {
            if (format.equals("pprof")) { //$NON-NLS-1$
                PprofWriter.write(profile, out);
            } else {
                out.write(FoldedStacksWriter.write(profile, valueIndex).getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new CliException(NLS.bind(Messages.FlameGraph_CannotWrite, output, e.getMessage()), e);
        }
        console.progress(NLS.bind(Messages.FlameGraph_Wrote, path.toAbsolutePath()));
    }

    /** @return a count with digit grouping, as the progress line has always shown it */
    private static String count(long value) {
        return String.format("%,d", Long.valueOf(value)); //$NON-NLS-1$
    }

    private static FeatureStackFrameKind frames(@Nullable String text) throws CliException {
        if (text == null || text.equals("regions")) { //$NON-NLS-1$
            return FeatureStackFrameKind.REGION_FEATURES;
        }
        if (text.equals("interactions")) { //$NON-NLS-1$
            return FeatureStackFrameKind.INTERACTION;
        }
        throw new CliException(NLS.bind(Messages.FlameGraph_UnknownFrames, text));
    }
}
