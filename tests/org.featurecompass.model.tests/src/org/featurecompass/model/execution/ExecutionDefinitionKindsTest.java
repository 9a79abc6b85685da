package org.featurecompass.model.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * Every kind of execution definition goes through every place that treats kinds differently, so
 * a new kind fails here until each place handles it (issue 23): one record per {@link
 * ExecutionDefinition.Kind} and one kind per permitted record; the saved form (written with its
 * {@code kind}, read back equal); a new type keeps everything else ({@code withType}, which the
 * detected defaults use to make types unique); a matcher from delimiter events for every kind but
 * the feature regions, which the feature-region analysis matches.
 */
class ExecutionDefinitionKindsTest {

    /** One definition of each kind; adding a kind without adding it here fails {@link #oneSamplePerKind()}. */
    private static final List<ExecutionDefinition> SAMPLES = List.of(
            new ExecutionDefinition.EventPair("Request", EventSelector.named("req_begin"), EventSelector.named("req_end"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    MatchKey.field("id"), List.of(new UserMetric("us", "duration / 1000", MetricUnit.NONE))), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            new ExecutionDefinition.Slice("Top", 1, "main", List.of()), //$NON-NLS-1$ //$NON-NLS-2$
            new ExecutionDefinition.Async("Promise", "PROMISE", "node", List.of()), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            new ExecutionDefinition.FeatureRegion("Requests", "FR(Request)", List.of())); //$NON-NLS-1$ //$NON-NLS-2$

    @Test
    void oneSamplePerKind() {
        Map<ExecutionDefinition.Kind, ExecutionDefinition> byKind = new EnumMap<>(ExecutionDefinition.Kind.class);
        SAMPLES.forEach(sample -> byKind.put(sample.kind(), sample));
        assertEquals(Set.of(ExecutionDefinition.Kind.values()), byKind.keySet(), "a sample of every kind");
    }

    @Test
    void oneKindPerPermittedRecord() {
        Set<String> permitted = Arrays.stream(ExecutionDefinition.class.getPermittedSubclasses()).map(Class::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> sampled = SAMPLES.stream().map(sample -> sample.getClass().getName()).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(permitted, sampled, "a sample of every permitted record");
        assertEquals(permitted.size(), ExecutionDefinition.Kind.values().length, "as many kinds as records");
        assertEquals(SAMPLES.size(), SAMPLES.stream().map(ExecutionDefinition::kind).distinct().count(), "each record its own kind");
    }

    @Test
    void savedAndReadBack() throws Exception {
        StringWriter json = new StringWriter();
        ExecutionDefinitionsJson.write(SAMPLES, json);
        for (ExecutionDefinition sample : SAMPLES) {
            assertEquals(1, json.toString().split("\"kind\"\\s*:\\s*\"" + sample.kind().jsonName() + '"', -1).length - 1, //$NON-NLS-1$
                    "written with its kind: " + sample.kind());
        }
        assertEquals(SAMPLES, ExecutionDefinitionsJson.read(new StringReader(json.toString())));
    }

    @Test
    void anotherTypeKeepsTheRest() {
        for (ExecutionDefinition sample : SAMPLES) {
            ExecutionDefinition renamed = sample.withType("Other"); //$NON-NLS-1$
            assertEquals("Other", renamed.type()); //$NON-NLS-1$
            assertEquals(sample.kind(), renamed.kind());
            assertEquals(sample, renamed.withType(sample.type()), "only the type changed: " + sample.kind());
        }
    }

    @Test
    void aMatcherForEveryKindButFeatureRegions() {
        for (ExecutionDefinition sample : SAMPLES) {
            ExecutionMatcher matcher = ExecutionMatcher.of(sample, execution -> {
                // nothing is read here
            });
            if (sample.kind() == ExecutionDefinition.Kind.FEATURE_REGION) {
                assertNull(matcher, "feature regions are matched by their analysis");
            } else {
                assertNotNull(matcher, sample.kind().name());
            }
        }
    }
}
