package org.featurecompass.core.trace;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.sampling.SamplingParameters;

/**
 * A trace that may hold samples of its threads' feature-region stacks ({@code fc-record --sample},
 * doc/recorder-format.md): how it was sampled. Like {@link ICoverageTrace}, analyses ask a trace
 * for this interface, never for a trace class; the TEF trace types implement it.
 */
public interface ISampledTrace {

    /** @return the sampling the trace declares, or null when it declares none */
    @Nullable SamplingParameters getSamplingParameters();
}
