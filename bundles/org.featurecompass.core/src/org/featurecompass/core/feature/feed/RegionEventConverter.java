package org.featurecompass.core.feature.feed;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.EnumMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.execution.PlainDecimal;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.feature.RegionEvent;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefJsonText;
import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.tef.TefPhase;

/**
 * Turns TEF events into model {@link RegionEvent}s, and lost-event ranges of the event stream into
 * {@link CoverageGap}s: the only place where the TEF encoding of feature regions is interpreted.
 * <p>
 * A feature-region event is a TEF event with category {@value #FEATURE_CATEGORY} (alone or in a
 * comma-separated list) and phase {@code B} or {@code E} (Kaufmann 2022, §3.2, Listing 3.1;
 * VaRA-Tool-Suite's {@code TEFReport} filters the same way). The region id is read, in this order,
 * from {@code args.ID}, the top-level {@code ID} (VaRA's static TEF files), {@code args.UUID} and
 * the top-level {@code UUID}; it is an unsigned 64-bit number, as JSON number or decimal string.
 * The UUID text, when present, is kept beside the id. pid and tid must be decimal integers.
 * <p>
 * An event that is a feature event but cannot become a region event (no usable id, no name, a
 * non-numeric pid or tid, a phase other than B/E) is not guessed at: it is counted by
 * {@link Problem} with the rank of its first occurrence, and {@link #convert} returns null.
 * Not thread-safe: one converter per pass over a trace.
 */
public final class RegionEventConverter {

    /** The TEF category of feature-region events. */
    public static final String FEATURE_CATEGORY = "Feature"; //$NON-NLS-1$

    private static final String ID = "ID"; //$NON-NLS-1$
    private static final String UUID = "UUID"; //$NON-NLS-1$
    private static final BigInteger UNSIGNED_LIMIT = BigInteger.ONE.shiftLeft(64);
    /** 2^64 - 1, the largest id, as decimal text (20 digits). */
    private static final String UNSIGNED_MAX_TEXT = Long.toUnsignedString(-1L);

    /** Why a feature event could not be converted. */
    public enum Problem {
        /** Neither {@code args.ID}, {@code ID}, {@code args.UUID} nor {@code UUID} is present. */
        MISSING_ID,
        /** The id is not an integer in [0, 2^64). */
        INVALID_ID,
        /** The event has no {@code name}. */
        MISSING_NAME,
        /** {@code pid} or {@code tid} is missing or not a decimal integer. */
        NON_NUMERIC_THREAD,
        /** A feature event whose phase is neither {@code B} nor {@code E}. */
        UNSUPPORTED_PHASE
    }

    /**
     * How often a problem occurred, and where first.
     *
     * @param count events with this problem
     * @param firstRank rank of the first such event in the trace
     * @param firstDetail the offending value of the first such event
     */
    public record ProblemCount(long count, long firstRank, String firstDetail) {
    }

    private final Map<Problem, ProblemCount> fProblems = new EnumMap<>(Problem.class);
    private final LastNumber fPid = new LastNumber();
    private final LastNumber fTid = new LastNumber();
    private final LastNumber fId = new LastNumber();
    private long fFeatureEvents;

