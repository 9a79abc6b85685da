package org.featurecompass.cli;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.eclipse.osgi.util.NLS;

/**
 * A command's {@code --format} option: the {@link OutputFormat}s it writes and the one it writes
 * when the option is absent, declared ({@link #option()}) and read ({@link #parse}) from the same
 * list.
 *
 * @param fallback the format when there is no {@code --format}
 * @param allowed the formats the command writes
 */
public record FormatOption(OutputFormat fallback, List<OutputFormat> allowed) {

    private static final String NAME = "format"; //$NON-NLS-1$

    /** @return the option, e.g. {@code --format <csv|json|md>  output format (default md)} */
    public Option option() {
        return Option.builder().longOpt(NAME).hasArg().argName(names("|")) //$NON-NLS-1$
                .desc(NLS.bind(Messages.Format_Option, fallback.option())).build();
    }

    /**
     * @param line the parsed options
     * @return the format given, or the fallback when there is none
     * @throws CliException if the value names no allowed format
     */
    public OutputFormat parse(CommandLine line) throws CliException {
        String text = line.getOptionValue(NAME);
        if (text == null) {
            return fallback;
        }
        for (OutputFormat format : allowed) {
            if (format.option().equals(text.toLowerCase(Locale.ROOT))) {
                return format;
            }
        }
        throw new CliException(NLS.bind(Messages.Format_Unknown, text, names(", "))); //$NON-NLS-1$
    }

    private String names(String separator) {
        return allowed.stream().map(OutputFormat::option).collect(Collectors.joining(separator));
    }
}
