package org.featurecompass.core.kernel;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.featurecompass.model.kernel.KernelActivity;

/**
 * The Kernel Activity tree with the whole {@link KernelActivity} behind it (census, CPU count,
 * span, busy and unattributed time, damage counts) for the summary line of a client in the same
 * process; remote clients read the labels.
 */
public class KernelActivityModel extends TmfTreeModel<KernelActivityEntry> {

    private final @Nullable KernelActivity fActivity;

    /**
     * @param entries one entry per thread
     * @param activity the analysis result, or null while it is not available
     */
    public KernelActivityModel(List<KernelActivityEntry> entries, @Nullable KernelActivity activity) {
        super(KernelActivityDataProvider.headers(), entries);
        fActivity = activity;
    }

    /** @return the analysis result, or null while it is not available */
    public @Nullable KernelActivity getActivity() {
        return fActivity;
    }
}
