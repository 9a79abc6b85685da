package org.featurecompass.core.feature.statistics;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.trace.Milliseconds;
import org.featurecompass.model.feature.DurationStatistics;
import org.featurecompass.model.feature.TimeBounds;
import org.featurecompass.model.sampling.SampleEstimate;

/**
 * The columns of the feature statistics tree as {@link FeatureStatisticsDataProvider} describes
 * them: a header, the cell text of a row (durations in ms with µs resolution; time totals as
 * {@code lower – upper} when the window has gaps, never extrapolated), and the number a client
 * sorts by (ns, a count, a fraction or a rate). The last three columns are estimates from the
 * samples of a sampled trace (on-CPU time: samples × period, with a 95 % Poisson score interval;
 * {@link org.featurecompass.model.sampling.SampleSeries}), marked as such in their headers and
 * tooltips ({@link #tooltip()}), and empty for a trace without samples.
 */
public enum FeatureStatisticsColumn {
    /** Feature, interaction or region. */
    NAME(Messages.FeatureStatisticsColumn_Name, FeatureStatisticsRow::name, row -> 0),
    /** Complete instances. */
    COUNT(Messages.FeatureStatisticsColumn_Count, row -> Long.toString(row.inclusive().count()), row -> row.inclusive().count()),
    /** Instances lacking their begin or end event. */
    TRUNCATED(Messages.FeatureStatisticsColumn_Truncated, row -> Long.toString(row.truncatedInstances()),
            FeatureStatisticsRow::truncatedInstances),
    /** Sum of inclusive durations. */
    INCLUSIVE_SUM(Messages.FeatureStatisticsColumn_InclusiveSum, row -> millis(row.inclusive().sumNs()), row -> row.inclusive().sumNs()),
    /** Mean inclusive duration. */
    INCLUSIVE_MEAN(Messages.FeatureStatisticsColumn_InclusiveMean, row -> millis(row.inclusive().mean()), row -> row.inclusive().mean()),
    /** Standard deviation of inclusive durations. */
    INCLUSIVE_STDDEV(Messages.FeatureStatisticsColumn_InclusiveStddev, row -> millis(row.inclusive().standardDeviation()),
            row -> row.inclusive().standardDeviation()),
    /** Shortest inclusive duration. */
    INCLUSIVE_MIN(Messages.FeatureStatisticsColumn_InclusiveMin, row -> extreme(row.inclusive(), row.inclusive().minNs()),
            row -> row.inclusive().minNs()),
    /** Longest inclusive duration. */
    INCLUSIVE_MAX(Messages.FeatureStatisticsColumn_InclusiveMax, row -> extreme(row.inclusive(), row.inclusive().maxNs()),
            row -> row.inclusive().maxNs()),
    /** Sum of exclusive durations. */
    EXCLUSIVE_SUM(Messages.FeatureStatisticsColumn_ExclusiveSum, row -> millis(row.exclusive().sumNs()), row -> row.exclusive().sumNs()),
    /** Mean exclusive duration. */
    EXCLUSIVE_MEAN(Messages.FeatureStatisticsColumn_ExclusiveMean, row -> millis(row.exclusive().mean()), row -> row.exclusive().mean()),
    /** Standard deviation of exclusive durations. */
    EXCLUSIVE_STDDEV(Messages.FeatureStatisticsColumn_ExclusiveStddev, row -> millis(row.exclusive().standardDeviation()),
            row -> row.exclusive().standardDeviation()),
    /** Shortest exclusive duration. */
    EXCLUSIVE_MIN(Messages.FeatureStatisticsColumn_ExclusiveMin, row -> extreme(row.exclusive(), row.exclusive().minNs()),
            row -> row.exclusive().minNs()),
    /** Longest exclusive duration. */
    EXCLUSIVE_MAX(Messages.FeatureStatisticsColumn_ExclusiveMax, row -> extreme(row.exclusive(), row.exclusive().maxNs()),
            row -> row.exclusive().maxNs()),
    /** Time summed over threads, bounds when the window has gaps. */
    CPU_TIME(Messages.FeatureStatisticsColumn_CpuTime, row -> bounds(row.cpuTime()), row -> lower(row.cpuTime())),
    /** Wall-clock union over threads, bounds when the window has gaps. */
    WALL_TIME(Messages.FeatureStatisticsColumn_WallTime, row -> bounds(row.wallTime()), row -> lower(row.wallTime())),
    /** Share of the Base feature's time. */
    SHARE_OF_BASE(Messages.FeatureStatisticsColumn_ShareOfBase,
            row -> Double.isNaN(row.shareOfBase()) ? "" : String.format("%.2f %%", 100 * row.shareOfBase()), //$NON-NLS-1$ //$NON-NLS-2$
            FeatureStatisticsRow::shareOfBase),
    /** Begin and end events per second of the window. */
    EVENTS_PER_SECOND(Messages.FeatureStatisticsColumn_EventsPerSecond,
            row -> Double.isNaN(row.eventsPerSecond()) ? "" : String.format("%,.1f", row.eventsPerSecond()), //$NON-NLS-1$ //$NON-NLS-2$
            FeatureStatisticsRow::eventsPerSecond),
    /** Samples holding the row (estimate). */
    SAMPLES(Messages.FeatureStatisticsColumn_Samples, Messages.FeatureStatisticsColumn_SampledTooltip,
            row -> row.sampled() == null ? "" : String.format("%,d", row.sampled().samples()), //$NON-NLS-1$ //$NON-NLS-2$
            row -> row.sampled() == null ? -1 : row.sampled().samples()),
    /** On-CPU time estimated from the samples. */
    SAMPLED_TIME(Messages.FeatureStatisticsColumn_SampledTime, Messages.FeatureStatisticsColumn_SampledTooltip,
            row -> row.sampled() == null ? "" : millis(row.sampled().estimateNs()), //$NON-NLS-1$
            row -> row.sampled() == null ? -1 : row.sampled().estimateNs()),
    /** The estimate's 95 % interval. */
    SAMPLED_INTERVAL(Messages.FeatureStatisticsColumn_SampledInterval, Messages.FeatureStatisticsColumn_SampledTooltip,
            row -> interval(row.sampled()), row -> row.sampled() == null ? -1 : row.sampled().highNs());