    /**
     * @param event a TEF event of any kind
     * @return the region event, or null if the event is no feature-region event or a defective
     *         one (then counted in {@link #problems()})
     */
    public @Nullable RegionEvent convert(TefEvent event) {
        if (!isFeatureCategory(event.category())) {
            return null;
        }
        fFeatureEvents++;
        RegionEvent.Phase phase;
        if (event.phase() == TefPhase.DURATION_BEGIN) {
            phase = RegionEvent.Phase.BEGIN;
        } else if (event.phase() == TefPhase.DURATION_END) {
            phase = RegionEvent.Phase.END;
        } else {
            return problem(Problem.UNSUPPORTED_PHASE, event, event.phaseText());
        }
        String name = event.name();
        if (name == null) {
            return problem(Problem.MISSING_NAME, event, ""); //$NON-NLS-1$
        }
        Integer pid = fPid.intValue(event.pid());
        Integer tid = fTid.intValue(event.tid());
        if (pid == null || tid == null) {
            return problem(Problem.NON_NUMERIC_THREAD, event, "pid=" + event.pid() + " tid=" + event.tid()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        String uuid = text(event, UUID);
        String idText = text(event, ID);
        if (idText == null) {
            idText = uuid;
        }
        if (idText == null) {
            return problem(Problem.MISSING_ID, event, name);
        }
        Long id = fId.unsignedValue(idText);
        if (id == null) {
            return problem(Problem.INVALID_ID, event, idText);
        }
        return new RegionEvent(phase, event.timestampNs(), pid.intValue(), tid.intValue(), id.longValue(), name, uuid);
    }

    /**
     * @param lost a lost-event range of a TEF trace read without Trace Compass
     * @return the coverage gap it leaves, for all processes (the recorder does not say whose
     *         events were lost)
     */
    public CoverageGap gap(TefLostEvents lost) {
        return CoverageGap.lostEvents(lost.timestampNs(), lost.endNs(), lost.count());
    }

    /**
     * @param startNs start of a lost-event range, ns
     * @param endNs end of the range, ns
     * @param count number of lost events
     * @return the coverage gap it leaves, for all processes
     */
    public CoverageGap gap(long startNs, long endNs, long count) {
        return CoverageGap.lostEvents(startNs, endNs, count);
    }

    /** @return feature-category events seen so far, converted or not */
    public long featureEvents() {
        return fFeatureEvents;
    }

    /** @return the problems met so far, by kind */
    public Map<Problem, ProblemCount> problems() {
        return Map.copyOf(fProblems);
    }

    /** @return feature events that could not be converted */
    public long rejectedEvents() {
        return fProblems.values().stream().mapToLong(ProblemCount::count).sum();
    }

    private @Nullable RegionEvent problem(Problem problem, TefEvent event, String detail) {
        fProblems.merge(problem, new ProblemCount(1, event.rank(), detail),
                (old, added) -> new ProblemCount(old.count() + 1, old.firstRank(), old.firstDetail()));
        return null;
    }

    private static boolean isFeatureCategory(@Nullable String category) {
        if (category == null) {
            return false;
        }
        if (category.equals(FEATURE_CATEGORY)) {
            return true;
        }
        for (String part : category.split(",")) { //$NON-NLS-1$
            if (part.strip().equals(FEATURE_CATEGORY)) {
                return true;
            }
        }
        return false;
    }

    /** @return {@code args.key}, else the top-level {@code key}, as plain text; null if absent or JSON null */
    private static @Nullable String text(TefEvent event, String key) {
        Object arg = event.args().get(key);
        if (arg instanceof String || arg instanceof Long || arg instanceof BigDecimal) {
            if (arg instanceof BigDecimal decimal) {
                // as written, unless it has no plain form (1e900000000: 900 million digits)
                return PlainDecimal.of(decimal) != null ? decimal.toPlainString() : decimal.toString();
            }
            return arg.toString();
        }
        if (arg instanceof TefJsonText json) {
            return unquote(json.text());
        }
        TefJsonText top = event.otherFields().get(key);
        return top == null ? null : unquote(top.text());
    }

    private static @Nullable String unquote(String json) {
        if (json.equals("null")) { //$NON-NLS-1$
            return null;
        }
        if (json.length() >= 2 && json.charAt(0) == '"' && json.charAt(json.length() - 1) == '"') {
            return json.substring(1, json.length() - 1);
        }
        return json;
    }

    /** @return the value of an unsigned 64-bit decimal integer, or null */
    private static @Nullable Long parseUnsigned(String text) {
        if (!text.isEmpty() && text.length() <= UNSIGNED_MAX_TEXT.length() && isDigits(text)) {
            // the common case (VaRA's 19-digit ids included), without BigDecimal; equal-length digit
            // strings compare as their values
            if (text.length() == UNSIGNED_MAX_TEXT.length() && text.compareTo(UNSIGNED_MAX_TEXT) > 0) {
                return null;
            }
            return Long.valueOf(Long.parseUnsignedLong(text)); // above 2^63 - 1: the two's complement bits, as VaRA's uint64
        }
        try {
            BigInteger value = new BigDecimal(text.strip()).toBigIntegerExact();
            if (value.signum() < 0 || value.compareTo(UNSIGNED_LIMIT) >= 0) {
                return null;
            }
            return Long.valueOf(value.longValue()); // above 2^63 - 1: the two's complement bits, as VaRA's uint64
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    private static boolean isDigits(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * The last text parsed as a number, and its value: consecutive events mostly repeat their pid,
     * tid and region id, so each is parsed once per run of equal texts.
     */
    private static final class LastNumber {
        private @Nullable String fText;
        private @Nullable Number fValue;

        @Nullable Integer intValue(@Nullable String text) {
            if (text == null) {
                return null;
            }
            if (!text.equals(fText)) {
                fText = text;
                fValue = parseInt(text);
            }
            return (Integer) fValue;
        }

        @Nullable Long unsignedValue(String text) {
            if (!text.equals(fText)) {
                fText = text;
                fValue = parseUnsigned(text);
            }
            return (Long) fValue;
        }
    }

    private static @Nullable Integer parseInt(@Nullable String text) {
        if (text == null) {
            return null;
        }
        try {
            return Integer.valueOf(Integer.parseInt(text.strip()));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
