package org.featurecompass.cli.trace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;

import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAnalysisManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceImportException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.featurecompass.cli.CliException;
import org.featurecompass.core.ecct.EcctAnalysis;
import org.osgi.framework.Bundle;

/**
 * A trace opened from a path as the workbench opens it, without the workbench: its type is the
 * one Trace Compass's own import selects ({@link TmfTraceType#selectTraceType}: the registered
 * types validate the path, the highest confidence wins, e.g. a Feature Compass recording over
 * plain TEF, an LTTng kernel trace over generic CTF), it is initialised with no workspace
 * resource, and its opened signal goes to the trace (which instantiates the analyses registered
 * for its type) and to Trace Compass's trace manager (where the data provider manager finds it),
 * so that analyses and data providers are found as in the views; the integration tests open
 * traces the same way. Analyses that other plug-ins run automatically on opening are not run
 * ({@link #describe()} names them). The signal is not broadcast: workbench parts that listen to it, such as
 * Trace Compass's perspective manager, fail without a workbench. Close it to release the trace.
 */
public final class OpenedTrace implements AutoCloseable {

    /** The id prefix of the suite's own analyses. */
    private static final String SUITE = "org.featurecompass."; //$NON-NLS-1$

    /** Names in use in this runtime: supplementary files are kept per trace name. */
    private static final Set<String> NAMES = new HashSet<>();

    /**
     * The automatic analyses of other plug-ins made non-automatic as Trace Compass creates them,
     * before its {@code TmfTrace.traceOpened} schedules the automatic ones: a command runs the
     * analyses it asks for, which schedule what they depend on (a non-automatic module runs when
     * scheduled). Cancelling them after the opening came too late: Statistics had started its
     * sub-analyses and Linux Kernel its state system, which then took CPU from the command.
     */
    private static final Set<IAnalysisModule> MADE_MANUAL = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    static {
        TmfAnalysisManager.addNewModuleListener(module -> {
            if (module.isAutomatic() && !module.getId().startsWith(SUITE)) {
                module.setAutomatic(false);
                MADE_MANUAL.add(module);
            }
        });
    }

    private final ITmfTrace fTrace;
    private final String fTypeName;
    private final String fName;
    private final List<String> fSkippedAnalyses;

    private OpenedTrace(ITmfTrace trace, String typeName, String name, List<String> skipped) {
        fTrace = trace;
        fTypeName = typeName;
        fName = name;
        // Sorted: Trace Compass hands the modules back in hash order, and the text must not change from run to run.
        fSkippedAnalyses = skipped.stream().sorted().toList();
    }

    /**
     * Names the automatic analyses of other plug-ins that this trace's opening did not run (Trace
     * Compass's Linux Kernel state system, Statistics, Active Thread…): those made manual as they
     * were created, and any module created some other way and scheduled anyway, which is cancelled
     * (sparing the Trace Compass analyses the suite's own analyses wait for: Trace Compass 6.2
     * never runs again a module cancelled before its job started).
     *
     * @return the names of the analyses not run
     */
    private static List<String> skippedAutomaticAnalyses(ITmfTrace trace) {
        List<String> skipped = new ArrayList<>();
        for (IAnalysisModule module : trace.getAnalysisModules()) {
            if (MADE_MANUAL.contains(module)) {
                skipped.add(module.getName());
            } else if (module.isAutomatic() && !module.getId().startsWith(SUITE) && !EcctAnalysis.TRACE_COMPASS_ANALYSES_USED.contains(module.getId())) {
                module.cancel();
                skipped.add(module.getName());
            }
        }
        return skipped;
    }

