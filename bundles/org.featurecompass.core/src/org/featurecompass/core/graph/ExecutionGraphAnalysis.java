package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.core.trace.OnePassAnalysisModule;
import org.featurecompass.core.trace.TraceEventPass;
import org.featurecompass.core.trace.TraceEventPass.Outcome;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.GraphBuildReport;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.featurecompass.model.graph.network.ClockSynchronizer;
import org.featurecompass.model.graph.network.FastTimeTransform;
import org.featurecompass.model.graph.network.LinearTransform;
import org.featurecompass.model.graph.network.NetworkLinkReport;
import org.featurecompass.model.graph.network.NetworkLinker;
import org.featurecompass.model.graph.network.PacketLayer;
import org.featurecompass.model.graph.network.PacketMatch;
import org.featurecompass.model.graph.network.SyncResult;
import org.featurecompass.model.graph.network.TcpPacketMatcher;
import org.featurecompass.model.graph.network.TcpSegmentKey;

/**
 * Builds the {@link ExecutionGraph} of a kernel trace, or of the kernel traces of an experiment
 * (one host each), Giraldeau 2015, §4.4, Algorithm 1, with network edges between the tasks that
 * send and receive TCP segments (§5.3.2, Algorithm 3).
 * <ul>
 * <li>One trace: read once with a background request; every event goes to the model's
 * {@link ExecutionGraphBuilder} through a {@link KernelGraphEventFeeder}; packets sent and
 * received on the host (loopback) are linked.</li>
 * <li>Experiment: a first pass matches the packets exchanged between hosts and synchronises the
 * clocks (§5.3.1, convex hull, {@link ClockSynchronizer}) to the first kernel trace's host; a
 * second pass reads the traces merged in synchronised time ({@link SynchronizedEventMerge}), one
 * builder per host sharing one graph and one {@link NetworkLinker}. Hosts that no chain of
 * synchronised pairs reaches are left out, with the reason in the Error Log.</li>
 * </ul>
 * The wake-up event is chosen once per trace from its declared events ({@code sched_ttwu}, then
 * {@code sched_waking}, then {@code sched_wakeup}), as is the packet layer. Progress and
 * cancellation are supported. Every report (builder anomalies, malformed events, packet matching,
 * synchronisation) is kept with the graph and written to the Error Log; nothing is dropped
 * silently. Workers belong to the host {@link ITmfTrace#getHostId()} of their trace; times are in
 * the reference host's clock.
 */
public class ExecutionGraphAnalysis extends OnePassAnalysisModule<ExecutionGraphAnalysis.Result> {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.graph.execution"; //$NON-NLS-1$

    /** Unmatched packets kept at most, per graph (Giraldeau 2015, §5.4.6: bounded memory). */
    private static final int MAX_PENDING_PACKETS = 100_000;
    /** Longest send-to-receive delay considered, ns, before the adaptive timeout applies. */
    private static final long PACKET_TIMEOUT_NS = 1_000_000_000L;

    /**
     * The graph and what it took to build it.
     *
     * @param graph the graph of every host
     * @param host the host of a single trace, or the reference host whose clock an experiment's
     *            graph uses
     * @param reports the builder's counts of ignored events and anomalies, per host
     * @param malformed events skipped because a field (or the CPU) was missing, by host, event
     *            name and problem
     * @param network what became of the TCP packets, or null if the traces record none
     * @param sync the clock synchronisation of an experiment's hosts, or null for one trace
     */
    public record Result(ExecutionGraph graph, String host, Map<String, GraphBuildReport> reports, List<MalformedEvents> malformed,
            @Nullable NetworkLinkReport network, @Nullable SyncResult sync) {

        /** Copies the reports. */
        public Result {
            reports = Map.copyOf(reports);
            malformed = List.copyOf(malformed);
        }

        /** @return the number of events skipped because a field (or the CPU) was missing */
        public long malformedEvents() {
            long total = 0;
            for (MalformedEvents kind : malformed) {
                total += kind.count();
            }
            return total;
        }

        /**
         * @param traceHost a host of the graph
         * @return the map from that host's own clock (the times Trace Compass shows for its
         *         events when no timestamp transform is set) to the graph's clock; the identity for
         *         the reference host, a single trace, or a host whose clock could not be
         *         synchronised (reported in the Error Log)
         */
        public LinearTransform toGraphClock(String traceHost) {
            SyncResult clocks = sync;
            LinearTransform transform = clocks == null ? null : clocks.transform(traceHost);
            return transform == null ? LinearTransform.IDENTITY : transform;
        }

        /** @return the report of the (reference) host */
        public GraphBuildReport report() {
            GraphBuildReport report = reports.get(host);
            if (report == null) {
                throw new IllegalStateException("no report for host " + host); //$NON-NLS-1$
            }
            return report;
        }
    }

