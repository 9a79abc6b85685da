package org.featurecompass.model.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The "did you mean" of unknown names: {@link NameSuggestion}. */
class NameSuggestionTest {

    /** Textbook distances of the optimal string alignment (Damerau–Levenshtein restricted to one edit per substring). */
    @Test
    void distanceIsTheOptimalStringAlignment() {
        assertEquals(3, NameSuggestion.distance("kitten", "sitting")); // two substitutions, one insertion
        assertEquals(1, NameSuggestion.distance("durtion", "duration")); // one insertion
        assertEquals(1, NameSuggestion.distance("druation", "duration")); // one swap of neighbours
        assertEquals(3, NameSuggestion.distance("ca", "abc")); // OSA's known case (unrestricted Damerau: 2)
        assertEquals(0, NameSuggestion.distance("", ""));
        assertEquals(4, NameSuggestion.distance("", "abcd"));
    }

    @Test
    void typosOfKnownNamesAreSuggested() {
        List<String> metrics = List.of("duration", "start", "calls", "cpu", "wait.PREEMPTED", "end");
        assertEquals(Optional.of("duration"), NameSuggestion.closest("durtion", metrics));
        assertEquals(Optional.of("duration"), NameSuggestion.closest("Duration", metrics), "case is ignored");
        assertEquals(Optional.of("FR(Compression)"), NameSuggestion.closest("FR(Compresion)", List.of("FR(Encryption)", "FR(Compression)")));
        assertEquals(" (did you mean 'cpu'?)", NameSuggestion.hint("cpus", metrics));
    }

    @Test
    void farNamesAreNotSuggested() {
        List<String> metrics = List.of("duration", "cpu");
        assertEquals(Optional.empty(), NameSuggestion.closest("latency", metrics));
        assertEquals(Optional.empty(), NameSuggestion.closest("gpu2", metrics), "2 edits in a 4-letter name are too many");
        assertEquals("", NameSuggestion.hint("anything", List.of()));
        assertEquals(Optional.empty(), NameSuggestion.closest("cpu", metrics), "a known name is not its own suggestion");
    }

    @Test
    void tiesGoToTheNameListedFirst() {
        assertEquals(Optional.of("cat"), NameSuggestion.closest("bat", List.of("cat", "hat")));
    }
}