    private final String fHeader;
    private final @Nullable String fTooltip;
    private final Function<FeatureStatisticsRow, String> fText;
    private final ToDoubleFunction<FeatureStatisticsRow> fValue;

    FeatureStatisticsColumn(String header, Function<FeatureStatisticsRow, String> text, ToDoubleFunction<FeatureStatisticsRow> value) {
        this(header, null, text, value);
    }

    FeatureStatisticsColumn(String header, @Nullable String tooltip, Function<FeatureStatisticsRow, String> text,
            ToDoubleFunction<FeatureStatisticsRow> value) {
        fHeader = header;
        fTooltip = tooltip;
        fText = text;
        fValue = value;
    }

    /** @return what the column shows, for a header's tooltip, or null when the header says it all */
    public @Nullable String tooltip() {
        return fTooltip;
    }

    /** @return whether the column shows an estimate from samples rather than a traced value */
    public boolean isEstimate() {
        return this == SAMPLES || this == SAMPLED_TIME || this == SAMPLED_INTERVAL;
    }

    /** @return the header text */
    public String header() {
        return fHeader;
    }

    /**
     * @param row a row
     * @return its cell text in this column
     */
    public String text(FeatureStatisticsRow row) {
        return fText.apply(row);
    }

    /**
     * @param row a row
     * @return the number to sort it by in this column (NaN where there is none)
     */
    public double value(FeatureStatisticsRow row) {
        return fValue.applyAsDouble(row);
    }

    /** @return the headers, in column order */
    public static List<String> headers() {
        List<String> headers = new ArrayList<>();
        for (FeatureStatisticsColumn column : values()) {
            headers.add(column.header());
        }
        return headers;
    }

    /** @return the cell texts of a row, in column order */
    static List<String> texts(FeatureStatisticsRow row) {
        List<String> texts = new ArrayList<>();
        for (FeatureStatisticsColumn column : values()) {
            texts.add(column.text(row));
        }
        return texts;
    }

    /**
     * @param ns a number of ns
     * @return it in ms with three decimals (µs resolution), without unit; empty for NaN
     */
    public static String millis(double ns) {
        return Double.isNaN(ns) ? "" : Milliseconds.of(ns); //$NON-NLS-1$
    }

    /**
     * @param bounds a time known exactly or within bounds, or null
     * @return {@link #millis} of the exact time, {@code lower – upper} for bounds, empty for null
     */
    public static String bounds(@Nullable TimeBounds bounds) {
        if (bounds == null) {
            return ""; //$NON-NLS-1$
        }
        return bounds.isExact() ? millis(bounds.lowerNs()) : millis(bounds.lowerNs()) + " \u2013 " + millis(bounds.upperNs()); //$NON-NLS-1$
    }

    /**
     * @param estimate an estimate, or null
     * @return its interval in ms, {@code [low – high]}; empty for null
     */
    public static String interval(@Nullable SampleEstimate estimate) {
        return estimate == null ? "" : "[" + millis(estimate.lowNs()) + " \u2013 " + millis(estimate.highNs()) + "]"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }

    private static String extreme(DurationStatistics statistics, long ns) {
        return statistics.count() == 0 ? "" : millis(ns); //$NON-NLS-1$
    }

    private static double lower(@Nullable TimeBounds bounds) {
        return bounds == null ? -1 : bounds.lowerNs();
    }
}
