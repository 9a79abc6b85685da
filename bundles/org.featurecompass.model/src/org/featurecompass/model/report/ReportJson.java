package org.featurecompass.model.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.MathContext;

import org.eclipse.jdt.annotation.Nullable;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;

/**
 * Jackson core's {@link JsonGenerator} set up for the suite's exported JSON files, so that every
 * file is written alike and the same inputs give the same bytes:
 * <ul>
 * <li>two-space indentation, LF line ends, {@code "key": value}, empty arrays and objects as
 * {@code []} and {@code {}}, a final LF ({@link #finish});</li>
 * <li>a document is an object that starts with its {@code "format"} and {@code "version"}
 * ({@link #document});</li>
 * <li>besides RFC 8259's escapes, {@code <}, {@code >}, {@code &} and U+2028/U+2029 as
 * {@code \}{@code uXXXX}, so that the text can be embedded in an HTML {@code <script>} element as
 * it is (a function or thread name can contain {@code </script>});</li>
 * <li>doubles through {@link #number(JsonGenerator, double)}: at most 15 significant digits,
 * integral values below 10^15 as integers, NaN and infinities as {@code null}. Jackson writes
 * doubles with {@code Double.toString}, whose digits changed in Java 19; these do not depend on
 * the Java version.</li>
 * </ul>
 */
public final class ReportJson {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final MathContext SIGNIFICANT = new MathContext(15);
    private static final double EXACT_INTEGER_LIMIT = 1e15;

    /** {@code <}, {@code >}, {@code &} and the JavaScript line separators escaped as well. */
    private static final class HtmlSafeEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private static final int[] ASCII;
        static {
            ASCII = standardAsciiEscapesForJSON();
            ASCII['<'] = ESCAPE_STANDARD;
            ASCII['>'] = ESCAPE_STANDARD;
            ASCII['&'] = ESCAPE_STANDARD;
        }
        private static final SerializedString LINE_SEPARATOR = new SerializedString("\\u2028"); //$NON-NLS-1$
        private static final SerializedString PARAGRAPH_SEPARATOR = new SerializedString("\\u2029"); //$NON-NLS-1$

        @Override
        public int[] getEscapeCodesForAscii() {
            return ASCII;
        }

        @Override
        public @Nullable SerializableString getEscapeSequence(int ch) {
            return ch == '\u2028' ? LINE_SEPARATOR : ch == '\u2029' ? PARAGRAPH_SEPARATOR : null;
        }
    }

    /** The members of a document's top-level object after its {@code format} and {@code version}. */
    @FunctionalInterface
    public interface Members {
        /**
         * @param json the generator, inside the top-level object
         * @throws IOException if writing fails
         */
        void write(JsonGenerator json) throws IOException;
    }

    private ReportJson() {
    }

    /**
     * One exported document: an object whose first members are {@code "format"} and
     * {@code "version"}, then {@code members}, and the final line feed.
     *
     * @param format what the document is, e.g. {@code featurecompass-features}
     * @param version the version of its layout
     * @param members the rest of the object
     * @return the document's text
     */
    public static String document(String format, int version, Members members) {
        StringWriter text = new StringWriter();
        try {
            JsonGenerator json = generator(text);
            json.writeStartObject();
            json.writeStringField("format", format); //$NON-NLS-1$
            json.writeNumberField("version", version); //$NON-NLS-1$
            members.write(json);
            json.writeEndObject();
            finish(json, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not with a StringWriter
        }
        return text.toString();
    }

    /**
     * @param out where the text goes (not closed by the generator)
     * @return a generator for one JSON document
     * @throws IOException if the generator cannot be created
     */
    public static JsonGenerator generator(Writer out) throws IOException {
        JsonGenerator json = FACTORY.createGenerator(out);
        json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        json.setCharacterEscapes(new HtmlSafeEscapes());
        Separators separators = Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("").withArrayEmptySeparator(""); //$NON-NLS-1$ //$NON-NLS-2$
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n"); //$NON-NLS-1$ //$NON-NLS-2$
        json.setPrettyPrinter(new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter));
        return json;
    }

    /**
     * Ends a document: flushes the generator and writes the final line feed.
     *
     * @param json the generator, its top-level value complete
     * @param out the writer it writes to
     * @throws IOException if writing fails
     */
    public static void finish(JsonGenerator json, Writer out) throws IOException {
        json.close();
        out.write('\n');
    }

    /**
     * Writes a double deterministically (see the class comment).
     *
     * @param json the generator
     * @param value the number
     * @throws IOException if writing fails
     */
    public static void number(JsonGenerator json, double value) throws IOException {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            json.writeNull();
        } else {
            json.writeNumber(number(value));
        }
    }

    /**
     * @param value a finite double
     * @return its text: at most 15 significant digits, an integer if integral and below 10^15
     */
    public static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < EXACT_INTEGER_LIMIT) {
            return Long.toString((long) value);
        }
        return new BigDecimal(value).round(SIGNIFICANT).stripTrailingZeros().toString();
    }
}