    /** What one trace contributes: its host's builder and its feeder. */
    private record HostFeed(ITmfTrace trace, String host, ExecutionGraphBuilder builder, KernelGraphEventFeeder feeder) {
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return appliesTo(trace);
    }

    /**
     * @param trace a trace
     * @return whether it has an execution graph: a kernel trace, or an experiment with kernel traces
     */
    public static boolean appliesTo(ITmfTrace trace) {
        return trace instanceof IKernelTrace || (trace instanceof TmfExperiment && !kernelTraces(trace).isEmpty());
    }

    @Override
    protected String getFullHelpText() {
        return Messages.ExecutionGraphAnalysis_HelpText;
    }

    @Override
    protected @Nullable Result compute(ITmfTrace trace, TraceEventPass pass, IProgressMonitor monitor) {
        if (trace instanceof TmfExperiment) {
            return computeHosts(trace, pass, monitor);
        }
        if (!(trace instanceof IKernelTrace)) {
            ErrorLog.error(NLS.bind(Messages.ExecutionGraphAnalysis_NotAKernelTrace, trace.getName()), null);
            return null;
        }
        ExecutionGraph graph = new ExecutionGraph();
        NetworkLinker linker = new NetworkLinker(MAX_PENDING_PACKETS, PACKET_TIMEOUT_NS);
        HostFeed feed = feed(trace, graph, linker);
        long[] lastNs = { Long.MIN_VALUE };
        // An OutOfOrderEventException or damaged input stops the pass (IllegalArgumentException).
        Outcome outcome = pass.run(NLS.bind(Messages.ExecutionGraphAnalysis_TaskName, trace.getNbEvents()), monitor,
                event -> accept(feed, event, event.getTimestamp().toNanos(), lastNs));
        if (outcome == Outcome.FAILED) {
            ErrorLog.error(NLS.bind(Messages.ExecutionGraphAnalysis_Failed, trace.getName(), pass.failureMessage()), pass.failure());
        }
        if (outcome != Outcome.COMPLETED) {
            return null;
        }
        return finish(graph, feed.host(), List.of(feed), lastNs[0], linker, null);
    }

    /**
     * Builds the graph of one kernel trace from its events, already read, as the analysis does
     * with the events its pass reads: for measuring the builder apart from the reading
     * (GraphPeerBenchmark of the benchmarks).
     *
     * @param trace a kernel trace
     * @param events all its events, in trace order
     * @return the graph
     */
    public static Result build(IKernelTrace trace, Iterable<? extends ITmfEvent> events) {
        ExecutionGraph graph = new ExecutionGraph();
        NetworkLinker linker = new NetworkLinker(MAX_PENDING_PACKETS, PACKET_TIMEOUT_NS);
        HostFeed feed = feed(trace, graph, linker);
        long[] lastNs = { Long.MIN_VALUE };
        for (ITmfEvent event : events) {
            accept(feed, event, event.getTimestamp().toNanos(), lastNs);
        }
        return finish(graph, feed.host(), List.of(feed), lastNs[0], linker, null);
    }

    /** Feeds one event at {@code ts} (the graph's clock, ns) and keeps the latest time in {@code lastNs[0]}. */
    private static void accept(HostFeed feed, ITmfEvent event, long ts, long[] lastNs) {
        feed.feeder().accept(event, cpu(feed.trace(), event), ts);
        lastNs[0] = Math.max(lastNs[0], ts);
    }

