package org.featurecompass.core.kernel;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Independent reference figures for a CTF kernel trace, read with the peer {@code babeltrace2}
 * (Debian package babeltrace2), not with Trace Compass: event counts by name, and on-CPU time per
 * thread recomputed from the text of its {@code sched_switch} lines.
 */
final class BabeltraceReference {

    private static final Pattern LINE = Pattern.compile("^\\[(\\d+)\\.(\\d{9})\\] \\S+ ([^:]+): \\{ cpu_id = (\\d+) \\}(.*)$"); //$NON-NLS-1$
    private static final Pattern PREV_TID = Pattern.compile("prev_tid = (\\d+)"); //$NON-NLS-1$
    private static final Pattern NEXT_TID = Pattern.compile("next_tid = (\\d+)"); //$NON-NLS-1$

    final Map<String, Long> countsByName = new TreeMap<>();
    final Map<Long, Long> onCpuNsByTid = new TreeMap<>();
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;

    static BabeltraceReference read(Path trace) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("babeltrace2", "--clock-seconds", "--no-delta", trace.toString()) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BabeltraceReference ref = new BabeltraceReference();
        Map<Integer, long[]> running = new HashMap<>(); // cpu -> {tid, since}
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                Matcher m = LINE.matcher(line);
                if (!m.matches()) {
                    throw new IOException("Unexpected babeltrace2 line: " + line); //$NON-NLS-1$
                }
                long ts = Long.parseLong(m.group(1)) * 1_000_000_000L + Long.parseLong(m.group(2));
                String name = m.group(3);
                ref.countsByName.merge(name, 1L, Long::sum);
                ref.first = Math.min(ref.first, ts);
                ref.last = Math.max(ref.last, ts);
                if (name.equals("sched_switch")) { //$NON-NLS-1$
                    int cpu = Integer.parseInt(m.group(4));
                    Matcher prev = PREV_TID.matcher(m.group(5));
                    Matcher next = NEXT_TID.matcher(m.group(5));
                    if (!prev.find() || !next.find()) {
                        throw new IOException("sched_switch without tids: " + line); //$NON-NLS-1$
                    }
                    long[] state = running.get(cpu);
                    if (state != null) {
                        ref.onCpuNsByTid.merge(state[0], ts - state[1], Long::sum);
                    }
                    running.put(cpu, new long[] { Long.parseLong(next.group(1)), ts });
                    ref.onCpuNsByTid.putIfAbsent(Long.parseLong(next.group(1)), 0L);
                }
            }
        }
        for (long[] state : running.values()) {
            ref.onCpuNsByTid.merge(state[0], ref.last - state[1], Long::sum);
        }
        if (process.waitFor() != 0) {
            throw new IOException("babeltrace2 failed on " + trace); //$NON-NLS-1$
        }
        return ref;
    }
}
