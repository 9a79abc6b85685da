package org.featurecompass.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.core.tef.TefTmfEvent;

/**
 * The recorder's TCP demo (tools/record/demo/fc-netdemo) recorded for real on two "hosts": two
 * network namespaces joined by a veth pair (the client at 10.77.0.1, the server at 10.77.0.2), each
 * with its own {@code fc-record --kernel} (host ids {@code client} and {@code server}), the
 * client's clock shifted by a given offset. Needs root and BPF ({@link BpfRecorder#assumeBpf()}).
 *
 * @param client the client's recording
 * @param server the server's recording
 */
public record TwoHostRecording(Path client, Path server) {

    /**
     * An instance of a feature region of a recording, in its trace's clock.
     *
     * @param tid the thread that ran it
     * @param startNs its begin
     * @param endNs its end
     */
    public record RegionInstance(long tid, long startNs, long endNs) {
    }

    /**
     * Records the demo; the namespaces are deleted afterwards.
     *
     * @param out where the recordings (and the server's fsync file) go
     * @param requests the client's requests
     * @param sleepMs the server's sleep per request, ms
     * @param holdMs how long the server's lock holder works per request, ms
     * @param clientClockOffsetNs added to the client recording's times
     * @return the two recordings
     */
    public static TwoHostRecording record(Path out, int requests, String sleepMs, String holdMs, long clientClockOffsetNs)
            throws IOException, InterruptedException {
        Path tools = BpfRecorder.tools();
        String suffix = Long.toString(ProcessHandle.current().pid());
        String client = "fcA" + suffix; //$NON-NLS-1$
        String server = "fcB" + suffix; //$NON-NLS-1$
        try {
            namespaces(tools, client, server);
            Path clientTrace = out.resolve("client.json"); //$NON-NLS-1$
            Path serverTrace = out.resolve("server.json"); //$NON-NLS-1$
            Process serverRecorder = BpfRecorder.start(tools, "nsenter", "--net=/run/netns/" + server, "./fc-record", "--kernel",
                    "--kernel-scope", "target", "--net-scope", "own", "--host", "server", "-o", serverTrace.toString(), "--",
                    tools.resolve("demo/fc-netdemo").toString(), "server", "--port", "7077", "--requests", Integer.toString(requests),
                    "--sleep-ms", sleepMs, "--hold-ms", holdMs, "--io", out.resolve("io.tmp").toString());
            BpfRecorder.run(tools, 300, "nsenter", "--net=/run/netns/" + client, "./fc-record", "--kernel", "--kernel-scope", "target",
                    "--net-scope", "own", "--host", "client", "--clock-offset-ns", Long.toString(clientClockOffsetNs), "-o",
                    clientTrace.toString(), "--", tools.resolve("demo/fc-netdemo").toString(), "client", "--host", "10.77.0.2",
                    "--port", "7077", "--requests", Integer.toString(requests));
            BpfRecorder.await(serverRecorder, 120, "fc-record of the server");
            return new TwoHostRecording(clientTrace, serverTrace);
        } finally {
            BpfRecorder.run(tools, 30, "ip", "netns", "del", client);
            BpfRecorder.run(tools, 30, "ip", "netns", "del", server);
        }
    }

    private static void namespaces(Path dir, String client, String server) throws IOException, InterruptedException {
        String[][] commands = { { "ip", "netns", "add", client }, { "ip", "netns", "add", server },
                { "ip", "link", "add", "veth-" + client, "netns", client, "type", "veth", "peer", "name", "veth-" + server, "netns", server },
                { "ip", "-n", client, "addr", "add", "10.77.0.1/24", "dev", "veth-" + client },
                { "ip", "-n", server, "addr", "add", "10.77.0.2/24", "dev", "veth-" + server },
                { "ip", "-n", client, "link", "set", "veth-" + client, "up" }, { "ip", "-n", server, "link", "set", "veth-" + server, "up" },
                { "ip", "-n", client, "link", "set", "lo", "up" }, { "ip", "-n", server, "link", "set", "lo", "up" } };
        for (String[] command : commands) {
            BpfRecorder.run(dir, 30, command);
        }
    }

    /**
     * The two hosts' recordings opened and joined in one experiment, as a user opens them: the
     * experiment synchronises their clocks and builds one execution graph.
     *
     * @param client the client's recording, opened
     * @param server the server's recording, opened
     * @param experiment the experiment of both, opened; disposing it disposes them
     */
    public record Hosts(TefKernelTrace client, TefKernelTrace server, TmfExperiment experiment) {
    }

    /**
     * @return both recordings opened, and the experiment of the two
     * @throws TmfTraceException if one cannot be read
     */
    public Hosts openExperiment() throws TmfTraceException {
        TefKernelTrace clientTrace = open(client);
        TefKernelTrace serverTrace = open(server);
        TmfExperiment experiment = new TmfExperiment(ITmfEvent.class, "two-hosts", new ITmfTrace[] { clientTrace, serverTrace }, //$NON-NLS-1$
                TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
        try {
            experiment.traceOpened(new TmfTraceOpenedSignal(TwoHostRecording.class, experiment, null));
        } catch (RuntimeException e) {
            experiment.dispose();
            throw e;
        }
        return new Hosts(clientTrace, serverTrace, experiment);
    }

    /**
     * @param recording one of the demo's recordings (of one host, or of the loopback run)
     * @return it opened as a kernel trace, its analyses instantiated
     * @throws TmfTraceException if it cannot be read
     */
    public static TefKernelTrace open(Path recording) throws TmfTraceException {
        TefKernelTrace trace = new TefKernelTrace();
        trace.initTrace(null, recording.toString(), TmfEvent.class);
        trace.traceOpened(new TmfTraceOpenedSignal(TwoHostRecording.class, trace, null));
        return trace;
    }

    /**
     * @param trace a recording of the demo
     * @param region a feature region, e.g. {@code FR(Request)}
     * @return its instances, from the recording's feature events
     */
    public static List<RegionInstance> regions(TefKernelTrace trace, String region) {
        List<RegionInstance> instances = new ArrayList<>();
        @Nullable Long open = null;
        ITmfContext context = trace.seekEvent(0L);
        ITmfEvent event;
        while ((event = trace.getNext(context)) != null) {
            if (event instanceof TefTmfEvent tef && "Feature".equals(tef.getTefEvent().category()) //$NON-NLS-1$
                    && region.equals(event.getName())) {
                long ts = event.getTimestamp().toNanos();
                String tid = tef.getTefEvent().tid();
                if ("B".equals(tef.getTefEvent().phaseText())) { //$NON-NLS-1$
                    open = ts;
                } else if (open != null && tid != null) {
                    instances.add(new RegionInstance(Long.parseLong(tid), open, ts));
                    open = null;
                }
            }
        }
        context.dispose();
        return instances;
    }
}
