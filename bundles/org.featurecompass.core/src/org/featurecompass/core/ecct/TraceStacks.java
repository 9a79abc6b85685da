package org.featurecompass.core.ecct;

import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.symbols.FunctionSymbols;
import org.featurecompass.model.ecct.BlockDeviceUsage;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.ecct.ThreadStackHistory;

/**
 * The threads' call stacks of a trace, as the ECCTs of its executions are built from them
 * (TraceCompare §3.3.2: the {@code threads/[tid]/stack} attribute of its state history), its
 * block requests (the {@code blockdevice/threads} attribute), and the faults met while reading
 * them.
 *
 * @param stacks the threads' stacks over time (threads keyed with host {@code ""})
 * @param stackEvents stack events read
 * @param unmatchedExits function exits without an open function
 * @param unclosedFrames frames still open at the end of the trace, closed there
 * @param skippedEvents stack events without a usable thread id, name or address
 * @param openAtEnd the stack (a node of {@code stacks.stacks()}) of each thread that had frames
 *            open at the end of the trace, before they were closed there
 * @param disks the block requests in flight, by thread (threads keyed with the trace's host id,
 *            as the execution graph keys them), or null if the trace has none
 * @param blockRequests block requests issued and completed in the trace
 * @param blockFaults block events left out: completions without an issue, issues never
 *            completed, events without a device, sector or thread
 * @param samples sample events ({@code fc-record --sample}) recorded into {@code stacks}
 * @param sampleCounts how many samples were recorded on each stack (a node of
 *            {@code stacks.stacks()}), the sample below the thread's traced stack
 * @param unrecordedSamples sample events not recorded: unreadable, or frame ids that the trace's
 *            {@code stackFrames} (as far as the index kept it) cannot resolve
 * @param symbols LTTng UST function addresses named by a symbol and left as addresses
 */
public record TraceStacks(ThreadStackHistory stacks, long stackEvents, long unmatchedExits, long unclosedFrames,
        long skippedEvents, Map<ThreadKey, Integer> openAtEnd, @Nullable BlockDeviceUsage disks, long blockRequests,
        long blockFaults, long samples, Map<Integer, Long> sampleCounts, long unrecordedSamples,
        FunctionSymbols.Counts symbols) {
}
