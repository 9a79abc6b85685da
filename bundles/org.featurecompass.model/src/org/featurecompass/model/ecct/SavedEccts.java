package org.featurecompass.model.ecct;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.zip.CRC32;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.execution.DefinitionFormatException;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MatchingProblem;
import org.featurecompass.model.execution.MatchingReport;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.execution.ProblemCount;

/**
 * The saved executions of one type of one trace and their ECCTs: what a comparison needs of a
 * trace (TraceCompare §3.3.4's execution database: the execution records with their metrics,
 * and the generic ECCT each refers to), kept in a compact binary file so that a later command
 * or session reuses them instead of reading the trace again, as Trace Compass keeps a trace's
 * state histories in its supplementary folder. Layout (doc/executions.md, "Saved executions"),
 * big-endian:
 *
 * <pre>
 * magic "FCECCTS\n" (8 bytes), u32 version ({@value #VERSION})
 * u32 n, n × (string name, string value)      the key: what the results were computed from
 * body                                        table, union tree, ECCT rows
 * u32 CRC-32 of every byte before it
 * </pre>
 *
 * A string is a u32 byte count and UTF-8. The key is compared by the caller with the key of the
 * trace and definitions at hand ({@link #difference}); a file with another key is stale. Reading
 * is bounded and checked: the checksum first, then every count against the bytes left and every
 * id against what it refers to, so a truncated, altered or hostile file ends in a
 * {@link SavedEcctsFormatException} with its byte offset, never in a wrong result or an
 * allocation the file's size does not justify. The critical paths' segments are not saved: a
 * table read back has their columns ({@code cpu}, {@code wait.*}) but no
 * {@link ExecutionTable#criticalPath(int)}.
 */
public final class SavedEccts {

    /** The format version this code writes and reads. */
    public static final int VERSION = 1;

    private static final byte[] MAGIC = "FCECCTS\n".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$

    /** Fixed bytes of a row besides its strings' indices, threads and metrics. */
    private static final int ROW_BYTES = 8 + 8 + 4 + 4 + 4 + 8 + 8 + 4 + 4 + 4;

    /**
     * What a saved file holds.
     *
     * @param key what the results were computed from (names and values, in file order)
     * @param table the executions
     * @param store one ECCT per row of the table
     * @param rowsWithoutPath rows that had kernel data but no critical path
     */
    public record Saved(Map<String, String> key, ExecutionTable table, EcctStore store, int rowsWithoutPath) {

        /** Copies. */
        public Saved {
            key = Collections.unmodifiableMap(new LinkedHashMap<>(key));
        }
    }

    private SavedEccts() {
    }

