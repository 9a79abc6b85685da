package org.featurecompass.core.feature.state;

import java.util.Objects;

import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.tef.TefTmfTrace;

/**
 * The feature-region state system of a TEF trace: region stacks, interactions and per-feature
 * active-thread counts over time ({@link FeatureRegionAttributes}, built by
 * {@link FeatureRegionStateProvider}). The Feature Regions view draws it.
 */
public class FeatureRegionStateAnalysis extends TmfStateSystemAnalysisModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.feature.state"; //$NON-NLS-1$

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof TefTmfTrace;
    }

    @Override
    protected ITmfStateProvider createStateProvider() {
        return new FeatureRegionStateProvider(Objects.requireNonNull(getTrace()));
    }

    @Override
    protected String getFullHelpText() {
        return Messages.FeatureRegionStateAnalysis_HelpText;
    }
}