    /** @return e.g. "opened t.json as Trace Event Format (JSON); skipped the automatic analyses Statistics" */
    public String describe() {
        return "opened " + fName + " as " + fTypeName //$NON-NLS-1$ //$NON-NLS-2$
                + (fSkippedAnalyses.isEmpty() ? "" : "; skipped the automatic analyses " + String.join(", ", fSkippedAnalyses)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    /**
     * @param argument the path given on the command line (a file, or a CTF trace folder)
     * @return the opened trace
     * @throws CliException if the path does not exist, is of no known trace type, or cannot be read
     */
    public static OpenedTrace open(String argument) throws CliException {
        Path path = Path.of(argument).toAbsolutePath().normalize();
        if (!Files.exists(path)) {
            throw new CliException("--trace " + argument + ": no such file or folder (" + path + ')'); //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (!Files.isReadable(path)) {
            throw new CliException("--trace " + argument + ": not readable"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        List<TraceTypeHelper> candidates;
        try {
            candidates = TmfTraceType.selectTraceType(path.toString(), null);
        } catch (TmfTraceImportException e) {
            throw new CliException("--trace " + argument + ": " + e.getMessage(), e); //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (candidates.isEmpty()) {
            throw new CliException("--trace " + argument + ": not a trace of a known type (Trace Event Format .json or " //$NON-NLS-1$ //$NON-NLS-2$
                    + ".json.gz, a Feature Compass recording, or an LTTng/CTF trace folder)"); //$NON-NLS-1$
        }
        TraceTypeHelper type = candidates.get(0);
        String name = uniqueName(path.getFileName() == null ? path.toString() : path.getFileName().toString());
        ITmfTrace trace = instantiate(type, argument);
        try {
            trace.initTrace(null, path.toString(), eventType(type), name, type.getTraceTypeId());
        } catch (TmfTraceException e) {
            trace.dispose();
            release(name);
            Throwable cause = e.getCause();
            throw new CliException("--trace " + argument + ": cannot be read as " + type.getName() + ": " //$NON-NLS-1$ //$NON-NLS-2$
                    + (cause != null && cause.getMessage() != null ? cause.getMessage() : e.getMessage()), e);
        }
        TmfTraceOpenedSignal opened = new TmfTraceOpenedSignal(OpenedTrace.class, trace, null);
        if (trace instanceof TmfTrace tmfTrace) {
            tmfTrace.traceOpened(opened);
        }
        TmfTraceManager.getInstance().traceOpened(opened);
        return new OpenedTrace(trace, type.getName(), name, skippedAutomaticAnalyses(trace));
    }

    /** @return the trace */
    public ITmfTrace trace() {
        return fTrace;
    }

    /** @return the trace's name: its file name, made unique in this run */
    public String name() {
        return fName;
    }

    /** @return the name of its trace type, e.g. "Trace Event Format (JSON)" */
    public String typeName() {
        return fTypeName;
    }

    @Override
    public void close() {
        TmfTraceClosedSignal closed = new TmfTraceClosedSignal(OpenedTrace.class, fTrace);
        DataProviderManager.getInstance().traceClosed(closed);
        TmfTraceManager.getInstance().traceClosed(closed);
        fTrace.dispose();
        release(fName);
    }

    private static ITmfTrace instantiate(TraceTypeHelper type, String argument) throws CliException {
        try {
            return type.getTraceClass().getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new CliException("--trace " + argument + ": the trace type " + type.getName() + " cannot be instantiated: " + e, e); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    /** @return the event class the trace type declares in plugin.xml, or {@link TmfEvent} */
    @SuppressWarnings("unchecked")
    private static Class<? extends ITmfEvent> eventType(TraceTypeHelper type) {
        IConfigurationElement element = TmfTraceType.getTraceAttributes(type.getTraceTypeId());
        String className = element == null ? null : element.getAttribute(TmfTraceType.EVENT_TYPE_ATTR);
        if (element != null && className != null) {
            Bundle bundle = Platform.getBundle(element.getContributor().getName());
            try {
                if (bundle != null) {
                    return (Class<? extends ITmfEvent>) bundle.loadClass(className);
                }
            } catch (ClassNotFoundException | ClassCastException e) {
                // fall back to the generic event, which every trace type accepts
            }
        }
        return TmfEvent.class;
    }

    private static synchronized String uniqueName(String fileName) {
        String name = fileName;
        for (int i = 2; !NAMES.add(name); i++) {
            name = fileName + " (" + i + ')'; //$NON-NLS-1$
        }
        return name;
    }

    private static synchronized void release(String name) {
        NAMES.remove(name);
    }
}