    /**
     * Writes a saved file.
     *
     * @param out where to (not closed)
     * @param key what the results were computed from
     * @param table the executions
     * @param store one ECCT per row of the table
     * @param rowsWithoutPath rows that had kernel data but no critical path
     * @throws IOException if writing fails
     * @throws IllegalArgumentException if the store does not have one ECCT per row, or more rows than the table lack a path
     */
    public static void write(OutputStream out, Map<String, String> key, ExecutionTable table, EcctStore store, int rowsWithoutPath)
            throws IOException {
        if (store.size() != table.size()) {
            throw new IllegalArgumentException(store.size() + " ECCTs for " + table.size() + " executions"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (rowsWithoutPath < 0 || rowsWithoutPath > table.size()) {
            throw new IllegalArgumentException(rowsWithoutPath + " rows without a path among " + table.size()); //$NON-NLS-1$
        }
        Out o = new Out(out);
        o.bytes(MAGIC);
        o.u32(VERSION);
        o.u32(key.size());
        for (Map.Entry<String, String> entry : key.entrySet()) {
            o.string(entry.getKey());
            o.string(entry.getValue());
        }
        writeTable(o, table, rowsWithoutPath);
        writeTree(o, store.tree());
        writeRows(o, store);
        o.finish();
    }

    private static void writeTable(Out o, ExecutionTable table, int rowsWithoutPath) throws IOException {
        int n = table.size();
        o.string(table.traceName());
        StringWriter definition = new StringWriter();
        ExecutionDefinitionsJson.write(List.of(table.definition()), definition);
        o.string(definition.toString());
        o.u32(rowsWithoutPath);
        o.u8(table.hasCriticalPaths() ? 1 : 0);
        o.i64(table.origin());
        o.u32(n);
        for (int r = 0; r < n; r++) {
            o.i64(table.start(r));
        }
        for (int r = 0; r < n; r++) {
            o.i64(table.end(r));
        }
        for (int r = 0; r < n; r++) {
            o.u32(table.pid(r));
        }
        for (int r = 0; r < n; r++) {
            o.u32(table.tid(r));
        }
        for (int r = 0; r < n; r++) {
            o.u32(table.endTid(r));
        }
        for (int r = 0; r < n; r++) {
            o.i64(table.beginPosition(r));
        }
        for (int r = 0; r < n; r++) {
            o.i64(table.endPosition(r));
        }
        Map<String, Integer> dictionary = new HashMap<>();
        List<String> words = new ArrayList<>();
        int[] names = new int[n];
        int[] sets = new int[n];
        for (int r = 0; r < n; r++) {
            names[r] = dictionary.computeIfAbsent(table.name(r), w -> add(words, w));
            sets[r] = dictionary.computeIfAbsent(table.featureSet(r), w -> add(words, w));
        }
        o.u32(words.size());
        for (String word : words) {
            o.string(word);
        }
        for (int r = 0; r < n; r++) {
            o.u32(names[r]);
        }
        for (int r = 0; r < n; r++) {
            o.u32(sets[r]);
        }
        for (int r = 0; r < n; r++) {
            int[] threads = table.threads(r);
            o.u32(threads.length);
            for (int t : threads) {
                o.u32(t);
            }
        }
        List<MetricColumn> columns = table.columns();
        o.u32(columns.size());
        for (MetricColumn column : columns) {
            o.string(column.name());
            o.string(column.unit().jsonName());
            o.u8(column.kind().ordinal());
            for (int r = 0; r < n; r++) {
                o.i64(Double.doubleToRawLongBits(column.get(r)));
            }
        }
        MatchingReport report = table.report();
        o.i64(report.eventsRead());
        o.i64(report.executions());
        o.u32(report.problems().size());
        for (ProblemCount p : report.problems()) {
            o.u8(p.problem().ordinal());
            o.i64(p.count());
            o.i64(p.firstPosition());
            o.i64(p.firstTimeNs());
            o.string(p.detail());
        }
        Map<String, String> errors = new java.util.TreeMap<>(table.userMetricErrors()); // sorted: the same table gives the same bytes
        o.u32(errors.size());
        for (Map.Entry<String, String> e : errors.entrySet()) {
            o.string(e.getKey());
            o.string(e.getValue());
        }
    }

    private static int add(List<String> words, String word) {
        words.add(word);
        return words.size() - 1;
    }

    private static void writeTree(Out o, ContextTree tree) throws IOException {
        // Only the frames the tree uses, renumbered in order of first use (the frame table may be shared with other trees).
        int[] newId = new int[tree.frames().size()];
        Arrays.fill(newId, -1);
        List<Frame> frames = new ArrayList<>();
        for (int node = 1; node < tree.size(); node++) {
            int id = tree.frameId(node);
            if (newId[id] < 0) {
                newId[id] = frames.size();
                frames.add(tree.frame(node));
            }
        }
        o.u32(frames.size());
        for (Frame frame : frames) {
            o.u8(frame.kind().ordinal());
            o.string(frame.label());
        }
        o.u32(tree.size());
        for (int node = 1; node < tree.size(); node++) {
            o.u32(tree.parent(node));
            o.u32(newId[tree.frameId(node)]);
        }
        TreeSet<Integer> nodes = new TreeSet<>();
        tree.threadIds().nodes().forEach(nodes::add);
        int count = 0;
        for (int node : nodes) {
            count += tree.threadIds().at(node).size();
        }
        o.u32(count);
        for (int node : nodes) {
            for (ThreadIds.Seen seen : tree.threadIds().at(node)) {
                o.u32(node);
                o.string(seen.thread().host());
                o.i64(seen.thread().tid());
                o.u32(seen.executions());
            }
        }
    }

    private static void writeRows(Out o, EcctStore store) throws IOException {
        o.u32(store.size());
        EcctRowReader row = store.reader();
        for (int e = 0; e < store.size(); e++) {
            int count = row.read(e, false);
            o.varint(count);
            int previous = 0;
            for (int i = 0; i < count; i++) {
                int node = row.node(i);
                o.varint(node - previous);
                o.varint(row.self(i));
                previous = node;
            }
        }
    }

    /**
     * Reads the key alone (header checks only; the body and checksum are checked by {@link #read}).
     *
     * @param bytes the file's content
     * @return the key
     * @throws SavedEcctsFormatException if the file is not a saved file of this version, or its key is malformed
     */
    public static Map<String, String> readKey(byte[] bytes) throws SavedEcctsFormatException {
        In in = new In(bytes, bytes.length);
        return header(in);
    }

    /**
     * Reads a saved file, checking it whole.
     *
     * @param bytes the file's content
     * @return what it holds
     * @throws SavedEcctsFormatException if it is not a valid saved file of this version (with the byte offset)
     */
    public static Saved read(byte[] bytes) throws SavedEcctsFormatException {
        if (bytes.length < MAGIC.length + 4 + 4 + 4) {
            header(new In(bytes, bytes.length)); // says what is missing where
            throw new SavedEcctsFormatException(bytes.length, "truncated: no checksum"); //$NON-NLS-1$
        }
        In in = new In(bytes, bytes.length - 4);
        Map<String, String> key = header(in);
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - 4);
        long stored = Integer.toUnsignedLong(In.int32(bytes, bytes.length - 4));
        if (crc.getValue() != stored) {
            throw new SavedEcctsFormatException(bytes.length - 4, "checksum mismatch: the file was altered or truncated (CRC-32 " //$NON-NLS-1$
                    + Long.toHexString(crc.getValue()) + ", stored " + Long.toHexString(stored) + ')'); //$NON-NLS-1$
        }
        int[] rowsWithoutPath = new int[1];
        ExecutionTable table = readTable(in, rowsWithoutPath);
        ContextTree tree = readTree(in);
        EcctStore store = readRows(in, tree, table.size());
        if (in.pos != in.end) {
            throw new SavedEcctsFormatException(in.pos, (in.end - in.pos) + " unexpected bytes after the ECCTs"); //$NON-NLS-1$
        }
        return new Saved(key, table, store, rowsWithoutPath[0]);
    }

    private static Map<String, String> header(In in) throws SavedEcctsFormatException {
        byte[] magic = in.bytes(MAGIC.length, "the file's magic number"); //$NON-NLS-1$
        if (!Arrays.equals(magic, MAGIC)) {
            throw new SavedEcctsFormatException(0, "not a saved executions-and-ECCTs file"); //$NON-NLS-1$
        }
        int version = in.u32("the version"); //$NON-NLS-1$
        if (version != VERSION) {
            throw new SavedEcctsFormatException(MAGIC.length, "format version " + version + ", this program reads version " + VERSION); //$NON-NLS-1$ //$NON-NLS-2$
        }
        int entries = in.count(8, "key entries"); //$NON-NLS-1$
        Map<String, String> key = new LinkedHashMap<>();
        for (int i = 0; i < entries; i++) {
            key.put(in.string("a key name"), in.string("a key value")); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return key;
    }

    private static ExecutionTable readTable(In in, int[] rowsWithoutPath) throws SavedEcctsFormatException {
        String traceName = in.string("the trace name"); //$NON-NLS-1$
        long definitionAt = in.pos;
        String json = in.string("the definition"); //$NON-NLS-1$
        ExecutionDefinition definition;
        try {
            List<ExecutionDefinition> definitions = ExecutionDefinitionsJson.read(new StringReader(json));
            if (definitions.size() != 1) {
                throw new SavedEcctsFormatException(definitionAt, definitions.size() + " definitions instead of one"); //$NON-NLS-1$
            }
            definition = definitions.get(0);
        } catch (DefinitionFormatException e) {
            throw new SavedEcctsFormatException(definitionAt, "malformed definition: " + e.getMessage()); //$NON-NLS-1$
        } catch (IOException e) {
            throw new SavedEcctsFormatException(definitionAt, "unreadable definition: " + e.getMessage()); //$NON-NLS-1$
        }
        rowsWithoutPath[0] = in.count(0, "rows without a critical path"); //$NON-NLS-1$
        int flag = in.u8("the critical-path flag"); //$NON-NLS-1$
        if (flag > 1) {
            throw new SavedEcctsFormatException(in.pos - 1, "critical-path flag " + flag + " is not 0 or 1"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        long origin = in.i64("the origin"); //$NON-NLS-1$
        int n = in.count(ROW_BYTES, "executions"); //$NON-NLS-1$
        if (rowsWithoutPath[0] > n) {
            throw new SavedEcctsFormatException(in.pos - 4, rowsWithoutPath[0] + " rows without a path among " + n); //$NON-NLS-1$
        }
        long[] start = in.i64s(n, "begin times"); //$NON-NLS-1$
        long[] end = in.i64s(n, "end times"); //$NON-NLS-1$
        int[] pid = in.i32s(n, "processes"); //$NON-NLS-1$
        int[] tid = in.i32s(n, "threads"); //$NON-NLS-1$
        int[] endTid = in.i32s(n, "end threads"); //$NON-NLS-1$
        long[] beginPosition = in.i64s(n, "begin ranks"); //$NON-NLS-1$
        long[] endPosition = in.i64s(n, "end ranks"); //$NON-NLS-1$
        int words = in.count(4, "names"); //$NON-NLS-1$
        String[] dictionary = new String[words];
        for (int i = 0; i < words; i++) {
            dictionary[i] = in.string("a name"); //$NON-NLS-1$
        }
        String[] names = in.words(n, dictionary, "execution names"); //$NON-NLS-1$
        String[] sets = in.words(n, dictionary, "feature sets"); //$NON-NLS-1$
        int[][] threads = new int[n][];
        for (int r = 0; r < n; r++) {
            threads[r] = in.i32s(in.count(4, "threads of a row"), "threads of a row"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        int columnCount = in.count(4 + 4 + 1 + 8L * n, "metric columns"); //$NON-NLS-1$
        List<MetricColumn> columns = new ArrayList<>(columnCount);
        java.util.Set<String> columnNames = new java.util.HashSet<>();
        for (int c = 0; c < columnCount; c++) {
            long at = in.pos;
            String name = in.string("a column name"); //$NON-NLS-1$
            String unitName = in.string("a unit"); //$NON-NLS-1$
            MetricUnit unit = MetricUnit.ofJsonName(unitName);
            if (unit == null) {
                throw new SavedEcctsFormatException(at, "unknown unit '" + unitName + "' of column " + name); //$NON-NLS-1$ //$NON-NLS-2$
            }
            MetricColumn.Kind kind = in.choice(MetricColumn.Kind.values(), "a column kind"); //$NON-NLS-1$
            if (!columnNames.add(name)) {
                throw new SavedEcctsFormatException(at, "column " + name + " twice"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            double[] values = new double[n];
            for (int r = 0; r < n; r++) {
                values[r] = Double.longBitsToDouble(in.i64("a metric value")); //$NON-NLS-1$
            }
            columns.add(new MetricColumn(name, unit, kind, values));
        }
        long eventsRead = in.i64("events read"); //$NON-NLS-1$
        long executions = in.i64("executions matched"); //$NON-NLS-1$
        int problemCount = in.count(1 + 8 + 8 + 8 + 4, "matching problems"); //$NON-NLS-1$
        List<ProblemCount> problems = new ArrayList<>();
        for (int p = 0; p < problemCount; p++) {
            MatchingProblem problem = in.choice(MatchingProblem.values(), "a matching problem"); //$NON-NLS-1$
            problems.add(new ProblemCount(problem, in.i64("a problem count"), in.i64("a rank"), in.i64("a time"), in.string("a detail"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        }
        int errorCount = in.count(8, "user metric errors"); //$NON-NLS-1$
        Map<String, String> errors = new LinkedHashMap<>();
        for (int e = 0; e < errorCount; e++) {
            errors.put(in.string("a user metric"), in.string("its error")); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return ExecutionTable.restored(traceName, definition, start, end, pid, tid, endTid, beginPosition, endPosition, names, sets, threads,
                columns, MatchingReport.restored(eventsRead, executions, problems), errors, flag == 1, origin);
    }

    private static ContextTree readTree(In in) throws SavedEcctsFormatException {
        int frameCount = in.count(5, "frames"); //$NON-NLS-1$
        FrameTable frames = new FrameTable();
        for (int f = 0; f < frameCount; f++) {
            long at = in.pos;
            FrameKind kind = in.choice(FrameKind.values(), "a frame kind"); //$NON-NLS-1$
            Frame frame = new Frame(kind, in.string("a frame label")); //$NON-NLS-1$
            if (frames.intern(frame) != f) {
                throw new SavedEcctsFormatException(at, "frame " + frame + " twice"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        long sizeAt = in.pos;
        int size = in.u32("the tree size"); //$NON-NLS-1$
        if (size < 1 || (size - 1L) * 8 > in.end - in.pos) {
            throw new SavedEcctsFormatException(sizeAt, "tree of " + Integer.toUnsignedString(size) + " nodes in " + (in.end - in.pos) + " bytes left"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        ContextTree tree = new ContextTree(frames);
        for (int node = 1; node < size; node++) {
            long at = in.pos;
            int parent = in.u32("a parent"); //$NON-NLS-1$
            int frame = in.u32("a frame id"); //$NON-NLS-1$
            if (parent < 0 || parent >= node) {
                throw new SavedEcctsFormatException(at, "node " + node + " has parent " + Integer.toUnsignedString(parent) + ", not an earlier node"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            if (frame < 0 || frame >= frameCount) {
                throw new SavedEcctsFormatException(at + 4, "node " + node + " has frame " + Integer.toUnsignedString(frame) + " of " + frameCount); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            if (tree.child(parent, frame) != node) {
                throw new SavedEcctsFormatException(at, "node " + node + " repeats an earlier node (same parent and frame)"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        tree.trimToSize();
        int seen = in.count(4 + 4 + 8 + 4, "thread ids"); //$NON-NLS-1$
        for (int i = 0; i < seen; i++) {
            long at = in.pos;
            int node = in.u32("a node"); //$NON-NLS-1$
            if (node <= 0 || node >= size) {
                throw new SavedEcctsFormatException(at, "thread id at node " + Integer.toUnsignedString(node) + " of " + size); //$NON-NLS-1$ //$NON-NLS-2$
            }
            ThreadKey thread = new ThreadKey(in.string("a host"), in.i64("a thread id")); //$NON-NLS-1$ //$NON-NLS-2$
            tree.threadIds().add(node, thread, in.count(0, "executions of a thread")); //$NON-NLS-1$
        }
        return tree;
    }

    private static EcctStore readRows(In in, ContextTree tree, int rows) throws SavedEcctsFormatException {
        long at = in.pos;
        int executions = in.u32("the ECCT count"); //$NON-NLS-1$
        if (executions != rows) {
            throw new SavedEcctsFormatException(at, Integer.toUnsignedString(executions) + " ECCTs for " + rows + " executions"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        EcctStore store = new EcctStore(tree);
        for (int e = 0; e < executions; e++) {
            long countAt = in.pos;
            long count = in.varint("a row's size"); //$NON-NLS-1$
            if (count > tree.size() || 2 * count > in.end - in.pos) {
                throw new SavedEcctsFormatException(countAt, "ECCT " + e + " of " + count + " values, with " + tree.size() //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        + " nodes and " + (in.end - in.pos) + " bytes left"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            int k = (int) count;
            int[] rowNodes = new int[k];
            long[] self = new long[k];
            long node = 0;
            for (int i = 0; i < k; i++) {
                long valueAt = in.pos;
                long delta = in.varint("a node"); //$NON-NLS-1$
                node += delta;
                if ((i > 0 && delta == 0) || node >= tree.size()) {
                    throw new SavedEcctsFormatException(valueAt, "ECCT " + e + ": node " + node + " is not ascending within the " //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                            + tree.size() + " nodes"); //$NON-NLS-1$
                }
                int id = (int) node;
                int parent = tree.parent(id);
                if (parent >= 0 && Arrays.binarySearch(rowNodes, 0, i, parent) < 0 || parent < 0 && i > 0) {
                    throw new SavedEcctsFormatException(valueAt, "ECCT " + e + ": node " + id + " without its parent " + parent); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
                if (i == 0 && id != ContextTree.ROOT) {
                    throw new SavedEcctsFormatException(valueAt, "ECCT " + e + " does not start at the root"); //$NON-NLS-1$ //$NON-NLS-2$
                }
                rowNodes[i] = id;
                self[i] = in.varint("a self time"); //$NON-NLS-1$
            }
            store.add(new Ecct(rowNodes, self));
        }
        store.trimToSize();
        return store;
    }

    /**
     * @param expected the key of the trace and definitions at hand
     * @param found the key of a saved file
     * @return what differs, e.g. {@code trace.size: 1200 (saved 1100)}, or null if the keys are the same
     */
    public static @Nullable String difference(Map<String, String> expected, Map<String, String> found) {
        List<String> differences = new ArrayList<>();
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String saved = found.get(e.getKey());
            if (!Objects.equals(saved, e.getValue())) {
                differences.add(e.getKey() + ": " + shorten(e.getValue()) + " (saved " + (saved == null ? "none" : shorten(saved)) + ')'); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
        for (String name : found.keySet()) {
            if (!expected.containsKey(name)) {
                differences.add(name + ": none (saved " + shorten(found.get(name)) + ')'); //$NON-NLS-1$
            }
        }
        return differences.isEmpty() ? null : String.join("; ", differences); //$NON-NLS-1$
    }

    private static String shorten(@Nullable String value) {
        String v = String.valueOf(value);
        return v.length() <= 80 ? v : v.substring(0, 77) + "..."; //$NON-NLS-1$
    }

    /** Buffered big-endian output with a running CRC-32. */
    private static final class Out {
        private final OutputStream fOut;
        private final CRC32 fCrc = new CRC32();
        private final byte[] fBuffer = new byte[1 << 16];
        private int fUsed;

        Out(OutputStream out) {
            fOut = out;
        }

        private void room(int n) throws IOException {
            if (fUsed + n > fBuffer.length) {
                flush();
            }
        }

        private void flush() throws IOException {
            fCrc.update(fBuffer, 0, fUsed);
            fOut.write(fBuffer, 0, fUsed);
            fUsed = 0;
        }

        void bytes(byte[] b) throws IOException {
            if (b.length > fBuffer.length) {
                flush();
                fCrc.update(b);
                fOut.write(b);
                return;
            }
            room(b.length);
            System.arraycopy(b, 0, fBuffer, fUsed, b.length);
            fUsed += b.length;
        }

        void u8(int v) throws IOException {
            room(1);
            fBuffer[fUsed++] = (byte) v;
        }

        void u32(int v) throws IOException {
            room(4);
            fBuffer[fUsed++] = (byte) (v >>> 24);
            fBuffer[fUsed++] = (byte) (v >>> 16);
            fBuffer[fUsed++] = (byte) (v >>> 8);
            fBuffer[fUsed++] = (byte) v;
        }

        void i64(long v) throws IOException {
            u32((int) (v >>> 32));
            u32((int) v);
        }

        void varint(long value) throws IOException {
            if (value < 0) {
                throw new IllegalArgumentException("negative value " + value); //$NON-NLS-1$
            }
            room(10);
            long v = value;
            while ((v & ~0x7FL) != 0) {
                fBuffer[fUsed++] = (byte) (v | 0x80);
                v >>>= 7;
            }
            fBuffer[fUsed++] = (byte) v;
        }

        void string(String s) throws IOException {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            u32(b.length);
            bytes(b);
        }

        void finish() throws IOException {
            flush();
            int crc = (int) fCrc.getValue();
            fOut.write(new byte[] { (byte) (crc >>> 24), (byte) (crc >>> 16), (byte) (crc >>> 8), (byte) crc });
        }
    }

    /** Bounded big-endian input: every read checks the bytes left and says where it failed. */
    private static final class In {
        final byte[] data;
        final int end;
        int pos;

        In(byte[] data, int end) {
            this.data = data;
            this.end = end;
        }

        private void need(long n, String what) throws SavedEcctsFormatException {
            if (n > end - pos) {
                throw new SavedEcctsFormatException(pos, "truncated: " + what + " needs " + n + " bytes, " + (end - pos) + " left"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            }
        }

        static int int32(byte[] b, int p) {
            return (b[p] & 0xFF) << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
        }

        byte[] bytes(int n, String what) throws SavedEcctsFormatException {
            need(n, what);
            byte[] b = Arrays.copyOfRange(data, pos, pos + n);
            pos += n;
            return b;
        }

        int u8(String what) throws SavedEcctsFormatException {
            need(1, what);
            return data[pos++] & 0xFF;
        }

        int u32(String what) throws SavedEcctsFormatException {
            need(4, what);
            int v = int32(data, pos);
            pos += 4;
            return v;
        }

        long i64(String what) throws SavedEcctsFormatException {
            need(8, what);
            long v = (long) int32(data, pos) << 32 | (int32(data, pos + 4) & 0xFFFF_FFFFL);
            pos += 8;
            return v;
        }

        /** A count of elements of at least {@code minBytes} each, checked against the bytes left. */
        int count(long minBytes, String what) throws SavedEcctsFormatException {
            long at = pos;
            int n = u32(what);
            if (n < 0 || minBytes * n > end - pos) {
                throw new SavedEcctsFormatException(at, "count of " + what + ' ' + Integer.toUnsignedString(n) + " exceeds the " //$NON-NLS-1$ //$NON-NLS-2$
                        + (end - pos) + " bytes left"); //$NON-NLS-1$
            }
            return n;
        }

        long varint(String what) throws SavedEcctsFormatException {
            long at = pos;
            long value = 0;
            for (int shift = 0; shift < 63; shift += 7) {
                need(1, what);
                byte b = data[pos++];
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return value; // at most 9 bytes: 63 bits, never negative
                }
            }
            throw new SavedEcctsFormatException(at, what + ": a number of more than 63 bits"); //$NON-NLS-1$
        }

        String string(String what) throws SavedEcctsFormatException {
            int n = count(1, what);
            String s = new String(data, pos, n, StandardCharsets.UTF_8);
            pos += n;
            return s;
        }

        long[] i64s(int n, String what) throws SavedEcctsFormatException {
            need(8L * n, what);
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = (long) int32(data, pos) << 32 | (int32(data, pos + 4) & 0xFFFF_FFFFL);
                pos += 8;
            }
            return v;
        }

        int[] i32s(int n, String what) throws SavedEcctsFormatException {
            need(4L * n, what);
            int[] v = new int[n];
            for (int i = 0; i < n; i++) {
                v[i] = int32(data, pos);
                pos += 4;
            }
            return v;
        }

        String[] words(int n, String[] dictionary, String what) throws SavedEcctsFormatException {
            need(4L * n, what);
            String[] v = new String[n];
            for (int i = 0; i < n; i++) {
                int index = int32(data, pos);
                if (index < 0 || index >= dictionary.length) {
                    throw new SavedEcctsFormatException(pos, what + ": index " + Integer.toUnsignedString(index) + " of " + dictionary.length + " names"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
                v[i] = dictionary[index];
                pos += 4;
            }
            return v;
        }

        <E> E choice(E[] values, String what) throws SavedEcctsFormatException {
            long at = pos;
            int i = u8(what);
            if (i >= values.length) {
                throw new SavedEcctsFormatException(at, what + ' ' + i + " of " + values.length); //$NON-NLS-1$
            }
            return values[i];
        }
    }
}
