package org.featurecompass.core.feature.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.statesystem.AbstractTmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.feature.feed.MeasurementOffSchedule;
import org.featurecompass.core.feature.feed.RegionEventConverter;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.model.feature.FeatureRegionAnalysis;
import org.featurecompass.model.feature.FeatureRegionListener;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.RegionEvent;
import org.featurecompass.model.feature.RegionInstance;

/**
 * Builds the feature-region state system ({@link FeatureRegionAttributes}) of a TEF trace: per
 * (pid, tid) the region stack and its depth, the thread's interaction, and per feature the number
 * of threads on which it is active (Kaufmann 2022, §2.2; nesting as in Perfetto, Fig. 2.2).
 * <p>
 * Interactions and active-thread counts come from the model's {@link FeatureRegionAnalysis}
 * listener. The stack levels follow the model's matching rule: an end closes the innermost open
 * region with the same id on the same thread; when that is not the top (non-LIFO close), the
 * regions above move down one level at that time; an end without a begin changes no level.
 * Zero-length regions leave no interval in the state system.
 */
public class FeatureRegionStateProvider extends AbstractTmfStateProvider {

    private static final int VERSION = 2; // 2: measurement-off windows are gaps

    /** The open regions of one thread as written to the state system. */
    private static final class ThreadStack {
        final int fDepthQuark;
        final int fStackQuark;
        final List<RegionStackLabel> fLabels = new ArrayList<>();

        ThreadStack(int depthQuark, int stackQuark) {
            fDepthQuark = depthQuark;
            fStackQuark = stackQuark;
        }
    }

    private final RegionEventConverter fConverter = new RegionEventConverter();
    private final FeatureRegionAnalysis fAnalysis = FeatureRegionAnalysis.forWholeTrace(new StateWriter());
    private final MeasurementOffSchedule fMeasurementOff;
    private final Map<Long, ThreadStack> fThreads = new HashMap<>();
    private final Set<RegionStackLabel> fRegions = new HashSet<>();
    private long fRefused;

    /**
     * @param trace the TEF trace
     */
    public FeatureRegionStateProvider(ITmfTrace trace) {
        super(trace, "Feature regions"); //$NON-NLS-1$
        fMeasurementOff = MeasurementOffSchedule.of(trace, fConverter);
    }

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public ITmfStateProvider getNewInstance() {
        return new FeatureRegionStateProvider(getTrace());
    }

    @Override
    protected void eventHandle(@Nullable ITmfEvent event) {
        ITmfStateSystemBuilder ss = getStateSystemBuilder();
        if (event == null || ss == null) {
            return;
        }
        try {
            fMeasurementOff.feedUpTo(event.getTimestamp().toNanos(), fAnalysis);
            if (event instanceof ITmfLostEvent lost) {
                TmfTimeRange range = lost.getTimeRange();
                fAnalysis.gap(fConverter.gap(range.getStartTime().toNanos(), range.getEndTime().toNanos(),
                        lost.getNbLostEvents()));
            } else if (event instanceof TefTmfEvent tef) {
                RegionEvent region = fConverter.convert(tef.getTefEvent());
                if (region != null) {
                    fAnalysis.accept(region);
                    mirrorStack(ss, region);
                }
            }
        } catch (IllegalArgumentException e) {
            if (fRefused++ == 0) {
                ErrorLog.warning(NLS.bind(Messages.FeatureRegionStateProvider_Refused, getTrace().getName(), e.getMessage()));
            }
        }
    }

    @Override
    public void done() {
        try {
            fMeasurementOff.feedRest(fAnalysis);
            fAnalysis.finish(getTrace().getEndTime().toNanos());
        } catch (IllegalArgumentException | IllegalStateException e) {
            ErrorLog.warning(NLS.bind(Messages.FeatureRegionStateProvider_Refused, getTrace().getName(), e.getMessage()));
        }
        if (fRefused > 1) {
            ErrorLog.warning(NLS.bind(Messages.FeatureRegionStateProvider_RefusedCount, getTrace().getName(), fRefused));
        }
    }

    private void mirrorStack(ITmfStateSystemBuilder ss, RegionEvent event) {
        ThreadStack stack = thread(ss, event.pid(), event.tid());
        long t = event.timestampNs();
        List<RegionStackLabel> labels = stack.fLabels;
        if (event.phase() == RegionEvent.Phase.BEGIN) {
            RegionStackLabel label = new RegionStackLabel(event.regionName(), event.regionId());
            if (fRegions.add(label)) {
                ss.getQuarkAbsoluteAndAdd(FeatureRegionAttributes.REGIONS, label.encode());
            }
            ss.modifyAttribute(t, label.encode(), level(ss, stack, labels.size()));
            labels.add(label);
        } else {
            int index = labels.size() - 1;
            while (index >= 0 && labels.get(index).id() != event.regionId()) {
                index--;
            }
            if (index < 0) {
                return;
            }
            labels.remove(index);
            for (int level = index; level < labels.size(); level++) {
                ss.modifyAttribute(t, labels.get(level).encode(), level(ss, stack, level));
            }
            ss.modifyAttribute(t, (Object) null, level(ss, stack, labels.size()));
        }
        ss.modifyAttribute(t, Integer.valueOf(labels.size()), stack.fDepthQuark);
    }

    private ThreadStack thread(ITmfStateSystemBuilder ss, int pid, int tid) {
        long key = ((long) pid << 32) | (tid & 0xFFFF_FFFFL);
        ThreadStack stack = fThreads.get(key);
        if (stack == null) {
            int thread = ss.getQuarkAbsoluteAndAdd(FeatureRegionAttributes.THREADS, Integer.toString(pid), Integer.toString(tid));
            stack = new ThreadStack(ss.getQuarkRelativeAndAdd(thread, FeatureRegionAttributes.DEPTH),
                    ss.getQuarkRelativeAndAdd(thread, FeatureRegionAttributes.STACK));
            fThreads.put(key, stack);
        }
        return stack;
    }

    private static int level(ITmfStateSystemBuilder ss, ThreadStack stack, int level) {
        return ss.getQuarkRelativeAndAdd(stack.fStackQuark, Integer.toString(level));
    }

    /** Writes the model's interaction and active-thread changes. */
    private final class StateWriter implements FeatureRegionListener {
        @Override
        public void instanceClosed(RegionInstance instance) {
            // Instances go to the segment store (FeatureRegionSegmentAnalysis).
        }

        @Override
        public void interactionChanged(int pid, int tid, long timestampNs, @Nullable FeatureSet interaction) {
            ITmfStateSystemBuilder ss = getStateSystemBuilder();
            if (ss != null) {
                int quark = ss.getQuarkAbsoluteAndAdd(FeatureRegionAttributes.THREADS, Integer.toString(pid),
                        Integer.toString(tid), FeatureRegionAttributes.INTERACTION);
                ss.modifyAttribute(timestampNs, interaction == null ? null : interaction.toString(), quark);
            }
        }

        @Override
        public void activeThreadsChanged(String feature, long timestampNs, int activeThreads) {
            ITmfStateSystemBuilder ss = getStateSystemBuilder();
            if (ss != null) {
                int quark = ss.getQuarkAbsoluteAndAdd(FeatureRegionAttributes.FEATURES, feature,
                        FeatureRegionAttributes.ACTIVE_THREADS);
                ss.modifyAttribute(timestampNs, Integer.valueOf(activeThreads), quark);
            }
        }
    }
}
