package org.featurecompass.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.eclipse.osgi.util.NLS;

/** The formats a command writes its result in ({@code --format}). */
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

    /**
     * @param text the value of {@code --format}, or null
     * @param fallback the format when there is no value
     * @param allowed the formats the command writes
     * @return the format
     * @throws CliException if the value names no allowed format
     */
    public static OutputFormat parse(String text, OutputFormat fallback, List<OutputFormat> allowed) throws CliException {
        if (text == null) {
            return fallback;
        }
        for (OutputFormat format : allowed) {
            if (format.option().equals(text.toLowerCase(Locale.ROOT))) {
                return format;
            }
        }
        throw new CliException(NLS.bind(Messages.Format_Unknown, text,
                allowed.stream().map(OutputFormat::option).collect(Collectors.joining(", ")))); //$NON-NLS-1$
    }

    /** @return every format */
    public static List<OutputFormat> all() {
        return Arrays.asList(values());
    }
}