    /** The experiment case: synchronise the hosts' clocks, then build one graph in the common time. */
    private static @Nullable Result computeHosts(ITmfTrace experiment, TraceEventPass pass, IProgressMonitor monitor) {
        SubMonitor progress = SubMonitor.convert(monitor, 2);
        List<ITmfTrace> traces = kernelTraces(experiment);
        Map<String, ITmfTrace> byHost = new LinkedHashMap<>();
        for (ITmfTrace trace : traces) {
            ITmfTrace other = byHost.put(trace.getHostId(), trace);
            if (other != null) {
                ErrorLog.error(NLS.bind(Messages.ExecutionGraphAnalysis_SameHost,
                        new Object[] { experiment.getName(), other.getName(), trace.getName(), trace.getHostId() }), null);
                return null;
            }
        }
        SyncResult sync = synchronize(experiment, traces, pass, progress.split(1));
        if (sync == null) {
            return null;
        }
        for (String problem : sync.problems()) {
            ErrorLog.warning(NLS.bind(Messages.ExecutionGraphAnalysis_SyncProblem, experiment.getName(), problem));
        }
        ExecutionGraph graph = new ExecutionGraph();
        NetworkLinker linker = new NetworkLinker(MAX_PENDING_PACKETS, PACKET_TIMEOUT_NS);
        Map<ITmfTrace, HostFeed> feeds = new LinkedHashMap<>();
        List<FastTimeTransform> transforms = new ArrayList<>();
        for (ITmfTrace trace : traces) {
            LinearTransform transform = sync.transform(trace.getHostId());
            if (transform == null) {
                continue; // reported among the sync problems
            }
            feeds.put(trace, feed(trace, graph, linker));
            transforms.add(transform.fast());
        }
        long[] lastNs = { Long.MIN_VALUE };
        boolean completed;
        try {
            completed = new SynchronizedEventMerge(new ArrayList<>(feeds.keySet()), transforms).run(
                    NLS.bind(Messages.ExecutionGraphAnalysis_TaskName, experiment.getNbEvents()), progress.split(1), (trace, event, ts) -> {
                        HostFeed feed = feeds.get(trace);
                        if (feed != null) {
                            accept(feed, event, ts, lastNs);
                        }
                    });
        } catch (IllegalArgumentException | IllegalStateException e) {
            ErrorLog.error(NLS.bind(Messages.ExecutionGraphAnalysis_Failed, experiment.getName(), e.getMessage()), e);
            return null;
        }
        if (!completed) {
            return null;
        }
        return finish(graph, sync.reference(), new ArrayList<>(feeds.values()), lastNs[0], linker, sync);
    }

    /**
     * First pass over an experiment: matches the packets exchanged between its hosts, in each
     * host's own clock (no expiry: the clocks are not yet comparable), and solves the clock
     * synchronisation to the first trace's host.
     */
    private static @Nullable SyncResult synchronize(ITmfTrace experiment, List<ITmfTrace> traces, TraceEventPass pass,
            IProgressMonitor monitor) {
        Map<ITmfTrace, PacketLayer> layers = new HashMap<>();
        Map<ITmfTrace, TcpSegmentReader> readers = new HashMap<>();
        for (ITmfTrace trace : traces) {
            packetLayer(trace).ifPresent(layer -> {
                layers.put(trace, layer);
                readers.put(trace, new TcpSegmentReader(((IKernelTrace) trace).getKernelEventLayout(), layer));
            });
        }
        TcpPacketMatcher<Boolean> matcher = new TcpPacketMatcher<>(MAX_PENDING_PACKETS, Long.MAX_VALUE, false);
        ClockSynchronizer synchronizer = new ClockSynchronizer();
        Outcome outcome = pass.run(NLS.bind(Messages.ExecutionGraphAnalysis_SyncTaskName, experiment.getNbEvents()), monitor, event -> {
            ITmfTrace trace = event.getTrace();
            PacketLayer layer = layers.get(trace);
            TcpSegmentReader reader = readers.get(trace);
            if (layer == null || reader == null) {
                return;
            }
            boolean send = layer.sendEvent().equals(event.getName());
            if (!send && !layer.receiveEvent().equals(event.getName())) {
                return;
            }
            TcpSegmentKey key = reader.read(event.getContent());
            if (key == null) {
                return;
            }
            long ts = event.getTimestamp().toNanos();
            PacketMatch<Boolean> match = send ? matcher.send(trace.getHostId(), ts, key, Boolean.TRUE)
                    : matcher.receive(trace.getHostId(), ts, key, Boolean.TRUE);
            if (match != null) {
                synchronizer.addMatch(match);
            }
        });
        if (outcome == Outcome.FAILED) {
            ErrorLog.error(NLS.bind(Messages.ExecutionGraphAnalysis_Failed, experiment.getName(), pass.failureMessage()), pass.failure());
        }
        if (outcome != Outcome.COMPLETED) {
            return null;
        }
        List<String> hosts = new ArrayList<>();
        for (ITmfTrace trace : traces) {
            hosts.add(trace.getHostId());
        }
        return synchronizer.solve(hosts.get(0), hosts);
    }

