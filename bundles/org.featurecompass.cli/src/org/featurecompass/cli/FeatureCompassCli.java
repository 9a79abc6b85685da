package org.featurecompass.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.featurecompass.cli.compare.CompareCommand;
import org.featurecompass.cli.execution.ExecutionsCommand;
import org.featurecompass.cli.feature.FeaturesCommand;
import org.featurecompass.cli.feature.FlameGraphCommand;
import org.featurecompass.cli.graph.CriticalPathCommand;
import org.featurecompass.model.execution.NameSuggestion;
import org.featurecompass.model.report.TerminalText;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The {@code featurecompass} command line: {@code featurecompass COMMAND [OPTIONS]}. Finds the
 * command, parses its options (Apache Commons CLI), answers {@code --help} for the whole tool and
 * for each command, and turns every failure into a message on standard error and an
 * {@link ExitCode}: a {@link CliException} or an option error is a usage or input error (2);
 * anything else thrown, {@link Error}s included, in the command, in a job or in any other thread
 * while it runs ({@link StrayFailures}), is an internal error (3): one line on standard error,
 * the stack traces in a {@link CrashLog} file. A gate never passes by crashing. {@code --quiet} (any position)
 * suppresses progress. Independent of Equinox's application machinery, so tests run it directly.
 */
public final class FeatureCompassCli {

    private static final String QUIET = "--quiet"; //$NON-NLS-1$
    private static final int HELP_WIDTH = 100;

    private final Map<String, CliCommand> fCommands = new LinkedHashMap<>();

    /** The commands of the suite. */
    public FeatureCompassCli() {
        this(List.of(new FeaturesCommand(), new FlameGraphCommand(), new CriticalPathCommand(), new ExecutionsCommand(),
                new CompareCommand()));
    }

    /** @param commands the commands, in the order {@code --help} lists them */
    public FeatureCompassCli(List<CliCommand> commands) {
        for (CliCommand command : commands) {
            fCommands.put(command.name(), command);
        }
    }

    /**
     * Runs one command line.
     *
     * @param arguments the arguments after the program name
     * @param out where results go
     * @param err where progress, warnings and errors go
     * @return the {@link ExitCode}
     */
    public int run(String[] arguments, PrintStream out, PrintStream err) {
        String name = Arrays.stream(arguments).filter(a -> !a.equals(QUIET)).findFirst().orElse(""); //$NON-NLS-1$
        int code;
        try (StrayFailures stray = new StrayFailures()) {
            try {
                Parsed parsed = parse(arguments, out, err);
                CliCommand command = parsed.command();
                CommandLine line = parsed.line();
                if (command == null || line == null) {
                    return parsed.code();
                }
                try {
                    code = command.run(line, new CliConsole(out, err, parsed.quiet()));
                } catch (CliException e) {
                    code = usageError(command.name(), e, err);
                }
            } catch (Throwable e) { // the last line of defence: Errors too (stack overflow, out of memory)
                return internalError(name, arguments, List.of(new CrashLog.Failure("the command", e)), stray.failures(), err); //$NON-NLS-1$
            }
            List<CrashLog.Failure> failures = stray.failures();
            if (!failures.isEmpty()) {
                return internalError(name, arguments, List.of(), failures, err);
            }
        }
        return code;
    }

    /**
     * Answers what needs no trace and no OSGi runtime: the tool's and the commands' help, the
     * version, and every usage error that the command's options and {@link CliCommand#check}
     * find (unknown command or option, missing value, malformed filter…), with the messages and
     * exit codes of {@link #run}, so that {@link FeatureCompassLauncher} answers them before the
     * runtime starts.
     *
     * @param arguments the arguments after the program name
     * @param out where help goes
     * @param err where errors go
     * @return the exit code when the command line is answered, or empty when its command must run
     */
    public OptionalInt answerWithoutRuntime(String[] arguments, PrintStream out, PrintStream err) {
        Parsed parsed = parse(arguments, out, err);
        return parsed.command() == null ? OptionalInt.of(parsed.code()) : OptionalInt.empty();
    }

    /** A command line read: its command and options, or (command null) the exit code it was answered with. */
    private record Parsed(@Nullable CliCommand command, @Nullable CommandLine line, boolean quiet, int code) {
        static Parsed answered(int code) {
            return new Parsed(null, null, false, code);
        }
    }

    private Parsed parse(String[] arguments, PrintStream out, PrintStream err) {
        List<String> args = new ArrayList<>(Arrays.asList(arguments));
        boolean quiet = args.remove(QUIET);
        if (args.isEmpty()) {
            err.print(usage());
            return Parsed.answered(ExitCode.USAGE_OR_INPUT_ERROR);
        }
        String name = args.remove(0);
        if (name.equals("--help") || name.equals("-h") || name.equals("help")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            out.print(usage());
            return Parsed.answered(ExitCode.OK);
        }
        if (name.equals("--version")) { //$NON-NLS-1$
            out.println("featurecompass " + version()); //$NON-NLS-1$
            return Parsed.answered(ExitCode.OK);
        }
        CliCommand command = fCommands.get(name);
        if (command == null) {
            err.println(NLS.bind(Messages.Cli_UnknownCommand,
                    new Object[] { name, String.join(", ", fCommands.keySet()), NameSuggestion.hint(name, fCommands.keySet()) })); //$NON-NLS-1$
            return Parsed.answered(ExitCode.USAGE_OR_INPUT_ERROR);
        }
        if (args.contains("--help") || args.contains("-h")) { //$NON-NLS-1$ //$NON-NLS-2$
            out.print(help(command));
            return Parsed.answered(ExitCode.OK);
        }
        try {
            CommandLine line = new DefaultParser().parse(command.options(), args.toArray(String[]::new));
            if (!line.getArgList().isEmpty()) {
                throw new CliException(NLS.bind(Messages.Cli_UnexpectedArgument, line.getArgList().get(0)));
            }
            refuseRepeated(line, command);
            command.check(line);
            return new Parsed(command, line, quiet, ExitCode.OK);
        } catch (ParseException | CliException e) {
            return Parsed.answered(usageError(name, e, err));
        }
    }

