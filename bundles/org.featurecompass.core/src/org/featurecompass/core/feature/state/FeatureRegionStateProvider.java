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
import org.eclipse.tracecompass.tmf.core.statesystem.AbstractTmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.feature.feed.FeatureRegionFeed;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.model.feature.FeatureRegionAnalysis;
import org.featurecompass.model.feature.FeatureRegionListener;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.Region;
import org.featurecompass.model.feature.RegionInstance;

/**
 * Builds the feature-region state system ({@link FeatureRegionAttributes}) of a TEF trace: per
 * (pid, tid) the region stack and its depth, the thread's interaction, and per feature the number
 * of threads on which it is active (Kaufmann 2022, §2.2; nesting as in Perfetto, Fig. 2.2).
 * <p>
 * Everything written comes from the model's {@link FeatureRegionAnalysis}, fed by the same
 * {@link FeatureRegionFeed} as the one-pass analysis, through its listener: interactions,
 * active-thread counts, and the stack levels, which follow what the model matched (its
 * {@link FeatureRegionListener#regionBegan} and {@link FeatureRegionListener#regionEnded}): an end
 * closes the innermost open region with the same id on the same thread; when that is not the top
 * (non-LIFO close), the regions above move down one level at that time; an end without a begin
 * changes no level. Zero-length regions leave no interval in the state system.
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

    private final FeatureRegionFeed fFeed;
    private final Map<Long, ThreadStack> fThreads = new HashMap<>();
    private final Set<RegionStackLabel> fRegions = new HashSet<>();
    private long fRefused;

    /**
     * @param trace the TEF trace
     */
    public FeatureRegionStateProvider(ITmfTrace trace) {
        super(trace, "Feature regions"); //$NON-NLS-1$
        fFeed = new FeatureRegionFeed(trace, FeatureRegionAnalysis.forWholeTrace(new StateWriter()));
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
        if (event == null || getStateSystemBuilder() == null) {
            return;
        }
        try {
            fFeed.accept(event);
        } catch (IllegalArgumentException e) {
            if (fRefused++ == 0) {
                ErrorLog.warning(NLS.bind(Messages.FeatureRegionStateProvider_Refused, getTrace().getName(), e.getMessage()));
            }
        }
    }

    @Override
    public void done() {
        try {
            fFeed.finish();
        } catch (IllegalArgumentException | IllegalStateException e) {
            ErrorLog.warning(NLS.bind(Messages.FeatureRegionStateProvider_Refused, getTrace().getName(), e.getMessage()));
        }
        if (fRefused > 1) {
            ErrorLog.warning(NLS.bind(Messages.FeatureRegionStateProvider_RefusedCount, getTrace().getName(), fRefused));
        }
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

    /** Writes what the model found: stack levels, interactions and active-thread counts. */
    private final class StateWriter implements FeatureRegionListener {
        @Override
        public void instanceClosed(RegionInstance instance) {
            // Instances go to the segment store (FeatureRegionSegmentAnalysis).
        }

        @Override
        public void regionBegan(int pid, int tid, long timestampNs, Region region, int level) {
            ITmfStateSystemBuilder ss = getStateSystemBuilder();
            if (ss == null) {
                return;
            }
            ThreadStack stack = thread(ss, pid, tid);
            RegionStackLabel label = new RegionStackLabel(region.name(), region.id());
            if (fRegions.add(label)) {
                ss.getQuarkAbsoluteAndAdd(FeatureRegionAttributes.REGIONS, label.encode());
            }
            List<RegionStackLabel> labels = stack.fLabels;
            ss.modifyAttribute(timestampNs, label.encode(), level(ss, stack, level));
            labels.add(level, label);
            ss.modifyAttribute(timestampNs, Integer.valueOf(labels.size()), stack.fDepthQuark);
        }

        @Override
        public void regionEnded(int pid, int tid, long timestampNs, int level) {
            ITmfStateSystemBuilder ss = getStateSystemBuilder();
            if (ss == null) {
                return;
            }
            ThreadStack stack = thread(ss, pid, tid);
            List<RegionStackLabel> labels = stack.fLabels;
            labels.remove(level);
            for (int above = level; above < labels.size(); above++) {
                ss.modifyAttribute(timestampNs, labels.get(above).encode(), level(ss, stack, above));
            }
            ss.modifyAttribute(timestampNs, (Object) null, level(ss, stack, labels.size()));
            ss.modifyAttribute(timestampNs, Integer.valueOf(labels.size()), stack.fDepthQuark);
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
