package org.featurecompass.cli;

/**
 * A command's result as the texts of every {@link OutputFormat} and a one-line summary, which
 * {@link CliConsole#print} writes.
 */
public interface FormattedResult {

    /** @return the CSV text (RFC 4180, exact numbers) */
    String csv();

    /** @return the JSON text (exact numbers) */
    String json();

    /** @return the Markdown text (as the view shows it) */
    String markdown();

    /** @return one line for the progress output */
    String summary();

    /**
     * @param format a format
     * @return the text in that format
     */
    default String text(OutputFormat format) {
        return switch (format) {
        case CSV -> csv();
        case JSON -> json();
        case MD -> markdown();
        };
    }
}
