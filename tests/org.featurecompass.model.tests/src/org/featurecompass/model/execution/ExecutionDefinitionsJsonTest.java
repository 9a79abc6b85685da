package org.featurecompass.model.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The saved, versioned JSON form of execution definitions: round trip and strict errors with their place. */
class ExecutionDefinitionsJsonTest {

    private static final List<ExecutionDefinition> ALL_KINDS = List.of(
            new ExecutionDefinition.EventPair("Request", new EventSelector("req_begin", DelimiterPhase.INSTANT, Map.of("ID", "1")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    EventSelector.named("req_end"), MatchKey.field("request_id"), //$NON-NLS-1$ //$NON-NLS-2$
                    List.of(new UserMetric("cpuShare", "cpu / duration", MetricUnit.NONE))), //$NON-NLS-1$ //$NON-NLS-2$
            new ExecutionDefinition.EventPair("Calls", EventSelector.named("f:func_entry"), EventSelector.named("f:func_exit"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    MatchKey.THREAD, List.of()),
            new ExecutionDefinition.EventPair("PerProcess", EventSelector.named("a"), EventSelector.named("b"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    new MatchKey(MatchKey.By.PROCESS, null), List.of()),
            new ExecutionDefinition.Slice("Depth 2", 2, "sort", List.of()), //$NON-NLS-1$ //$NON-NLS-2$
            new ExecutionDefinition.Slice("Top", 0, null, List.of(new UserMetric("us", "duration / 1000", MetricUnit.NONE))), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            new ExecutionDefinition.Async("PROMISE", "PROMISE", "node.async_hooks", List.of()), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            new ExecutionDefinition.Async("All spans", null, null, List.of()), //$NON-NLS-1$
            new ExecutionDefinition.FeatureRegion("Req", "FR(Request)", List.of(new UserMetric("t", "wait.TIMER", MetricUnit.NANOSECONDS)))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    @Test
    void everyKindRoundTrips() throws Exception {
        StringWriter text = new StringWriter();
        ExecutionDefinitionsJson.write(ALL_KINDS, text);
        assertTrue(text.toString().contains("\"formatVersion\" : 1"), text.toString()); //$NON-NLS-1$
        assertEquals(ALL_KINDS, ExecutionDefinitionsJson.read(new StringReader(text.toString())));
    }

    @Test
    void handWrittenFileWithDefaults() throws Exception {
        String json = "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"eventPair\",\"type\":\"R\"," //$NON-NLS-1$
                + "\"begin\":{\"name\":\"s\",\"where\":{\"ID\":1}},\"end\":{\"name\":\"e\"}},{\"kind\":\"slice\",\"type\":\"T\"}]}"; //$NON-NLS-1$
        List<ExecutionDefinition> definitions = ExecutionDefinitionsJson.read(new StringReader(json));
        assertEquals(new ExecutionDefinition.EventPair("R", new EventSelector("s", null, Map.of("ID", "1")), EventSelector.named("e"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                MatchKey.THREAD, List.of()), definitions.get(0));
        assertEquals(new ExecutionDefinition.Slice("T", 0, null, List.of()), definitions.get(1)); //$NON-NLS-1$
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"formatVersion\":2,\"definitions\":[]}|formatVersion 2 is not supported",
            "{\"definitions\":[]}|formatVersion: expected an integer, found nothing",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"pair\",\"type\":\"x\"}]}|definitions[0].kind: unknown kind 'pair'",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"slice\",\"type\":\"x\",\"dept\":1}]}|definitions[0]: unknown key 'dept'",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"slice\",\"type\":\"x\",\"depth\":-1}]}|definitions[0].depth: expected an integer >= 0",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"eventPair\",\"type\":\"x\",\"begin\":{\"name\":\"a\"}}]}|definitions[0].end: expected an object, found nothing",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"eventPair\",\"type\":\"x\",\"begin\":{\"name\":\"a\",\"phase\":\"B\"},\"end\":{\"name\":\"b\"}}]}|definitions[0].begin.phase: unknown phase 'B'",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"eventPair\",\"type\":\"x\",\"begin\":{\"name\":\"a\"},\"end\":{\"name\":\"b\"},\"key\":\"tid\"}]}|definitions[0].key: expected \"thread\"",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"slice\",\"type\":\"x\"},{\"kind\":\"async\",\"type\":\"x\"}]}|definitions[1].type: the type 'x' is defined twice",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"slice\",\"type\":\"x\",\"metrics\":[{\"name\":\"m\",\"expression\":\"cpu /\"}]}]}|definitions[0].metrics[0].expression: column 6",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"slice\",\"type\":\"x\",\"metrics\":[{\"name\":\"m\",\"expression\":\"cpu\",\"unit\":\"s\"}]}]}|definitions[0].metrics[0].unit: unknown unit 's'",
            "{\"formatVersion\":1,\"definitions\":[{\"kind\":\"slice\" \"type\":\"x\"}]}|line 1, column 51: Unexpected character",
            "{\"formatVersion\":1,\"formatVersion\":1,\"definitions\":[]}|the key 'formatVersion' appears twice",
            "|empty file" })
    void badFilesSayWhereAndWhat(String json, String message) {
        DefinitionFormatException e = assertThrows(DefinitionFormatException.class,
                () -> ExecutionDefinitionsJson.read(new StringReader(json == null ? "" : json))); //$NON-NLS-1$
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void defaultsFromAnInventory() throws IOException {
        TraceInventory inventory = new TraceInventory();
        Events events = new Events();
        events.add(0, "FR(Request)", TraceInventory.FEATURE_CATEGORY, DelimiterPhase.SLICE_BEGIN, 1, null, DelimiterEvent.NO_DURATION, Map.of()); //$NON-NLS-1$
        events.add(0, "Base", TraceInventory.FEATURE_CATEGORY, DelimiterPhase.SLICE_BEGIN, 1, null, DelimiterEvent.NO_DURATION, Map.of()); //$NON-NLS-1$
        events.add(0, "FR(IO)", TraceInventory.FEATURE_CATEGORY, DelimiterPhase.SLICE_BEGIN, 1, null, DelimiterEvent.NO_DURATION, Map.of()); //$NON-NLS-1$
        events.add(0, "sched_switch", "kernel", DelimiterPhase.INSTANT, 1, null, DelimiterEvent.NO_DURATION, Map.of()); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(0, "ust:func_entry", null, DelimiterPhase.SLICE_BEGIN, 1, null, DelimiterEvent.NO_DURATION, Map.of()); //$NON-NLS-1$
        events.add(0, "ust:func_exit", null, DelimiterPhase.SLICE_END, 1, null, DelimiterEvent.NO_DURATION, Map.of()); //$NON-NLS-1$
        events.async(0, true, "PROMISE", "1", 1).async(0, true, "PROMISE", "2", 1).async(0, true, "Timeout", "3", 1); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        events.list().forEach(inventory::accept);
        assertTrue(inventory.hasScheduling());
        List<String> types = DefaultDefinitions.detect(inventory).stream().map(ExecutionDefinition::type).toList();
        assertEquals(List.of("Request", "FR(IO)", "Function calls (ust)", "Top-level slices", "PROMISE", "Timeout"), types); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        StringWriter text = new StringWriter();
        ExecutionDefinitionsJson.write(DefaultDefinitions.detect(inventory), text);
        try {
            assertEquals(DefaultDefinitions.detect(inventory), ExecutionDefinitionsJson.read(new StringReader(text.toString())));
        } catch (DefinitionFormatException e) {
            throw new AssertionError(e);
        }
    }
}
