package org.featurecompass.tef;

import org.eclipse.jdt.annotation.Nullable;

/**
 * How a trace says it was captured, from its top-level {@code otherData.capture_regime}
 * (Arafa et al., QDIME; doc/references.md). It decides how gaps may be read, never whether they count:
 * measurement-off windows and lost events are unobserved time under every regime, and no
 * statistic is ever scaled up from observed time.
 */
public enum TefCaptureRegime {
    /** Nothing declared: coverage is taken as complete outside the gaps the trace marks. */
    UNDECLARED(null),
    /** {@code "complete"}: every event was recorded outside the marked gaps. */
    COMPLETE("complete"), //$NON-NLS-1$
    /**
     * {@code "gated"}: instrumentation was switched on and off by a controller (QDIME): gaps are
     * correlated with the program's phases and load, so observed time is no sample of the whole.
     */
    GATED("gated"), //$NON-NLS-1$
    /** {@code "sampled"}: random or stratified sampling; observed time is a sample of the whole. */
    SAMPLED("sampled"), //$NON-NLS-1$
    /** Another value; reported as {@link TefProblemKind#CAPTURE_REGIME_UNKNOWN}. */
    UNKNOWN(null);

    private final @Nullable String fValue;

    TefCaptureRegime(@Nullable String value) {
        fValue = value;
    }

    /**
     * @param value the declared text, or null when absent
     * @return the regime it names
     */
    static TefCaptureRegime of(@Nullable String value) {
        if (value == null) {
            return UNDECLARED;
        }
        for (TefCaptureRegime regime : values()) {
            if (value.equals(regime.fValue)) {
                return regime;
            }
        }
        return UNKNOWN;
    }
}
