package org.featurecompass.model.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Tests {@link FeatureSet}: parsing VaRA region names (Kaufmann 2022, §3.4) and the interaction form. */
class FeatureSetTest {

    @ParameterizedTest(name = "{0} -> [{1}]")
    @CsvSource(delimiter = '|', value = {
            "FR()|''",
            "FR(   )|''",
            "FR(Compression)|Compression",
            "FR(Mode,Robot)|Mode*Robot",
            "FR(Robot,Mode)|Mode*Robot",
            "FR( Robot , Mode )|Mode*Robot",
            "FR(Mode,Mode)|Mode",
            "FR(Size_val,Threads_val)|Size_val*Threads_val",
            "FR(FlushTO_val,Mode)|FlushTO_val*Mode",
            "FR(E,D,C,B,A,F)|A*B*C*D*E*F",
            "Base|Base",
            "main_loop|main_loop" })
    void parsesRegionNamesToCanonicalSets(String regionName, String expected) {
        FeatureSet set = FeatureSet.parseRegionName(regionName);
        assertEquals(expected, set.toString());
        assertEquals(set, FeatureSet.parseInteraction(expected));
    }

    @Test
    void zeroOneAndManyFeatures() {
        assertTrue(FeatureSet.parseRegionName("FR()").isEmpty());
        assertSame(FeatureSet.EMPTY, FeatureSet.parseRegionName("FR()"));
        assertEquals(List.of("Compression"), FeatureSet.parseRegionName("FR(Compression)").features());
        FeatureSet many = FeatureSet.parseRegionName("FR(Threads_val,Size_val,Mode,Format)");
        assertEquals(List.of("Format", "Mode", "Size_val", "Threads_val"), many.features());
        assertEquals(4, many.size());
        assertTrue(many.contains("Size_val"));
        assertFalse(many.contains("Size"), "the _val suffix is part of the feature name");
    }

    @ParameterizedTest
    @ValueSource(strings = { "FR(A", "FR(A,,B)", "FR(A,)", "FR(A)B", "FR(A))", "", "  " })
    void rejectsMalformedNamesWithTheName(String regionName) {
        try {
            FeatureSet.parseRegionName(regionName);
            fail("accepted " + regionName);
        } catch (MalformedRegionNameException e) {
            assertTrue(e.getMessage().contains('"' + regionName + '"'), e.getMessage());
        }
    }

    @Test
    void baseIsDroppedFromInteractionsUnlessAlone() {
        assertEquals("Base", FeatureSet.of("Base").asInteraction().toString());
        assertEquals("A", FeatureSet.of("Base", "A").asInteraction().toString());
        assertEquals("A*C", FeatureSet.of("C", "Base", "A").asInteraction().toString());
        assertEquals("", FeatureSet.EMPTY.asInteraction().toString());
        FeatureSet plain = FeatureSet.of("A", "B");
        assertSame(plain, plain.asInteraction());
    }

    @Test
    void unionIsCanonical() {
        FeatureSet union = FeatureSet.of("Encryption").union(FeatureSet.of("Compression", "Encryption"));
        assertEquals(FeatureSet.of("Compression", "Encryption"), union);
        assertEquals("Compression*Encryption", union.toString());
        assertEquals(union.hashCode(), FeatureSet.parseRegionName("FR(Encryption,Compression)").hashCode());
        assertSame(union, union.union(FeatureSet.EMPTY));
    }

    @Test
    void ordersBySizeThenNames() {
        TreeSet<FeatureSet> sorted = new TreeSet<>(List.of(FeatureSet.of("B", "C"), FeatureSet.of("B"),
                FeatureSet.EMPTY, FeatureSet.of("A", "Z"), FeatureSet.of("A")));
        assertEquals("[, A, B, A*Z, B*C]", sorted.toString());
    }

    @Test
    void rejectsEmptyFeatureNames() {
        try {
            FeatureSet.of("A", "");
            fail("accepted an empty feature name");
        } catch (IllegalArgumentException e) {
            assertEquals("A feature name must not be empty", e.getMessage());
        }
    }
}
