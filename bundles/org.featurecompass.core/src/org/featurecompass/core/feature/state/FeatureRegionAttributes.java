package org.featurecompass.core.feature.state;

/**
 * Attribute names of the feature-region state system ({@link FeatureRegionStateProvider}):
 * <pre>
 * Threads/&lt;pid&gt;/&lt;tid&gt;/Depth           int: number of open regions of the thread
 * Threads/&lt;pid&gt;/&lt;tid&gt;/Interaction     string: the thread's interaction (A*B), null when no region is open
 * Threads/&lt;pid&gt;/&lt;tid&gt;/Stack/&lt;level&gt;   string: {@link RegionStackLabel} of the region at that level (0 = bottom)
 * Features/&lt;feature&gt;/ActiveThreads   int: observed threads on which the feature is active
 * Regions/&lt;name #id&gt;                 null: one attribute per region seen, for legends
 * </pre>
 */
public final class FeatureRegionAttributes {

    /** Root of the per-thread attributes. */
    public static final String THREADS = "Threads"; //$NON-NLS-1$
    /** Stack depth of a thread. */
    public static final String DEPTH = "Depth"; //$NON-NLS-1$
    /** Interaction of a thread. */
    public static final String INTERACTION = "Interaction"; //$NON-NLS-1$
    /** Parent of the stack levels of a thread. */
    public static final String STACK = "Stack"; //$NON-NLS-1$
    /** Root of the per-feature attributes. */
    public static final String FEATURES = "Features"; //$NON-NLS-1$
    /** Active-thread count of a feature. */
    public static final String ACTIVE_THREADS = "ActiveThreads"; //$NON-NLS-1$
    /** Root of the region list. */
    public static final String REGIONS = "Regions"; //$NON-NLS-1$

    private FeatureRegionAttributes() {
    }
}
