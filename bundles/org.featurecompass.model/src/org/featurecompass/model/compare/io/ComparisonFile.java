package org.featurecompass.model.compare.io;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.diff.StatisticalTest;
import org.featurecompass.model.compare.diff.VerdictChoice;
import org.featurecompass.model.compare.diff.WidthMode;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupFilter.CategorySet;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.group.GroupFilter.TimeRange;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Reads and writes a {@link ComparisonSpec} as JSON, format {@code featurecompass-comparison}
 * version 1 (schema in doc/comparison.md). Reading is strict: an unknown key, a missing key, a
 * wrong type or a newer version is an error that names the line and column.
 */
public final class ComparisonFile {

    /** The {@code format} value. */
    public static final String FORMAT = "featurecompass-comparison"; //$NON-NLS-1$
    /** The version written, and the newest read. */
    public static final int VERSION = 1;

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private ComparisonFile() {
    }

    /**
     * @param spec the comparison
     * @param out where to write (not closed)
     * @throws IOException if writing fails
     */
    public static void write(ComparisonSpec spec, Writer out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("format", FORMAT); //$NON-NLS-1$
            g.writeNumberField("version", VERSION); //$NON-NLS-1$
            String definition = spec.executionDefinition();
            if (definition != null) {
                g.writeFieldName("execution"); //$NON-NLS-1$
                copyObject(definition, g);
            }
            g.writeObjectFieldStart("groups"); //$NON-NLS-1$
            writeFilters(g, "A", spec.groupA()); //$NON-NLS-1$
            writeFilters(g, "B", spec.groupB()); //$NON-NLS-1$
            g.writeEndObject();
            ComparisonSettings s = spec.settings();
            g.writeObjectFieldStart("settings"); //$NON-NLS-1$
            g.writeStringField("test", name(s.test())); //$NON-NLS-1$
            g.writeNumberField("alpha", s.alpha()); //$NON-NLS-1$
            g.writeNumberField("minAbsoluteNs", s.minAbsoluteNs()); //$NON-NLS-1$
            g.writeNumberField("minRelative", s.minRelative()); //$NON-NLS-1$
            g.writeStringField("measure", name(s.measure())); //$NON-NLS-1$
            g.writeStringField("width", name(s.widthMode())); //$NON-NLS-1$
            if (s.verdict() != VerdictChoice.AUTO) { // left out when chosen from the groups: files without it read as before
                g.writeStringField("verdict", s.verdict().id()); //$NON-NLS-1$
            }
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    /**
     * @param spec the comparison
     * @return its JSON text
     */
    public static String toJson(ComparisonSpec spec) {
        StringWriter out = new StringWriter();
        try {
            write(spec, out);
        } catch (IOException e) {
            throw new IllegalStateException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static void writeFilters(JsonGenerator g, String group, List<GroupFilter> filters) throws IOException {
        g.writeArrayFieldStart(group);
        for (GroupFilter f : filters) {
            g.writeStartObject();
            if (f instanceof MetricRange r) {
                g.writeStringField("metric", r.metric()); //$NON-NLS-1$
                if (r.min() != Double.NEGATIVE_INFINITY) {
                    g.writeNumberField("min", r.min()); //$NON-NLS-1$
                }
                if (r.max() != Double.POSITIVE_INFINITY) {
                    g.writeNumberField("max", r.max()); //$NON-NLS-1$
                }
            } else if (f instanceof CategorySet c) {
                g.writeStringField("category", c.category()); //$NON-NLS-1$
                g.writeArrayFieldStart("labels"); //$NON-NLS-1$
                for (String label : new TreeSet<>(c.labels())) {
                    g.writeString(label);
                }
                g.writeEndArray();
            } else if (f instanceof TimeRange t) {
                g.writeNumberField("startNs", t.startNs()); //$NON-NLS-1$
                g.writeNumberField("endNs", t.endNs()); //$NON-NLS-1$
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * @param in the JSON text (not closed)
     * @return the comparison
     * @throws ComparisonFormatException if it is not a valid comparison file, with the position
     * @throws IOException if reading fails
     */
    public static ComparisonSpec read(Reader in) throws ComparisonFormatException, IOException {
        try (JsonParser p = JSON.createParser(in)) {
            p.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
            expect(p, p.nextToken(), JsonToken.START_OBJECT, "a comparison object"); //$NON-NLS-1$
            String format = null;
            Integer version = null;
            String definition = null;
            List<GroupFilter> a = null;
            List<GroupFilter> b = null;
            ComparisonSettings settings = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonLocation keyAt = p.currentTokenLocation();
                JsonToken value = p.nextToken();
                switch (key) {
                case "format" -> format = text(p, value, key); //$NON-NLS-1$
                case "version" -> { //$NON-NLS-1$
                    expect(p, value, JsonToken.VALUE_NUMBER_INT, "an integer version"); //$NON-NLS-1$
                    version = p.getIntValue();
                }
                case "execution" -> { //$NON-NLS-1$
                    expect(p, value, JsonToken.START_OBJECT, "the execution definition object"); //$NON-NLS-1$
                    StringWriter text = new StringWriter();
                    try (JsonGenerator g = JSON.createGenerator(text)) {
                        g.copyCurrentStructure(p);
                    }
                    definition = text.toString();
                }
                case "groups" -> { //$NON-NLS-1$
                    expect(p, value, JsonToken.START_OBJECT, "an object with groups A and B"); //$NON-NLS-1$
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String group = p.currentName();
                        List<GroupFilter> filters = readFilters(p);
                        switch (group) {
                        case "A" -> a = filters; //$NON-NLS-1$
                        case "B" -> b = filters; //$NON-NLS-1$
                        default -> throw error(p, "unknown group '" + group + "' (expected A or B)"); //$NON-NLS-1$ //$NON-NLS-2$
                        }
                    }
                }
                case "settings" -> settings = readSettings(p, value); //$NON-NLS-1$
                default -> throw error(keyAt, "unknown key '" + key + "'"); //$NON-NLS-1$ //$NON-NLS-2$
                }
            }
            if (!FORMAT.equals(format)) {
                throw error(p, "format is " + (format == null ? "missing" : "'" + format + "'") + ", expected '" + FORMAT + "'"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
            }
            if (version == null || version < 1 || version > VERSION) {
                throw error(p, "version " + version + " is not supported (this reader supports 1 to " + VERSION + ")"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            if (a == null || b == null || settings == null) {
                throw error(p, "missing " + (a == null ? "groups.A" : b == null ? "groups.B" : "settings")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            }
            return new ComparisonSpec(definition, a, b, settings);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new ComparisonFormatException("Not valid JSON" + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr()) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    + ": " + e.getOriginalMessage(), e); //$NON-NLS-1$
        }
    }

    private static List<GroupFilter> readFilters(JsonParser p) throws IOException, ComparisonFormatException {
        expect(p, p.nextToken(), JsonToken.START_ARRAY, "an array of filters"); //$NON-NLS-1$
        List<GroupFilter> filters = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            String metric = null;
            String category = null;
            Double min = null;
            Double max = null;
            Long start = null;
            Long end = null;
            Set<String> labels = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonLocation keyAt = p.currentTokenLocation();
                JsonToken value = p.nextToken();
                switch (key) {
                case "metric" -> metric = text(p, value, key); //$NON-NLS-1$
                case "category" -> category = text(p, value, key); //$NON-NLS-1$
                case "min" -> min = number(p, value, key); //$NON-NLS-1$
                case "max" -> max = number(p, value, key); //$NON-NLS-1$
                case "startNs" -> start = integer(p, value, key); //$NON-NLS-1$
                case "endNs" -> end = integer(p, value, key); //$NON-NLS-1$
                case "labels" -> { //$NON-NLS-1$
                    expect(p, value, JsonToken.START_ARRAY, "an array of labels"); //$NON-NLS-1$
                    labels = new LinkedHashSet<>();
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        labels.add(text(p, p.currentToken(), "label")); //$NON-NLS-1$
                    }
                }
                default -> throw error(keyAt, "unknown filter key '" + key + "'"); //$NON-NLS-1$ //$NON-NLS-2$
                }
            }
            try {
                if (metric != null && category == null && labels == null && start == null && end == null) {
                    filters.add(new MetricRange(metric, min == null ? Double.NEGATIVE_INFINITY : min, max == null ? Double.POSITIVE_INFINITY : max));
                } else if (category != null && labels != null && metric == null && min == null && max == null && start == null && end == null) {
                    filters.add(new CategorySet(category, labels));
                } else if (start != null && end != null && metric == null && category == null && labels == null && min == null && max == null) {
                    filters.add(new TimeRange(start, end));
                } else {
                    throw error(p, "a filter is {metric, min?, max?}, {category, labels} or {startNs, endNs}"); //$NON-NLS-1$
                }
            } catch (IllegalArgumentException e) {
                throw error(p, e.getMessage());
            }
        }
        expect(p, p.currentToken(), JsonToken.END_ARRAY, "the end of the filters"); //$NON-NLS-1$
        return filters;
    }

    private static ComparisonSettings readSettings(JsonParser p, JsonToken start) throws IOException, ComparisonFormatException {
        expect(p, start, JsonToken.START_OBJECT, "a settings object"); //$NON-NLS-1$
        ComparisonSettings d = ComparisonSettings.DEFAULT;
        StatisticalTest test = d.test();
        double alpha = d.alpha();
        double minAbsolute = d.minAbsoluteNs();
        double minRelative = d.minRelative();
        Measure measure = d.measure();
        WidthMode width = d.widthMode();
        VerdictChoice verdict = d.verdict();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonLocation keyAt = p.currentTokenLocation();
            JsonToken value = p.nextToken();
            switch (key) {
            case "test" -> test = constant(p, StatisticalTest.class, text(p, value, key)); //$NON-NLS-1$
            case "alpha" -> alpha = number(p, value, key); //$NON-NLS-1$
            case "minAbsoluteNs" -> minAbsolute = number(p, value, key); //$NON-NLS-1$
            case "minRelative" -> minRelative = number(p, value, key); //$NON-NLS-1$
            case "measure" -> measure = constant(p, Measure.class, text(p, value, key)); //$NON-NLS-1$
            case "width" -> width = constant(p, WidthMode.class, text(p, value, key)); //$NON-NLS-1$
            case "verdict" -> verdict = constant(p, VerdictChoice.class, text(p, value, key)); //$NON-NLS-1$
            default -> throw error(keyAt, "unknown setting '" + key + "'"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        try {
            return new ComparisonSettings(test, alpha, minAbsolute, minRelative, measure, width, verdict);
        } catch (IllegalArgumentException e) {
            throw error(p, e.getMessage());
        }
    }

    private static String name(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static <E extends Enum<E>> E constant(JsonParser p, Class<E> type, String text) throws ComparisonFormatException {
        for (E e : type.getEnumConstants()) {
            if (name(e).equals(text)) {
                return e;
            }
        }
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(name(e));
        }
        throw error(p, "'" + text + "' is not one of " + names); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String text(JsonParser p, @Nullable JsonToken token, String key) throws IOException, ComparisonFormatException {
        expect(p, token, JsonToken.VALUE_STRING, "a string for " + key); //$NON-NLS-1$
        return p.getText();
    }

    private static double number(JsonParser p, @Nullable JsonToken token, String key) throws IOException, ComparisonFormatException {
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
            throw error(p, "expected a number for " + key + ", found " + token); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return p.getDoubleValue();
    }

    private static long integer(JsonParser p, @Nullable JsonToken token, String key) throws IOException, ComparisonFormatException {
        expect(p, token, JsonToken.VALUE_NUMBER_INT, "an integer for " + key); //$NON-NLS-1$
        return p.getLongValue();
    }

    private static void expect(JsonParser p, @Nullable JsonToken token, JsonToken expected, String what) throws ComparisonFormatException {
        if (token != expected) {
            throw error(p, "expected " + what + ", found " + (token == null ? "the end of the input" : token.asString() != null ? token.asString() : token)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    private static ComparisonFormatException error(JsonParser p, @Nullable String message) {
        return error(p.currentTokenLocation(), message);
    }

    private static ComparisonFormatException error(JsonLocation at, @Nullable String message) {
        return new ComparisonFormatException("Comparison file, line " + at.getLineNr() + ", column " + at.getColumnNr() + ": " + message); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    private static void copyObject(String json, JsonGenerator g) throws IOException {
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("The execution definition is not a JSON object: " + json); //$NON-NLS-1$
            }
            g.copyCurrentStructure(p);
            if (p.nextToken() != null) {
                throw new IllegalArgumentException("Text after the execution definition object: " + json); //$NON-NLS-1$
            }
        }
    }
}
