package org.featurecompass.benchmarks.graph;

import java.util.Locale;

/**
 * The options of a {@link KernelEventStream} that the benchmark programs take on their command
 * lines ({@code --events}, {@code --cpus}, {@code --threads}, {@code --seed}), with the defaults
 * of the issue-5 benchmark: 10^7 events, 8 CPUs, 1000 threads, seed 42.
 */
final class StreamOptions {

    private long fEvents = 10_000_000L;
    private int fCpus = 8;
    private int fThreads = 1000;
    private long fSeed = 42;

    /**
     * @param option a command-line option
     * @param value its value
     * @return whether it is a stream option (then it is taken)
     */
    boolean accept(String option, String value) {
        switch (option) {
        case "--events" -> fEvents = Long.parseLong(value); //$NON-NLS-1$
        case "--cpus" -> fCpus = Integer.parseInt(value); //$NON-NLS-1$
        case "--threads" -> fThreads = Integer.parseInt(value); //$NON-NLS-1$
        case "--seed" -> fSeed = Long.parseLong(value); //$NON-NLS-1$
        default -> {
            return false;
        }
        }
        return true;
    }

    /** @return the stream these options describe */
    KernelEventStream generate() {
        return KernelEventStream.generate(fEvents, fCpus, fThreads, fSeed);
    }

    /** @return the seed */
    long seed() {
        return fSeed;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d CPUs, %d threads at start, seed %d", fCpus, fThreads, fSeed); //$NON-NLS-1$
    }
}
