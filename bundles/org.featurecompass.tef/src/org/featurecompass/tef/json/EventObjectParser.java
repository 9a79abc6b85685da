package org.featurecompass.tef.json;

import java.io.IOException;
import java.io.StringWriter;
import java.util.OptionalLong;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefJsonText;
import org.featurecompass.tef.TefTimeUnit;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;

/**
 * Turns the bytes of one event object (located by the index) into a {@link TefEvent}. The index
 * pass already reported the event's problems, so this parser is lenient: a field it cannot use is
 * left out, and a repeated key keeps its last value. Events of the common flat shape are read by
 * the {@link FlatEventReader}, the others with Jackson; both give the same event. Not thread-safe:
 * one per cursor.
 */
public final class EventObjectParser {

    private final TefTimeUnit unit;
    private final FlatEventReader flat;
    private final TefEventBuilder builder = new TefEventBuilder();

    public EventObjectParser(TefTimeUnit unit) {
        this.unit = unit;
        this.flat = new FlatEventReader(unit);
    }

    /**
     * @param bytes buffer holding the object's UTF-8 text
     * @param offset start of the object in {@code bytes}
     * @param length length of the object's text
     * @param byteOffset where the object starts in the file
     * @param rank the entry's rank
     * @param timestampNs the entry's time from the index
     * @return the event
     * @throws IOException if the bytes are not one JSON object (the file changed under the index)
     */
    public TefEvent parse(byte[] bytes, int offset, int length, long byteOffset, long rank, long timestampNs) throws IOException {
        if (flat.read(bytes, offset, length, builder.reset(rank, byteOffset, timestampNs))) {
            return builder.build();
        }
        return parseWithJackson(bytes, offset, length, byteOffset, rank, timestampNs);
    }

    /** {@link #parse} with Jackson alone: the reference the fast path is tested against. */
    public TefEvent parseWithJackson(byte[] bytes, int offset, int length, long byteOffset, long rank, long timestampNs) throws IOException {
        TefEventBuilder event = builder.reset(rank, byteOffset, timestampNs);
        int illFormed = JsonByteScanner.firstIllFormedUtf8(bytes, offset, offset + length);
        if (illFormed >= 0) {
            // never given to Jackson, which may take such a key for one it read before (JsonByteScanner)
            throw new IOException("Invalid UTF-8 at byte " + (byteOffset + illFormed - offset) + "; the trace file changed after indexing"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        try (JsonParser parser = TefJsonFactory.INSTANCE.createParser(bytes, offset, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("No JSON object at byte " + byteOffset + "; the trace file changed after indexing"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            String field;
            while ((field = parser.nextFieldName()) != null) {
                JsonToken token = parser.nextToken();
                switch (field) {
                case "ts": //$NON-NLS-1$
                    parser.skipChildren(); // the index holds the converted, sorted time
                    break;
                case "ph": event.phaseText = text(parser, token); break; //$NON-NLS-1$
                case "name": event.name = text(parser, token); break; //$NON-NLS-1$
                case "cat": event.category = text(parser, token); break; //$NON-NLS-1$
                case "pid": event.pid = nullableText(parser, token); break; //$NON-NLS-1$
                case "tid": event.tid = nullableText(parser, token); break; //$NON-NLS-1$
                case "dur": event.durationNs = time(parser, token); break; //$NON-NLS-1$
                case "tts": event.threadTimestampNs = time(parser, token); break; //$NON-NLS-1$
                case "tdur": event.threadDurationNs = time(parser, token); break; //$NON-NLS-1$
                case "id": event.idValue = nullableText(parser, token); break; //$NON-NLS-1$
                case "id2": readId2(parser, token, event); break; //$NON-NLS-1$
                case "scope": event.scope = nullableText(parser, token); break; //$NON-NLS-1$
                case "s": event.instantScope = nullableText(parser, token); break; //$NON-NLS-1$
                case "bp": event.bindingPoint = nullableText(parser, token); break; //$NON-NLS-1$
                case "args": //$NON-NLS-1$
                    if (token == JsonToken.START_OBJECT) {
                        readArgs(parser, event);
                    } else {
                        event.otherFields.put(field, new TefJsonText(jsonText(parser)));
                    }
                    break;
                default:
                    event.otherFields.put(field, new TefJsonText(jsonText(parser)));
                }
            }
        }
        return event.build();
    }

    private static void readArgs(JsonParser parser, TefEventBuilder event) throws IOException {
        String key;
        while ((key = parser.nextFieldName()) != null) {
            JsonToken token = parser.nextToken();
            event.args.put(key, argValue(parser, token));
        }
    }

    private static Object argValue(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
        case VALUE_STRING:
            return parser.getText();
        case VALUE_TRUE:
            return Boolean.TRUE;
        case VALUE_FALSE:
            return Boolean.FALSE;
        case VALUE_NUMBER_INT:
            JsonParser.NumberType type = parser.getNumberType();
            return type == JsonParser.NumberType.BIG_INTEGER ? parser.getDecimalValue() : Long.valueOf(parser.getLongValue());
        case VALUE_NUMBER_FLOAT:
            return parser.getDecimalValue();
        default:
            return new TefJsonText(jsonText(parser));
        }
    }

    private static void readId2(JsonParser parser, JsonToken token, TefEventBuilder event) throws IOException {
        if (token != JsonToken.START_OBJECT) {
            event.otherFields.put("id2", new TefJsonText(jsonText(parser))); //$NON-NLS-1$
            return;
        }
        String key;
        while ((key = parser.nextFieldName()) != null) {
            JsonToken value = parser.nextToken();
            event.id2Kind = key;
            event.id2Value = nullableText(parser, value);
        }
    }

    private OptionalLong time(JsonParser parser, JsonToken token) throws IOException {
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT && token != JsonToken.VALUE_STRING) {
            parser.skipChildren();
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(DecimalNanos.toNanos(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength(), unit));
        } catch (NumberFormatException | ArithmeticException e) {
            return OptionalLong.empty();
        }
    }

    private static @Nullable String nullableText(JsonParser parser, JsonToken token) throws IOException {
        return token == JsonToken.VALUE_NULL ? null : text(parser, token);
    }

    /** @return a string as is, a number or literal as its JSON text, an object or array as compact JSON */
    private static String text(JsonParser parser, JsonToken token) throws IOException {
        if (token.isScalarValue()) {
            return parser.getText();
        }
        return jsonText(parser);
    }

    /** @return the current value (scalar or structure) as compact JSON text */
    public static String jsonText(JsonParser parser) throws IOException {
        // Scalars (the common case, e.g. VaRA's top-level ID) without a generator per value.
        JsonToken token = parser.currentToken();
        if (token != null && token.isScalarValue()) {
            return token == JsonToken.VALUE_STRING
                    ? '"' + new String(JsonStringEncoder.getInstance().quoteAsString(parser.getText())) + '"'
                    : parser.getText(); // numbers as written, true, false, null
        }
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = TefJsonFactory.INSTANCE.createGenerator(out)) {
            generator.copyCurrentStructure(parser);
        }
        return out.toString();
    }
}
