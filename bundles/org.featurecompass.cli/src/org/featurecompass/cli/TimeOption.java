package org.featurecompass.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.featurecompass.model.feature.AnalysisWindow;

/**
 * Reads a time option ({@code --from}, {@code --to}): a trace timestamp in ns, as Trace Compass
 * shows it with the "ns" format, optionally with a unit suffix {@code s}, {@code ms}, {@code us}
 * or {@code ns} (e.g. {@code 1099.11s}).
 */
public final class TimeOption {

    /** Suffixes, longest match first ("ns" before "s"). */
    private static final List<String> UNITS = List.of("ns", "us", "ms", "s"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    private TimeOption() {
    }

    /**
     * Declares {@code --from} and {@code --to}, which {@link #window} and {@link #parse} read.
     *
     * @param options the command's options
     * @param fromDefault what an absent {@code --from} means, e.g. "the whole trace"
     * @param toDefault what an absent {@code --to} means, or null to say nothing
     */
    public static void addRange(Options options, String fromDefault, @Nullable String toDefault) {
        options.addOption(Option.builder().longOpt("from").hasArg().argName("T") //$NON-NLS-1$ //$NON-NLS-2$
                .desc(NLS.bind(Messages.Time_From, fromDefault)).build());
        options.addOption(Option.builder().longOpt("to").hasArg().argName("T") //$NON-NLS-1$ //$NON-NLS-2$
                .desc(toDefault == null ? Messages.Time_To : NLS.bind(Messages.Time_Default, Messages.Time_To, toDefault)).build());
    }

    /**
     * @param line the parsed options
     * @param name the option's long name
     * @param fallback the value when the option is absent
     * @return the time, ns
     * @throws CliException if the value is not a time
     */
    public static long parse(CommandLine line, String name, long fallback) throws CliException {
        String text = line.getOptionValue(name);
        if (text == null) {
            return fallback;
        }
        String value = text.trim();
        long nsPerUnit = 1;
        for (String unit : UNITS) {
            if (value.endsWith(unit)) {
                value = value.substring(0, value.length() - unit.length()).trim();
                nsPerUnit = nsPer(unit);
                break;
            }
        }
        try {
            return new BigDecimal(value).multiply(BigDecimal.valueOf(nsPerUnit)).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CliException(NLS.bind(Messages.Time_NotATime, name, text));
        }
    }

    /**
     * @param line the parsed options
     * @return the range of {@code --from} and {@code --to}, or null when neither is given
     * @throws CliException if only one is given, one is not a time, or the range is reversed
     */
    public static @Nullable AnalysisWindow window(CommandLine line) throws CliException {
        if (!line.hasOption("from") && !line.hasOption("to")) { //$NON-NLS-1$ //$NON-NLS-2$
            return null;
        }
        if (!line.hasOption("from") || !line.hasOption("to")) { //$NON-NLS-1$ //$NON-NLS-2$
            throw new CliException(Messages.Time_BothEnds);
        }
        long from = parse(line, "from", 0); //$NON-NLS-1$
        long to = parse(line, "to", 0); //$NON-NLS-1$
        if (to < from) {
            throw new CliException(NLS.bind(Messages.Time_Reversed, line.getOptionValue("to"), line.getOptionValue("from"))); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new AnalysisWindow(from, to);
    }

    private static long nsPer(String unit) {
        return switch (unit) {
        case "s" -> 1_000_000_000L; //$NON-NLS-1$
        case "ms" -> 1_000_000L; //$NON-NLS-1$
        case "us" -> 1_000L; //$NON-NLS-1$
        default -> 1L;
        };
    }
}
