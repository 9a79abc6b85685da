/**
 * Kernel-trace accounting that needs no Trace Compass type: per-thread on-CPU time from
 * scheduler switches, and event census. Timestamps and durations are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.kernel;