    /** Refuses an option with a value given more than once that the command does not combine: it would be read once, the rest ignored. */
    private static void refuseRepeated(CommandLine line, CliCommand command) throws CliException {
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (Option option : line.getOptions()) {
            if (option.hasArg()) {
                values.computeIfAbsent(option.getLongOpt() != null ? option.getLongOpt() : option.getOpt(), k -> new ArrayList<>())
                        .add(String.valueOf(option.getValue()));
            }
        }
        for (Map.Entry<String, List<String>> option : values.entrySet()) {
            if (option.getValue().size() > 1 && !command.repeatable().contains(option.getKey())) {
                throw new CliException(NLS.bind(Messages.Cli_RepeatedOption, new Object[] { option.getKey(), Integer.valueOf(option.getValue().size()),
                        String.join("', '", option.getValue()), command.name() })); //$NON-NLS-1$
            }
        }
    }

    /**
     * Reports an internal error in one line on standard error, the details in a {@link CrashLog}.
     *
     * @return {@link ExitCode#INTERNAL_ERROR}
     */
    private static int internalError(String name, String[] arguments, List<CrashLog.Failure> own, List<CrashLog.Failure> stray, PrintStream err) {
        List<CrashLog.Failure> failures = new ArrayList<>(own);
        failures.addAll(stray);
        java.nio.file.Path log = CrashLog.write(Arrays.asList(arguments), failures);
        String more = failures.size() > 1 ? NLS.bind(Messages.Cli_InternalErrorMore, Integer.valueOf(failures.size() - 1)) : ""; //$NON-NLS-1$
        if (log != null) {
            err.println(NLS.bind(Messages.Cli_InternalError, new Object[] { name, failures.get(0).line(), more, log }));
        } else {
            err.println(NLS.bind(Messages.Cli_InternalErrorNoLog, new Object[] { name, failures.get(0).line(), more }));
            failures.forEach(failure -> failure.cause().printStackTrace(err));
        }
        return ExitCode.INTERNAL_ERROR;
    }

    private static int usageError(String command, Exception e, PrintStream err) {
        err.println("featurecompass " + command + ": " + TerminalText.escape(String.valueOf(e.getMessage()))); //$NON-NLS-1$ //$NON-NLS-2$
        err.println(NLS.bind(Messages.Cli_TryHelp, command));
        return ExitCode.USAGE_OR_INPUT_ERROR;
    }

    /** @return the tool's usage: its commands and exit codes */
    public String usage() {
        StringBuilder text = new StringBuilder(Messages.Cli_Usage).append("\n\n"); //$NON-NLS-1$
        text.append(NLS.bind(Messages.Cli_Headline, version())).append('\n');
        for (CliCommand command : fCommands.values()) {
            text.append("  ").append(command.synopsis()).append('\n'); //$NON-NLS-1$
        }
        text.append('\n').append(Messages.Cli_Quiet).append('\n');
        text.append(exitCodes());
        return text.toString();
    }

    /**
     * @param command a command
     * @return its {@code --help} text: synopsis, description, options, exit codes
     */
    public static String help(CliCommand command) {
        java.io.StringWriter text = new java.io.StringWriter();
        PrintWriter writer = new PrintWriter(text);
        writer.println(NLS.bind(Messages.Cli_HelpUsage, command.synopsis()));
        writer.println();
        writer.println(command.description());
        writer.println();
        Options options = command.options();
        HelpFormatter formatter = new HelpFormatter();
        formatter.setOptionComparator(null); // the order the command declares
        formatter.printOptions(writer, HELP_WIDTH, options, 2, 3);
        writer.println("  " + Messages.Cli_HelpOption); //$NON-NLS-1$
        writer.println("  " + Messages.Cli_QuietOption); //$NON-NLS-1$
        writer.println();
        writer.print(exitCodes());
        writer.flush();
        return text.toString();
    }

    private static String exitCodes() {
        return Messages.Cli_ExitCodes + '\n';
    }

    /** @return the suite's version, that of this bundle (read from its manifest when OSGi has not started) */
    public static String version() {
        Bundle bundle = FrameworkUtil.getBundle(FeatureCompassCli.class);
        if (bundle != null) {
            return bundle.getVersion().toString();
        }
        String version = null;
        CodeSource source = FeatureCompassCli.class.getProtectionDomain().getCodeSource();
        if (source != null) {
            try (JarFile jar = new JarFile(new File(source.getLocation().toURI()))) {
                Manifest manifest = jar.getManifest();
                version = manifest == null ? null : manifest.getMainAttributes().getValue("Bundle-Version"); //$NON-NLS-1$
            } catch (IOException | URISyntaxException | IllegalArgumentException e) {
                // not a jar (a development class folder): no version to show
            }
        }
        return version == null ? "(unknown version)" : version; //$NON-NLS-1$
    }
}
