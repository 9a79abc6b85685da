package org.featurecompass.cli;

import java.util.Set;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** One {@code featurecompass} command, e.g. {@code features}: its options, help and action. */
public interface CliCommand {

    /** @return the command's name, the first argument */
    String name();

    /** @return the usage line after {@code featurecompass}, e.g. {@code features --trace FILE [--format csv|json|md]} */
    String synopsis();

    /** @return what the command does, a few sentences for {@code --help} */
    String description();

    /** @return the options it accepts ({@code --help} is added by the dispatcher) */
    Options options();

    /**
     * @return the long names of the options that may be given several times, their values
     *         combined (e.g. {@code compare --trace}); any other option with a value given twice is
     *         refused, never silently read once
     */
    default Set<String> repeatable() {
        return Set.of();
    }

    /**
     * Checks what can be checked of the options without a trace and without the OSGi runtime
     * (value syntax: filters, conditions, choices), so that a typo is reported at once, before
     * the runtime starts ({@link FeatureCompassLauncher}). Uses only the model and the options.
     *
     * @param line the parsed options
     * @throws CliException on bad usage
     */
    default void check(CommandLine line) throws CliException {
        // nothing beyond the options' own parsing
    }

    /**
     * Runs the command.
     *
     * @param line the parsed options
     * @param console where results, progress and warnings go
     * @return an {@link ExitCode}
     * @throws CliException on bad usage or bad input
     */
    int run(CommandLine line, CliConsole console) throws CliException;
}
