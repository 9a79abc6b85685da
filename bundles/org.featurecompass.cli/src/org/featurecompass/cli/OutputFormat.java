package org.featurecompass.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The formats a command writes its result in ({@code --format}, {@link FormatOption}). */
public enum OutputFormat {
    /** RFC 4180 CSV, exact numbers (ns). */
    CSV,
    /** JSON, exact numbers (ns), with the coverage figures. */
    JSON,
    /** A Markdown table as the view shows it (ms), readable as plain text too. */
    MD;

    /** @return the name on the command line */
    public String option() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return every format */
    public static List<OutputFormat> all() {
        return Arrays.asList(values());
    }
}
