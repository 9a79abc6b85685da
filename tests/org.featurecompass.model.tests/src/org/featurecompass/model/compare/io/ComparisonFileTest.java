package org.featurecompass.model.compare.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.diff.StatisticalTest;
import org.featurecompass.model.compare.diff.WidthMode;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.CrossFilterTestTables;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter.CategorySet;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.group.GroupFilter.TimeRange;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.junit.jupiter.api.Test;

/** The saved comparison: lossless round trips, strict reading with positions. */
class ComparisonFileTest {

    private static final String DEFINITION = "{\"type\":\"request\",\"begin\":{\"event\":\"req_start\"},\"version\":1}"; //$NON-NLS-1$

    private static ComparisonSpec spec() {
        return new ComparisonSpec(DEFINITION,
                List.of(new MetricRange("duration", Double.NEGATIVE_INFINITY, 2.5e7), new CategorySet("trace", Set.of("b.json", "a.json")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                        new TimeRange(1_700_000_000_000_000_123L, 1_700_000_000_900_000_000L)),
                List.of(new MetricRange("duration", 5e7, Double.POSITIVE_INFINITY), new MetricRange("cpu", 0.125, 3)), //$NON-NLS-1$ //$NON-NLS-2$
                new ComparisonSettings(StatisticalTest.MANN_WHITNEY, 0.01, 2500, 0.1, Measure.SELF, WidthMode.UNION));
    }

    @Test
    void roundTripIsLossless() throws Exception {
        ComparisonSpec spec = spec();
        String json = ComparisonFile.toJson(spec);
        ComparisonSpec read = ComparisonFile.read(new StringReader(json));
        assertEquals(spec.groupA(), read.groupA());
        assertEquals(spec.groupB(), read.groupB());
        assertEquals(spec.settings(), read.settings());
        assertEquals(DEFINITION, read.executionDefinition());
        assertEquals(json, ComparisonFile.toJson(read), "stable text"); //$NON-NLS-1$
        assertTrue(json.contains("\"format\" : \"featurecompass-comparison\"") && json.contains("\"version\" : 1"), json); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(json.contains("\"test\" : \"mann-whitney\"") && json.contains("\"width\" : \"union\""), json); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(!json.contains("Infinity"), "open bounds are omitted, JSON has no infinity: " + json); //$NON-NLS-1$ //$NON-NLS-2$
        ComparisonSpec none = new ComparisonSpec(null, List.of(), List.of(), ComparisonSettings.DEFAULT);
        assertEquals(none, ComparisonFile.read(new StringReader(ComparisonFile.toJson(none))));
    }

    @Test
    void reloadedFiltersSelectTheSameExecutions() throws Exception {
        ExperimentExecutions table = CrossFilterTestTables.table(new Random(11), 800);
        CrossFilter cf = new CrossFilter(table, 10, HistogramEdges.Scale.LINEAR);
        cf.setRange(Group.A, "duration", 500, 2500); //$NON-NLS-1$
        cf.setCategories(Group.A, ExperimentExecutions.FEATURE_SET, Set.of("A", "A*B")); //$NON-NLS-1$ //$NON-NLS-2$
        cf.setTimeRange(Group.B, 1_001_000, 1_300_000);
        ComparisonSpec saved = new ComparisonSpec(null, cf.filters(Group.A), cf.filters(Group.B), ComparisonSettings.DEFAULT);
        ComparisonSpec read = ComparisonFile.read(new StringReader(ComparisonFile.toJson(saved)));
        CrossFilter again = new CrossFilter(table, 10, HistogramEdges.Scale.LINEAR);
        again.apply(Group.A, read.groupA());
        again.apply(Group.B, read.groupB());
        assertEquals(cf.members(Group.A), again.members(Group.A));
        assertEquals(cf.members(Group.B), again.members(Group.B));
        assertTrue(cf.size(Group.A) > 0 && cf.size(Group.A) < table.size());
    }

    @Test
    void badFilesAreRefusedWithAPosition() {
        String good = ComparisonFile.toJson(spec());
        assertMessage(good.replace("\"version\" : 1", "\"version\" : 2"), "version 2 is not supported"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        String misspelt = good.replace("\"alpha\"", "\"alfa\""); //$NON-NLS-1$ //$NON-NLS-2$
        int at = misspelt.indexOf("\"alfa\""); //$NON-NLS-1$
        int line = (int) misspelt.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
        int column = at - misspelt.lastIndexOf('\n', at);
        assertMessage(misspelt, "line " + line + ", column " + column + ": unknown setting 'alfa'"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertMessage(good.replace("\"min\" : 5.0E7", "\"min\" : \"big\""), "expected a number for min"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertMessage(good.replace("\"max\" : 3.0", "\"max\" : -3.0"), "is not min <= max"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertMessage(good.replace("\"alpha\" : 0.01", "\"alpha\" : 2"), "alpha not in (0, 1)"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertMessage(good.replace("\"mann-whitney\"", "\"student\""), "'student' is not one of [welch, mann-whitney]"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertMessage(good.substring(0, good.length() / 2), "Not valid JSON at line"); //$NON-NLS-1$
        assertMessage("{\"format\":\"other\",\"version\":1,\"groups\":{\"A\":[],\"B\":[]},\"settings\":{}}", "expected 'featurecompass-comparison'"); //$NON-NLS-1$ //$NON-NLS-2$
        assertMessage("{\"format\":\"featurecompass-comparison\",\"version\":1,\"groups\":{\"A\":[]},\"settings\":{}}", "missing groups.B"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static void assertMessage(String json, String expected) {
        ComparisonFormatException e = assertThrows(ComparisonFormatException.class, () -> ComparisonFile.read(new StringReader(json)));
        assertTrue(e.getMessage().contains(expected), "message: " + e.getMessage() + "\nexpected: " + expected); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
