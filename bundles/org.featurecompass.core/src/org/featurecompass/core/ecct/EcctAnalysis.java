package org.featurecompass.core.ecct;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.lttng2.ust.core.analysis.debuginfo.UstDebugInfoAnalysisModule;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.symbols.FunctionSymbols;
import org.featurecompass.core.symbols.SymbolFiles;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.core.trace.ISampledTrace;
import org.featurecompass.core.trace.OnePassAnalysisModule;
import org.featurecompass.core.trace.TraceEventPass;
import org.featurecompass.core.trace.TraceEventPass.Outcome;
import org.featurecompass.model.ecct.BlockRequestMatcher;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.InstrumentedStackRecorder;
import org.featurecompass.model.ecct.SampledStackRecorder;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.ecct.ThreadStackHistory;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.sampling.SamplingParameters;
import org.featurecompass.tef.TefStackFrames;
import org.featurecompass.tef.TefThread;
import org.featurecompass.tef.TefTraceMetadata;

/**
 * Reads a trace's call stacks once ({@link CallStackEventReader}) into a
 * {@link ThreadStackHistory}, and in the same pass its block requests ({@link BlockRequestReader}):
 * what the ECCTs of the trace's executions are built from (TraceCompare §3.3.2). Executions are not this analysis's business: they are the rows of the
 * execution analysis, and {@link ExecutionEccts} builds their ECCTs from these stacks (and keeps
 * them here, per execution type, while the table they were built for is current). Sample events
 * of a trace that declares its sampling ({@link ISampledTrace}) are put below the traced stacks
 * ({@link SampledStackReader}, doc/ecct.md "Sampled stacks"). LTTng UST function addresses are
 * named by {@link FunctionSymbols} (the symbol files of {@link #setSymbolFiles}, then Trace
 * Compass's symbol providers), after Trace Compass's UST debug-info analysis has read the
 * trace's statedump. Faults are counted and logged.
 */
public class EcctAnalysis extends OnePassAnalysisModule<TraceStacks> {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.ecct"; //$NON-NLS-1$

    /**
     * The ids of Trace Compass's own analyses this one schedules and waits for: UST Debug Info (the
     * statedump's binaries and load addresses). Whoever cancels the analyses Trace Compass runs on
     * a trace's opening must spare these: a Trace Compass 6.2 module cancelled before its job ran
     * stays "cancelled" and is never run again by a later {@code schedule()}.
     */
    public static final Set<String> TRACE_COMPASS_ANALYSES_USED = Set.of(UstDebugInfoAnalysisModule.ID);

    /** The ECCTs built per execution type, valid while their table and stacks are the current ones. */
    private final Map<String, Built> fEccts = new HashMap<>();

    private record Built(TraceStacks stacks, ExecutionEccts eccts) {
    }

    /** The symbol files the user gave for the LTTng UST function addresses. */
    private volatile SymbolFiles fSymbolFiles = SymbolFiles.NONE;

    /**
     * Sets the symbol files that name the trace's LTTng UST function addresses (besides Trace
     * Compass's own symbol providers, always asked after them); a change discards the result and
     * the ECCTs built from it, so that the next query reads the trace again.
     *
     * @param files the symbol files, or {@link SymbolFiles#NONE}
     */
    public synchronized void setSymbolFiles(SymbolFiles files) {
        if (files.given().equals(fSymbolFiles.given())) {
            return;
        }
        fSymbolFiles = files;
        symbolsChanged();
    }

    /**
     * Discards the result and the ECCTs built from it because the symbols changed elsewhere
     * (Trace Compass's symbol configuration), so that the next query reads the trace again.
     */
    public synchronized void symbolsChanged() {
        cancel();
        fEccts.clear();
        resetAnalysis();
    }

    @Override
    protected String getFullHelpText() {
        return Messages.EcctAnalysis_HelpText;
    }

