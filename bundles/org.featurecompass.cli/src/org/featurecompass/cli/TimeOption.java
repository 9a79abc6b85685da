package org.featurecompass.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

import org.apache.commons.cli.CommandLine;

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
            throw new CliException("--" + name + ' ' + text //$NON-NLS-1$
                    + ": not a time; give ns (e.g. 1099110000000) or a number with s, ms, us or ns (e.g. 1099.11s)"); //$NON-NLS-1$
        }
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
