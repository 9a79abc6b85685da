/**
 * Feature costs estimated from samples (Kaufmann 2022, §2.3.4, §3.4): each sample of a thread
 * carries the thread's feature-region stack at that instant and stands for one sampling period of
 * its on-CPU time; a feature's, interaction's or region's time is its sample count times the
 * period, with a Poisson score interval (Barker 2002). Imports no Trace Compass type. Times are
 * nanoseconds; region ids are unsigned 64-bit values held in a {@code long}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.sampling;
