package org.featurecompass.model.execution;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * The saved form of a trace's execution definitions: versioned JSON, documented in
 * doc/executions.md. Reading is strict (an unknown key, kind, phase or unit is an error naming
 * its JSON path), so a misspelt definition never silently becomes another one. Version
 * {@value #FORMAT_VERSION}.
 */
public final class ExecutionDefinitionsJson {

    /** The version this code writes and reads; older versions would be converted here. */
    public static final int FORMAT_VERSION = 1;

    private static final JsonFactory FACTORY = new JsonFactory();

    private ExecutionDefinitionsJson() {
    }

    /**
     * @param reader the JSON text
     * @return the definitions, in file order
     * @throws DefinitionFormatException if the text is not a valid definition file (with its place)
     * @throws IOException if the reader fails
     */
    public static List<ExecutionDefinition> read(Reader reader) throws DefinitionFormatException, IOException {
        Object document;
        try (JsonParser parser = FACTORY.createParser(reader)) {
            if (parser.nextToken() == null) {
                throw new DefinitionFormatException("empty file: expected a JSON object"); //$NON-NLS-1$
            }
            document = value(parser);
            if (parser.nextToken() != null) {
                throw new DefinitionFormatException(at(parser.currentLocation()) + ": text after the JSON object"); //$NON-NLS-1$
            }
        } catch (JsonProcessingException e) {
            JsonLocation location = e.getLocation();
            throw new DefinitionFormatException((location == null ? "" : at(location) + ": ") + e.getOriginalMessage(), e); //$NON-NLS-1$ //$NON-NLS-2$
        }
        Map<String, Object> root = object(document, "the document"); //$NON-NLS-1$
        checkKeys(root, "the document", Set.of("formatVersion", "definitions")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        Object version = root.get("formatVersion"); //$NON-NLS-1$
        if (!(version instanceof Long v)) {
            throw new DefinitionFormatException("formatVersion: expected an integer, found " + describe(version)); //$NON-NLS-1$
        }
        if (v != FORMAT_VERSION) {
            throw new DefinitionFormatException("formatVersion " + v + " is not supported: this version of Feature Compass reads " //$NON-NLS-1$ //$NON-NLS-2$
                    + FORMAT_VERSION);
        }
        List<ExecutionDefinition> definitions = new ArrayList<>();
        Set<String> types = new HashSet<>();
        List<Object> list = array(root.get("definitions"), "definitions"); //$NON-NLS-1$ //$NON-NLS-2$
        for (int i = 0; i < list.size(); i++) {
            String path = "definitions[" + i + "]"; //$NON-NLS-1$ //$NON-NLS-2$
            ExecutionDefinition definition = definition(object(list.get(i), path), path);
            if (!types.add(definition.type())) {
                throw new DefinitionFormatException(path + ".type: the type '" + definition.type() + "' is defined twice"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            definitions.add(definition);
        }
        return definitions;
    }

    /**
     * @param definitions definitions of one trace
     * @param writer receives the JSON text (pretty-printed)
     * @throws IOException if the writer fails
     */
    public static void write(List<ExecutionDefinition> definitions, Writer writer) throws IOException {
        try (JsonGenerator json = FACTORY.createGenerator(writer)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeNumberField("formatVersion", FORMAT_VERSION); //$NON-NLS-1$
            json.writeArrayFieldStart("definitions"); //$NON-NLS-1$
            for (ExecutionDefinition definition : definitions) {
                writeDefinition(json, definition);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
    }

    private static void writeDefinition(JsonGenerator json, ExecutionDefinition definition) throws IOException {
        json.writeStartObject();
        json.writeStringField("kind", definition.kind().jsonName()); //$NON-NLS-1$
        json.writeStringField("type", definition.type()); //$NON-NLS-1$
        switch (definition.kind()) { // a kind without a case fails loudly (ExecutionDefinitionKindsTest writes every kind)
        case EVENT_PAIR -> {
            ExecutionDefinition.EventPair pair = (ExecutionDefinition.EventPair) definition;
            writeSelector(json, "begin", pair.begin()); //$NON-NLS-1$
            writeSelector(json, "end", pair.end()); //$NON-NLS-1$
            MatchKey key = pair.key();
            if (key.by() == MatchKey.By.FIELD) {
                json.writeObjectFieldStart("key"); //$NON-NLS-1$
                json.writeStringField("field", key.field()); //$NON-NLS-1$
                json.writeEndObject();
            } else {
                json.writeStringField("key", key.toString()); //$NON-NLS-1$
            }
        }
        case SLICE -> {
            ExecutionDefinition.Slice slice = (ExecutionDefinition.Slice) definition;
            json.writeNumberField("depth", slice.depth()); //$NON-NLS-1$
            writeOptional(json, "name", slice.name()); //$NON-NLS-1$
        }
        case ASYNC -> {
            ExecutionDefinition.Async async = (ExecutionDefinition.Async) definition;
            writeOptional(json, "name", async.name()); //$NON-NLS-1$
            writeOptional(json, "category", async.category()); //$NON-NLS-1$
        }
        case FEATURE_REGION -> json.writeStringField("region", ((ExecutionDefinition.FeatureRegion) definition).region()); //$NON-NLS-1$
        default -> throw new IllegalStateException("no writer for definitions of kind " + definition.kind()); //$NON-NLS-1$
        }
        if (!definition.metrics().isEmpty()) {
            json.writeArrayFieldStart("metrics"); //$NON-NLS-1$
            for (UserMetric metric : definition.metrics()) {
                json.writeStartObject();
                json.writeStringField("name", metric.name()); //$NON-NLS-1$
                json.writeStringField("expression", metric.expression()); //$NON-NLS-1$
                json.writeStringField("unit", metric.unit().jsonName()); //$NON-NLS-1$
                json.writeEndObject();
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    private static void writeSelector(JsonGenerator json, String field, EventSelector selector) throws IOException {
        json.writeObjectFieldStart(field);
        json.writeStringField("name", selector.name()); //$NON-NLS-1$
        DelimiterPhase phase = selector.phase();
        if (phase != null) {
            json.writeStringField("phase", phase.jsonName()); //$NON-NLS-1$
        }
        if (!selector.where().isEmpty()) {
            json.writeObjectFieldStart("where"); //$NON-NLS-1$
            for (Map.Entry<String, String> condition : selector.where().entrySet()) {
                json.writeStringField(condition.getKey(), condition.getValue());
            }
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    private static void writeOptional(JsonGenerator json, String field, @Nullable String value) throws IOException {
        if (value != null) {
            json.writeStringField(field, value);
        }
    }

    private static ExecutionDefinition definition(Map<String, Object> object, String path) throws DefinitionFormatException {
        String kind = string(object.get("kind"), path + ".kind"); //$NON-NLS-1$
        String type = string(object.get("type"), path + ".type"); //$NON-NLS-1$
        if (type.isBlank()) {
            throw new DefinitionFormatException(path + ".type: the execution type is empty"); //$NON-NLS-1$
        }
        List<UserMetric> metrics = metrics(object.get("metrics"), path + ".metrics"); //$NON-NLS-1$ //$NON-NLS-2$
        switch (kind) {
        case "eventPair": //$NON-NLS-1$
            checkKeys(object, path, Set.of("kind", "type", "begin", "end", "key", "metrics")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
            return new ExecutionDefinition.EventPair(type, selector(object.get("begin"), path + ".begin"), //$NON-NLS-1$ //$NON-NLS-2$
                    selector(object.get("end"), path + ".end"), key(object.get("key"), path + ".key"), metrics); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        case "slice": { //$NON-NLS-1$
            checkKeys(object, path, Set.of("kind", "type", "depth", "name", "metrics")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            Object depth = object.getOrDefault("depth", 0L); //$NON-NLS-1$
            if (!(depth instanceof Long d) || d < 0 || d > Integer.MAX_VALUE) {
                throw new DefinitionFormatException(path + ".depth: expected an integer >= 0, found " + describe(depth)); //$NON-NLS-1$
            }
            return new ExecutionDefinition.Slice(type, d.intValue(), optionalString(object.get("name"), path + ".name"), metrics); //$NON-NLS-1$ //$NON-NLS-2$
        }
        case "async": //$NON-NLS-1$
            checkKeys(object, path, Set.of("kind", "type", "name", "category", "metrics")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            return new ExecutionDefinition.Async(type, optionalString(object.get("name"), path + ".name"), //$NON-NLS-1$ //$NON-NLS-2$
                    optionalString(object.get("category"), path + ".category"), metrics); //$NON-NLS-1$ //$NON-NLS-2$
        case "featureRegion": //$NON-NLS-1$
            checkKeys(object, path, Set.of("kind", "type", "region", "metrics")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            return new ExecutionDefinition.FeatureRegion(type, string(object.get("region"), path + ".region"), metrics); //$NON-NLS-1$ //$NON-NLS-2$
        default:
            throw new DefinitionFormatException(path + ".kind: unknown kind '" + kind //$NON-NLS-1$
                    + "'; kinds: eventPair, slice, async, featureRegion"); //$NON-NLS-1$
        }
    }

    private static EventSelector selector(@Nullable Object value, String path) throws DefinitionFormatException {
        Map<String, Object> object = object(value, path);
        checkKeys(object, path, Set.of("name", "phase", "where")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        String name = string(object.get("name"), path + ".name"); //$NON-NLS-1$
        if (name.isEmpty()) {
            throw new DefinitionFormatException(path + ".name: the event name is empty"); //$NON-NLS-1$
        }
        String phaseName = optionalString(object.get("phase"), path + ".phase"); //$NON-NLS-1$ //$NON-NLS-2$
        DelimiterPhase phase = null;
        if (phaseName != null) {
            phase = DelimiterPhase.ofJsonName(phaseName);
            if (phase == null) {
                throw new DefinitionFormatException(path + ".phase: unknown phase '" + phaseName //$NON-NLS-1$
                        + "'; phases: instant, sliceBegin, sliceEnd, complete, asyncBegin, asyncEnd"); //$NON-NLS-1$
            }
        }
        Map<String, String> where = new LinkedHashMap<>();
        Object conditions = object.get("where"); //$NON-NLS-1$
        if (conditions != null) {
            for (Map.Entry<String, Object> condition : object(conditions, path + ".where").entrySet()) { //$NON-NLS-1$
                Object expected = condition.getValue();
                String conditionPath = path + ".where." + condition.getKey(); //$NON-NLS-1$
                if (expected instanceof String || expected instanceof Long || expected instanceof Boolean) {
                    where.put(condition.getKey(), expected.toString());
                } else if (expected instanceof BigDecimal decimal) {
                    String plain = PlainDecimal.of(decimal);
                    if (plain == null) {
                        throw new DefinitionFormatException(conditionPath + ": the number " + decimal + " is out of range: a where number has " //$NON-NLS-1$ //$NON-NLS-2$
                                + PlainDecimal.RANGE);
                    }
                    where.put(condition.getKey(), plain);
                } else {
                    throw new DefinitionFormatException(conditionPath + ": expected a string or a number, found " + describe(expected)); //$NON-NLS-1$
                }
            }
        }
        return new EventSelector(name, phase, where);
    }

    private static MatchKey key(@Nullable Object value, String path) throws DefinitionFormatException {
        if (value == null || "thread".equals(value)) { //$NON-NLS-1$
            return MatchKey.THREAD;
        }
        if ("process".equals(value)) { //$NON-NLS-1$
            return new MatchKey(MatchKey.By.PROCESS, null);
        }
        if (value instanceof Map) {
            Map<String, Object> object = object(value, path);
            checkKeys(object, path, Set.of("field")); //$NON-NLS-1$
            String field = string(object.get("field"), path + ".field"); //$NON-NLS-1$
            if (field.isEmpty()) {
                throw new DefinitionFormatException(path + ".field: the key field is empty"); //$NON-NLS-1$
            }
            return MatchKey.field(field);
        }
        throw new DefinitionFormatException(path + ": expected \"thread\", \"process\" or {\"field\": name}, found " + describe(value)); //$NON-NLS-1$
    }

    private static List<UserMetric> metrics(@Nullable Object value, String path) throws DefinitionFormatException {
        if (value == null) {
            return List.of();
        }
        List<UserMetric> metrics = new ArrayList<>();
        List<Object> list = array(value, path);
        for (int i = 0; i < list.size(); i++) {
            String itemPath = path + '[' + i + ']';
            Map<String, Object> object = object(list.get(i), itemPath);
            checkKeys(object, itemPath, Set.of("name", "expression", "unit")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            String name = string(object.get("name"), itemPath + ".name"); //$NON-NLS-1$
            if (name.isBlank()) {
                throw new DefinitionFormatException(itemPath + ".name: the metric name is empty"); //$NON-NLS-1$
            }
            String expression = string(object.get("expression"), itemPath + ".expression"); //$NON-NLS-1$
            try {
                MetricExpression.parse(expression);
            } catch (ExpressionException e) {
                throw new DefinitionFormatException(itemPath + ".expression: " + e.getMessage(), e); //$NON-NLS-1$
            }
            String unitName = optionalString(object.get("unit"), itemPath + ".unit"); //$NON-NLS-1$ //$NON-NLS-2$
            MetricUnit unit = unitName == null ? MetricUnit.NONE : MetricUnit.ofJsonName(unitName);
            if (unit == null) {
                throw new DefinitionFormatException(itemPath + ".unit: unknown unit '" + unitName + "'; units: ns, count, none"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            metrics.add(new UserMetric(name, expression, unit));
        }
        return metrics;
    }

    private static void checkKeys(Map<String, Object> object, String path, Set<String> allowed) throws DefinitionFormatException {
        for (String key : object.keySet()) {
            if (!allowed.contains(key)) {
                throw new DefinitionFormatException(path + ": unknown key '" + key + "'; expected " + new java.util.TreeSet<>(allowed)); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(@Nullable Object value, String path) throws DefinitionFormatException {
        if (value instanceof Map) {
            return (Map<String, Object>) value;
        }
        throw new DefinitionFormatException(path + ": expected an object, found " + describe(value)); //$NON-NLS-1$
    }

    @SuppressWarnings("unchecked")
    private static List<Object> array(@Nullable Object value, String path) throws DefinitionFormatException {
        if (value instanceof List) {
            return (List<Object>) value;
        }
        throw new DefinitionFormatException(path + ": expected an array, found " + describe(value)); //$NON-NLS-1$
    }

    private static String string(@Nullable Object value, String path) throws DefinitionFormatException {
        if (value instanceof String text) {
            return text;
        }
        throw new DefinitionFormatException(path + ": expected a string, found " + describe(value)); //$NON-NLS-1$
    }

    private static @Nullable String optionalString(@Nullable Object value, String path) throws DefinitionFormatException {
        return value == null ? null : string(value, path);
    }

    private static String describe(@Nullable Object value) {
        if (value == null) {
            return "nothing"; //$NON-NLS-1$
        }
        if (value instanceof Map) {
            return "an object"; //$NON-NLS-1$
        }
        if (value instanceof List) {
            return "an array"; //$NON-NLS-1$
        }
        return value instanceof String ? "\"" + value + '"' : value.toString(); //$NON-NLS-1$
    }

    private static String at(JsonLocation location) {
        return "line " + location.getLineNr() + ", column " + location.getColumnNr(); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** Reads the value at the current token: maps, lists, strings, Long, BigDecimal, Boolean, or null for JSON null. */
    private static @Nullable Object value(JsonParser parser) throws IOException, DefinitionFormatException {
        JsonToken token = parser.currentToken();
        switch (token) {
        case START_OBJECT: {
            Map<String, Object> object = new LinkedHashMap<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonLocation location = parser.currentLocation();
                parser.nextToken();
                Object item = value(parser);
                if (item != null && object.put(key, item) != null) {
                    throw new DefinitionFormatException(at(location) + ": the key '" + key + "' appears twice"); //$NON-NLS-1$ //$NON-NLS-2$
                }
            }
            return object;
        }
        case START_ARRAY: {
            List<Object> array = new ArrayList<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                Object item = value(parser);
                if (item == null) {
                    throw new DefinitionFormatException(at(parser.currentLocation()) + ": null in an array"); //$NON-NLS-1$
                }
                array.add(item);
            }
            return array;
        }
        case VALUE_STRING:
            return parser.getText();
        case VALUE_NUMBER_INT:
            return parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? new BigDecimal(parser.getBigIntegerValue())
                    : Long.valueOf(parser.getLongValue());
        case VALUE_NUMBER_FLOAT:
            try {
                return parser.getDecimalValue();
            } catch (NumberFormatException e) { // an exponent beyond ±2^31 (found by ReaderFuzzTest)
                throw new DefinitionFormatException(at(parser.currentTokenLocation()) + ": the number " + parser.getText() //$NON-NLS-1$
                        + " is out of range (a where number has " + PlainDecimal.RANGE + ')', e); //$NON-NLS-1$
            }
        case VALUE_TRUE:
            return Boolean.TRUE;
        case VALUE_FALSE:
            return Boolean.FALSE;
        case VALUE_NULL:
            return null;
        default:
            throw new DefinitionFormatException(at(parser.currentLocation()) + ": unexpected " + token); //$NON-NLS-1$
        }
    }
}
