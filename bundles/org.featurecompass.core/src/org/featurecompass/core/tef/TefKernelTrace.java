package org.featurecompass.core.tef;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEventType;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.tef.TefCursor;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefTrace;

/**
 * A recording of the Feature Compass recorder ({@code fc-record --kernel}): a TEF trace whose
 * {@code cat: "kernel"} instant events are kernel tracepoints. As an {@link IKernelTrace} it gets
 * the kernel analyses (Kernel Activity, execution graph, critical path) besides the feature
 * analyses, with the recorder's field names ({@link RecorderEventLayout}) and the CPU from
 * {@code args.cpu}. Recognised by the recorder's signature in the file's header
 * ({@code "recorder": "fc-record"} in {@code otherData}), so it is preferred to the generic TEF
 * type for recordings.
 */
public class TefKernelTrace extends TefTmfTrace implements IKernelTrace, ITmfTraceWithPreDefinedEvents {

    /** The trace type id, as registered in plugin.xml. */
    public static final String TRACE_TYPE_ID = "org.featurecompass.core.tef.recording"; //$NON-NLS-1$

    /** Bytes of the header searched for the recorder's signature; the recorder writes it first. */
    private static final int HEADER_BYTES = 4096;
    private static final Pattern RECORDER_SIGNATURE = Pattern.compile("\"recorder\"\\s*:\\s*\"fc-record\""); //$NON-NLS-1$
    private static final int RECORDING_CONFIDENCE = 100;
    private static final String KERNEL_CATEGORY = "kernel"; //$NON-NLS-1$
    /** The key of the recorder's host id ({@code fc-record --host}) in {@code otherData}. */
    private static final String HOST_ID = "hostId"; //$NON-NLS-1$

    private @Nullable Set<ITmfEventType> fKernelEventTypes;
    private volatile @Nullable String fHostId;

    @Override
    public IStatus validate(@Nullable IProject project, @Nullable String path) {
        IStatus tef = super.validate(project, path);
        if (!tef.isOK() || path == null) {
            return tef;
        }
        try (InputStream in = Files.newInputStream(Paths.get(path))) {
            String header = new String(in.readNBytes(HEADER_BYTES), StandardCharsets.UTF_8);
            if (RECORDER_SIGNATURE.matcher(header).find()) {
                return new TraceValidationStatus(RECORDING_CONFIDENCE, "org.featurecompass.core"); //$NON-NLS-1$
            }
        } catch (IOException e) {
            return new Status(IStatus.ERROR, "org.featurecompass.core", e.getMessage(), e); //$NON-NLS-1$
        }
        return new Status(IStatus.ERROR, "org.featurecompass.core", NLS.bind(Messages.TefKernelTrace_NotARecording, path)); //$NON-NLS-1$
    }

    @Override
    protected List<ITmfEventAspect<?>> createAspects(TefTrace reader) throws TmfTraceException {
        List<ITmfEventAspect<?>> aspects = new ArrayList<>(super.createAspects(reader));
        aspects.add(new TefCpuAspect());
        return aspects;
    }

    /**
     * The kernel events the recording holds, so that analyses can choose, e.g., one wake-up event
     * per trace. Found with one pass over the index on first use, then kept.
     */
    @Override
    public synchronized Set<? extends ITmfEventType> getContainedEventTypes() {
        Set<ITmfEventType> types = fKernelEventTypes;
        if (types == null) {
            Set<String> names = new TreeSet<>();
            TefCursor cursor = getReader().cursor(0);
            try {
                while (cursor.hasNext()) {
                    if (cursor.next() instanceof TefEvent event && KERNEL_CATEGORY.equals(event.category())) {
                        String name = event.name();
                        if (name != null) {
                            names.add(name);
                        }
                    }
                }
            } catch (IOException e) {
                ErrorLog.error(String.valueOf(e.getMessage()), e);
            }
            types = new LinkedHashSet<>();
            for (String name : names) {
                types.add(new TmfEventType(name, null));
            }
            fKernelEventTypes = types;
        }
        return types;
    }

    /**
     * The host the recorder ran on ({@code hostId} in {@code otherData}): traces of several hosts
     * in one experiment are told apart, and their clocks synchronised, by it. Recordings without
     * it fall back to Trace Compass's default.
     */
    @Override
    public String getHostId() {
        String known = fHostId;
        if (known != null) {
            return known;
        }
        TefTrace reader = readerIfOpen();
        if (reader == null) {
            return super.getHostId();
        }
        String recorded = reader.metadata().otherData().get(HOST_ID);
        String host = recorded == null || recorded.isEmpty() ? super.getHostId() : recorded;
        fHostId = host;
        return host;
    }

    @Override
    public IKernelAnalysisEventLayout getKernelEventLayout() {
        return RecorderEventLayout.INSTANCE;
    }
}
