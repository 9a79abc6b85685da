package org.featurecompass.tef;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.eclipse.jdt.annotation.Nullable;

/** Writes small TEF files for tests and opens them with a fresh index folder. */
final class TefTestFiles {

    private TefTestFiles() {
    }

    static Path write(Path dir, String name, String json) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, json, StandardCharsets.UTF_8);
        return file;
    }

    static Path writeGzip(Path dir, String name, String json) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(json.getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    /** Opens {@code file} with its index in {@code <dir>/<file name>.index}. */
    static TefTrace open(Path file) throws IOException {
        return TefTrace.open(file, file.resolveSibling(file.getFileName() + ".index"));
    }

    static List<TefEntry> readAll(TefTrace trace) throws IOException {
        List<TefEntry> entries = new ArrayList<>();
        TefCursor cursor = trace.cursor(0);
        while (cursor.hasNext()) {
            entries.add(cursor.next());
        }
        return entries;
    }

    static List<TefEvent> events(TefTrace trace) throws IOException {
        List<TefEvent> events = new ArrayList<>();
        for (TefEntry entry : readAll(trace)) {
            if (entry instanceof TefEvent) {
                events.add((TefEvent) entry);
            }
        }
        return events;
    }

    /** @return the names of the trace's events in rank order; unnamed events give null */
    static List<@Nullable String> names(TefTrace trace) throws IOException {
        List<@Nullable String> names = new ArrayList<>();
        for (TefEvent event : events(trace)) {
            names.add(event.name());
        }
        return names;
    }

    static TefProblem problem(TefTrace trace, TefProblemKind kind) {
        return trace.problems().stream().filter(p -> p.kind() == kind).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " in " + trace.problems()));
    }
}