    /** A builder and feeder for one kernel trace, with its wake-up kind and packet layer chosen. */
    private static HostFeed feed(ITmfTrace trace, ExecutionGraph graph, NetworkLinker linker) {
        IKernelAnalysisEventLayout layout = ((IKernelTrace) trace).getKernelEventLayout();
        Optional<WakeupEventKind> wakeupKind = trace instanceof ITmfTraceWithPreDefinedEvents declared
                ? KernelGraphEventFeeder.selectWakeupKind(declared.getContainedEventTypes(), layout)
                : Optional.empty();
        if (wakeupKind.isEmpty()) {
            ErrorLog.warning(NLS.bind(Messages.ExecutionGraphAnalysis_NoWakeups, trace.getName()));
        }
        String host = trace.getHostId();
        ExecutionGraphBuilder builder = new ExecutionGraphBuilder(graph, host, wakeupKind.orElse(WakeupEventKind.WAKEUP));
        KernelGraphEventFeeder feeder = new KernelGraphEventFeeder(builder, layout);
        packetLayer(trace).ifPresent(layer -> feeder.linkPackets(linker, layer));
        return new HostFeed(trace, host, builder, feeder);
    }

    private static Optional<PacketLayer> packetLayer(ITmfTrace trace) {
        return trace instanceof ITmfTraceWithPreDefinedEvents declared && trace instanceof IKernelTrace kernel
                ? KernelGraphEventFeeder.selectPacketLayer(declared.getContainedEventTypes(), kernel.getKernelEventLayout())
                : Optional.empty();
    }

    /** Closes the builders, reports what was skipped or odd, and makes the result. */
    private static Result finish(ExecutionGraph graph, String host, List<HostFeed> feeds, long lastNs, NetworkLinker linker,
            @Nullable SyncResult sync) {
        Map<String, GraphBuildReport> reports = new LinkedHashMap<>();
        List<MalformedEvents> malformed = new ArrayList<>();
        boolean packets = false;
        for (HostFeed feed : feeds) {
            GraphBuildReport report = feed.builder().finish(lastNs == Long.MIN_VALUE ? 0 : lastNs);
            reports.put(feed.host(), report);
            KernelGraphEventFeeder feeder = feed.feeder();
            List<MalformedEvents> kinds = feeder.malformedKinds();
            malformed.addAll(kinds);
            packets |= feeder.linksPackets();
            String name = feed.trace().getName();
            if (!kinds.isEmpty()) {
                ErrorLog.warning(NLS.bind(Messages.ExecutionGraphAnalysis_MalformedEvents,
                        new Object[] { name, feeder.malformedEvents(), GraphReportText.malformed(kinds) }));
            }
            if (feeder.packetsWithoutSegment() > 0) {
                ErrorLog.warning(NLS.bind(Messages.ExecutionGraphAnalysis_PacketsWithoutSegment,
                        new Object[] { name, feeder.packetsWithoutSegment(), feeder.firstPacketWithoutSegmentNs() }));
            }
            String anomalies = GraphReportText.anomalies(report);
            if (!anomalies.isEmpty()) {
                ErrorLog.warning(NLS.bind(Messages.ExecutionGraphAnalysis_Anomalies, name, anomalies));
            }
        }
        NetworkLinkReport network = packets ? linker.report() : null;
        if (network != null) {
            ErrorLog.info(NLS.bind(Messages.ExecutionGraphAnalysis_Packets, host, GraphReportText.network(network)));
        }
        return new Result(graph, host, reports, malformed, network, sync);
    }

    private static @Nullable Integer cpu(ITmfTrace trace, ITmfEvent event) {
        return TmfTraceUtils.resolveIntEventAspectOfClassForEvent(trace, TmfCpuAspect.class, event);
    }

    /** @return the kernel traces of a trace: itself, or an experiment's kernel traces */
    private static List<ITmfTrace> kernelTraces(ITmfTrace trace) {
        List<ITmfTrace> kernel = new ArrayList<>();
        for (ITmfTrace child : TmfTraceManager.getTraceSet(trace)) {
            if (child instanceof IKernelTrace) {
                kernel.add(child);
            }
        }
        return kernel;
    }
}
