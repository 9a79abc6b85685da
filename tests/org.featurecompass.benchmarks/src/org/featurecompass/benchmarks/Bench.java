package org.featurecompass.benchmarks;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Helpers shared by the benchmarks: peak and retained heap, timing, load average, Markdown table
 * rows, peer processes and their JSON summaries, temporary folders.
 * <p>
 * Peak heap is the sum of the JVM heap pools' peak usage since {@link #resetPeakHeap()}, garbage
 * not yet collected included.
 */
public final class Bench {

    private Bench() {
    }

    /** Collects garbage, then restarts the peak usage of every heap pool. */
    public static void resetPeakHeap() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    /** @return the sum of the heap pools' peak usage since {@link #resetPeakHeap()}, bytes */
    public static long peakHeapBytes() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    /** @return {@link #peakHeapBytes()} in MiB */
    public static long peakHeapMegabytes() {
        return peakHeapBytes() >> 20;
    }

    /**
     * @return the heap in use after full collections (the smallest of three), bytes: what live
     *         objects retain
     */
    public static long usedHeapAfterGc() {
        long used = Long.MAX_VALUE;
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, runtime.totalMemory() - runtime.freeMemory());
        }
        return used;
    }

    /** @return the time all garbage collectors have spent collecting since the JVM started, ms */
    public static long gcMillis() {
        long millis = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            millis += Math.max(0, collector.getCollectionTime());
        }
        return millis;
    }

    /**
     * @return the bytes the current thread has allocated since it started, or -1 if the JVM does
     *         not say (HotSpot's {@code com.sun.management.ThreadMXBean}, read reflectively so
     *         that the bundle needs no JDK-internal import)
     */
    public static long allocatedBytes() {
        try {
            Class<?> type = Class.forName("com.sun.management.ThreadMXBean"); //$NON-NLS-1$
            Object bean = ManagementFactory.getThreadMXBean();
            if (type.isInstance(bean)) {
                return ((Long) type.getMethod("getCurrentThreadAllocatedBytes").invoke(bean)).longValue(); //$NON-NLS-1$
            }
        } catch (ReflectiveOperationException | ClassCastException e) {
            // not HotSpot
        }
        return -1;
    }

    /**
     * @param startNanos a {@link System#nanoTime()} value
     * @return the seconds elapsed since then
     */
    public static double secondsSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** @return the 1, 5 and 15-minute load averages */
    public static String loadAverage() {
        try {
            String[] fields = Files.readString(Paths.get("/proc/loadavg")).trim().split(" "); //$NON-NLS-1$
            return fields[0] + ' ' + fields[1] + ' ' + fields[2];
        } catch (IOException e) {
            return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()); //$NON-NLS-1$
        }
    }

    /** @return "JVM max heap N MB; N CPUs; load average a b c", for the head of a result */
    public static String machine() {
        return String.format(Locale.ROOT, "JVM max heap %d MB; %d CPUs; load average %s", //$NON-NLS-1$
                Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors(), loadAverage());
    }

    /**
     * Prints the head of a Markdown table: the column names, then the separator, left-aligned for
     * the first column and right-aligned for the others.
     *
     * @param columns the column names
     */
    public static void tableHeader(String... columns) {
        System.out.println(markdownHeader(columns));
    }

    /**
     * Prints one Markdown table row.
     *
     * @param cells the cells, already formatted
     */
    public static void row(String... cells) {
        System.out.println(markdownRow(cells));
    }

    /**
     * @param columns the column names
     * @return the head of a Markdown table, two lines, as {@link #tableHeader(String...)} prints it
     */
    public static String markdownHeader(String... columns) {
        StringBuilder separator = new StringBuilder("|---|"); //$NON-NLS-1$
        for (int i = 1; i < columns.length; i++) {
            separator.append("---:|"); //$NON-NLS-1$
        }
        return markdownRow(columns) + System.lineSeparator() + separator;
    }

    /**
     * @param cells the cells, already formatted
     * @return one Markdown table row, as {@link #row(String...)} prints it
     */
    public static String markdownRow(String... cells) {
        return "| " + String.join(" | ", cells) + " |"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    /**
     * @param format a {@link String#format} pattern
     * @param args its arguments
     * @return the text formatted with {@link Locale#ROOT}
     */
    public static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /**
     * Runs a peer process to its end.
     *
     * @param command the program and its arguments
     * @return its standard output and error, merged
     * @throws IOException if it cannot start or exits with a non-zero status
     * @throws InterruptedException if interrupted while waiting
     */
    public static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed (exit " + process.exitValue() + "): " + output); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return output;
    }

    /**
     * @param json a peer's JSON summary
     * @param name a numeric field
     * @return its value
     */
    public static double field(String json, String name) {
        Matcher matcher = Pattern.compile("\"" + Pattern.quote(name) + "\": ([0-9.eE+-]+)").matcher(json); //$NON-NLS-1$ //$NON-NLS-2$
        if (matcher.find()) {
            return Double.parseDouble(matcher.group(1));
        }
        throw new IllegalStateException("no " + name + " in " + json); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * Deletes a folder and everything under it.
     *
     * @param directory the folder
     * @throws IOException if a file cannot be deleted
     */
    public static void deleteTree(Path directory) throws IOException {
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(paths::add);
        }
        for (Path path : paths) {
            Files.delete(path);
        }
    }
}