    @Override
    protected @Nullable TraceStacks compute(ITmfTrace trace, TraceEventPass pass, IProgressMonitor monitor) {
        FrameTable frames = new FrameTable();
        ThreadStackHistory stacks = new ThreadStackHistory(frames);
        InstrumentedStackRecorder recorder = new InstrumentedStackRecorder(stacks);
        if (trace instanceof LttngUstTrace) {
            // the statedump's binaries, to relocate the addresses of position-independent ones
            UstDebugInfoAnalysisModule debugInfo = TmfTraceUtils.getAnalysisModuleOfClass(trace, UstDebugInfoAnalysisModule.class,
                    UstDebugInfoAnalysisModule.ID);
            if (debugInfo != null && debugInfo.canExecute(trace)) {
                debugInfo.schedule();
                if (!debugInfo.waitForCompletion(monitor)) {
                    if (!monitor.isCanceled()) {
                        ErrorLog.error(NLS.bind(Messages.EcctAnalysis_DebugInfoIncomplete, trace.getName(), debugInfo.getName()), null);
                    }
                    return null;
                }
            }
        }
        FunctionSymbols symbols = FunctionSymbols.of(trace, fSymbolFiles, monitor);
        CallStackEventReader reader = new CallStackEventReader(recorder, frames, "", symbols); //$NON-NLS-1$
        BlockRequestMatcher blocks = new BlockRequestMatcher();
        BlockRequestReader blockReader = new BlockRequestReader(blocks, trace.getHostId());
        SamplingParameters sampling = trace instanceof ISampledTrace sampled ? sampled.getSamplingParameters() : null;
        SampledStackRecorder sampleRecorder = sampling == null ? null : new SampledStackRecorder(recorder, sampling.periodNs());
        TefStackFrames dictionary = trace instanceof TefTmfTrace tef ? tef.getStackFrames() : TefStackFrames.NONE;
        SampledStackReader sampleReader = sampleRecorder == null ? null : new SampledStackReader(sampleRecorder, frames, dictionary, ""); //$NON-NLS-1$
        Outcome outcome = pass.run(NLS.bind(Messages.EcctAnalysis_TaskName, trace.getNbEvents()), monitor, event -> {
            if (sampleRecorder != null && sampleReader != null) {
                sampleRecorder.expireUpTo(event.getTimestamp().toNanos());
                if (event instanceof TefTmfEvent tef && sampleReader.accept(tef.getTefEvent())) {
                    return;
                }
            }
            reader.accept(event);
            blockReader.accept(event);
        });
        if (outcome != Outcome.COMPLETED) {
            Throwable failure = pass.failure();
            if (failure != null) {
                ErrorLog.error(NLS.bind(Messages.EcctAnalysis_Failed, trace.getName(), failure.getMessage()), failure);
            }
            return null;
        }
        if (trace instanceof TefTmfTrace tef) {
            nameProcesses(tef.getReader().metadata(), stacks);
        }
        Map<ThreadKey, Integer> openAtEnd = Map.copyOf(recorder.openStacks());
        long endNs = trace.getEndTime().toNanos();
        if (sampleRecorder != null) {
            sampleRecorder.expireUpTo(endNs);
        }
        recorder.finish(endNs);
        if (sampleRecorder != null) {
            sampleRecorder.finish();
        }
        long samples = 0;
        Map<Integer, Long> sampleCounts = Map.of();
        long unrecordedSamples = 0;
        if (sampleReader != null) {
            samples = sampleReader.samples();
            sampleCounts = sampleReader.counts();
            unrecordedSamples = sampleReader.unresolved() + sampleReader.unreadable();
            if (sampleReader.unresolved() > 0) {
                ErrorLog.warning(NLS.bind(Messages.EcctAnalysis_UnresolvedSamples, new Object[] { trace.getName(), sampleReader.unresolved(),
                        sampleReader.firstUnresolvedRank(), sampleReader.firstUnresolvedNs(), dictionary.frames().size(),
                        dictionary.cut() ? Messages.EcctAnalysis_StackFramesCut : "" })); //$NON-NLS-1$
            }
            if (sampleReader.unreadable() > 0) {
                ErrorLog.warning(NLS.bind(Messages.EcctAnalysis_UnreadableSamples, new Object[] { trace.getName(), sampleReader.unreadable(),
                        sampleReader.firstUnreadableRank() }));
            }
        }
        if (recorder.unmatchedExits() + recorder.unclosedFrames() + reader.skippedEvents() > 0) {
            ErrorLog.warning(NLS.bind(Messages.EcctAnalysis_Faults, new Object[] { trace.getName(), recorder.unmatchedExits(),
                    recorder.unclosedFrames(), reader.skippedEvents(), reader.firstSkippedNs() }));
        }
        FunctionSymbols.Counts names = symbols.counts();
        if (names.unresolved() > 0 && (names.filesGiven() || names.resolved() > 0)) {
            ErrorLog.warning(NLS.bind(Messages.EcctAnalysis_Unsymbolised, new Object[] { trace.getName(), names.unresolved(),
                    names.resolved() + names.unresolved(), "0x" + Long.toHexString(names.firstUnresolved()), //$NON-NLS-1$
                    fSymbolFiles.given().isEmpty() ? Messages.EcctAnalysis_NoSymbolFiles : fSymbolFiles.given().toString() }));
        }
        long blockFaults = blocks.unmatchedCompletions() + blocks.unfinishedIssues() + blockReader.skippedEvents();
        if (blockFaults > 0) {
            ErrorLog.warning(NLS.bind(Messages.EcctAnalysis_BlockFaults, new Object[] { trace.getName(), blocks.unmatchedCompletions(),
                    blocks.unfinishedIssues(), blockReader.skippedEvents() }));
        }
        return new TraceStacks(stacks, reader.stackEvents(), recorder.unmatchedExits(), recorder.unclosedFrames(),
                reader.skippedEvents(), openAtEnd, blocks.requests() == 0 ? null : blocks.usage(), blocks.requests(), blockFaults,
                samples, sampleCounts, unrecordedSamples, names);
    }

