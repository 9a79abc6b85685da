package org.featurecompass.ui.views.kernel;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the kernel views. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String KernelActivityView_NoTrace;
    public static String KernelActivityView_NotKernel;
    public static String KernelActivityView_Running;
    public static String KernelActivityView_Failed;
    public static String KernelActivityView_Summary;
    public static String KernelActivityView_JobName;
    public static String KernelActivityView_FollowHint;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
