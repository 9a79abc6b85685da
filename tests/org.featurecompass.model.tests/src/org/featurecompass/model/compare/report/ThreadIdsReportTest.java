package org.featurecompass.model.compare.report;

import static org.junit.jupiter.api.Assertions.assertTrue;


import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAccumulator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.ThreadKey;
import org.junit.jupiter.api.Test;

/**
 * The JSON report keeps a thread marker's ids beside it (doc/ecct.md, "Thread markers"): the
 * marker {@code [thread pool of app]} stood for thread 11 in three executions and thread 12 in
 * one (the generator's choice below), and the report lists exactly those, the most frequent first;
 * the test's p-value method is named (Welch's: {@code t-distribution}).
 */
class ThreadIdsReportTest {

    @Test
    void markerIdsAndTheTestMethodAreInTheJson() throws Exception {
        ContextTree tree = new ContextTree(new FrameTable());
        int main = tree.child(ContextTree.ROOT, Frame.function("main")); //$NON-NLS-1$
        int marker = tree.child(main, Frame.thread("pool", "app", null)); //$NON-NLS-1$ //$NON-NLS-2$
        EcctStore store = new EcctStore(tree);
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        int n = 4;
        long[] start = new long[n];
        long[] end = new long[n];
        String[] traces = new String[n];
        for (int e = 0; e < n; e++) {
            accumulator.insert(main, 1000 + 10 * e);
            accumulator.insert(marker, 500 + 7 * e);
            accumulator.thread(marker, new ThreadKey("", e == 3 ? 12 : 11)); //$NON-NLS-1$
            store.add(accumulator.finish());
            start[e] = 10_000L * (e + 1);
            end[e] = start[e] + 1500 + 17 * e;
            traces[e] = e < 2 ? "t1" : "t2"; //$NON-NLS-1$ //$NON-NLS-2$
        }
        ComparisonReport report = ReportFixture.byTrace(store, start, end, traces, ComparisonSettings.DEFAULT);
        String json = ComparisonReportJson.text(report).replaceAll("\\s", ""); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(json.contains("\"frame\":\"[threadpoolofapp]\",\"depth\":2,\"threads\":[{\"host\":\"\",\"tid\":11,\"executions\":3}," //$NON-NLS-1$
                + "{\"host\":\"\",\"tid\":12,\"executions\":1}]"), json);
        assertTrue(json.contains("\"method\":\"t-distribution\""), json); //$NON-NLS-1$
    }
}