    /**
     * Gives each thread of the TEF metadata its process's name ({@code process_name} of its
     * {@code pid}, else the name of the process's main thread), which thread markers show instead
     * of ids (doc/ecct.md, "Thread markers").
     */
    private static void nameProcesses(TefTraceMetadata metadata, ThreadStackHistory stacks) {
        for (TefThread thread : metadata.threadNames().keySet()) {
            String process = metadata.processNames().get(thread.pid());
            if (process == null) {
                process = metadata.threadName(thread.pid(), thread.pid());
            }
            Long tid = parseId(thread.tid());
            if (process != null && tid != null) {
                stacks.processName(new ThreadKey("", tid), process); //$NON-NLS-1$
            }
        }
    }

    private static @Nullable Long parseId(String id) {
        try {
            return Long.valueOf(id);
        } catch (NumberFormatException e) {
            return null; // TEF allows any text as a thread id; such a thread is in no kernel event
        }
    }

    /**
     * @param table an execution table
     * @param stacks the stacks its ECCTs must have been built from
     * @return the ECCTs built for exactly that table from those stacks, or null
     */
    synchronized @Nullable ExecutionEccts cached(ExecutionTable table, TraceStacks stacks) {
        Built built = fEccts.get(table.type());
        return built != null && built.eccts().table() == table && built.stacks() == stacks ? built.eccts() : null;
    }

    /**
     * @param stacks the stacks they were built from
     * @param eccts ECCTs to keep for their type, replacing older ones
     */
    synchronized void cache(TraceStacks stacks, ExecutionEccts eccts) {
        fEccts.put(eccts.table().type(), new Built(stacks, eccts));
    }
}
