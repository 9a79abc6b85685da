package org.featurecompass.model.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayDeque;
import java.util.Deque;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A streaming JSON writer (RFC 8259) with two-space indentation and deterministic numbers: the
 * same calls give the same bytes on every JVM. Strings are escaped as RFC 8259 §7 requires, plus
 * {@code <}, {@code >}, {@code &} and the line separators U+2028/U+2029 as {@code \}{@code uXXXX},
 * so that the text can be embedded in an HTML {@code <script>} element unchanged. A double is
 * written with at most 15 significant digits (integral values below 10^15 as integers); NaN and
 * infinities, which JSON lacks, as {@code null}. Misuse (a value where a key is due, closing what
 * is not open) throws {@link IllegalStateException}.
 */
public final class JsonWriter {

    private static final MathContext SIGNIFICANT = new MathContext(15);
    private static final double EXACT_INTEGER_LIMIT = 1e15;

    /** What is open: an object or an array, and whether it has a member yet. */
    private static final class Scope {
        final boolean fObject;
        boolean fEmpty = true;
        boolean fKeyPending;

        Scope(boolean object) {
            fObject = object;
        }
    }

    private final Appendable fOut;
    private final Deque<Scope> fScopes = new ArrayDeque<>();
    private boolean fDone;

    /** @param out where the text goes */
    public JsonWriter(Appendable out) {
        fOut = out;
    }

    /** @return this; opens an object */
    public JsonWriter beginObject() {
        beforeValue();
        write("{"); //$NON-NLS-1$
        fScopes.push(new Scope(true));
        return this;
    }

    /** @return this; closes the current object */
    public JsonWriter endObject() {
        return end(true, "}"); //$NON-NLS-1$
    }

    /** @return this; opens an array */
    public JsonWriter beginArray() {
        beforeValue();
        write("["); //$NON-NLS-1$
        fScopes.push(new Scope(false));
        return this;
    }

    /** @return this; closes the current array */
    public JsonWriter endArray() {
        return end(false, "]"); //$NON-NLS-1$
    }

    /**
     * @param name a member name of the current object
     * @return this
     */
    public JsonWriter key(String name) {
        Scope scope = fScopes.peek();
        if (scope == null || !scope.fObject || scope.fKeyPending) {
            throw new IllegalStateException("a key outside an object or after a key: " + name); //$NON-NLS-1$
        }
        newLine(scope);
        write(quote(name));
        write(": "); //$NON-NLS-1$
        scope.fKeyPending = true;
        return this;
    }

    /** @return this; writes a string, or null */
    public JsonWriter value(@Nullable String text) {
        beforeValue();
        write(text == null ? "null" : quote(text)); //$NON-NLS-1$
        return this;
    }

    /** @return this; writes an integer */
    public JsonWriter value(long number) {
        beforeValue();
        write(Long.toString(number));
        return this;
    }

    /** @return this; writes a number, or null for NaN and infinities */
    public JsonWriter value(double number) {
        beforeValue();
        write(number(number));
        return this;
    }

    /** @return this; writes a boolean */
    public JsonWriter value(boolean flag) {
        beforeValue();
        write(Boolean.toString(flag));
        return this;
    }

    /** @return this; writes {@code null} */
    public JsonWriter nullValue() {
        beforeValue();
        write("null"); //$NON-NLS-1$
        return this;
    }

    /** @return this; a member with a string value */
    public JsonWriter member(String name, @Nullable String text) {
        return key(name).value(text);
    }

    /** @return this; a member with an integer value */
    public JsonWriter member(String name, long number) {
        return key(name).value(number);
    }

    /** @return this; a member with a number value (null for NaN) */
    public JsonWriter member(String name, double number) {
        return key(name).value(number);
    }

    /** @return this; a member with a boolean value */
    public JsonWriter member(String name, boolean flag) {
        return key(name).value(flag);
    }

    /** Ends the document with a line feed; everything opened must be closed. */
    public void finish() {
        if (!fScopes.isEmpty()) {
            throw new IllegalStateException(fScopes.size() + " unclosed object(s) or array(s)"); //$NON-NLS-1$
        }
        write("\n"); //$NON-NLS-1$
    }

    /**
     * @param number a double
     * @return its JSON text: at most 15 significant digits, an integer if integral and below
     *         10^15 in magnitude, {@code null} for NaN and infinities
     */
    public static String number(double number) {
        if (Double.isNaN(number) || Double.isInfinite(number)) {
            return "null"; //$NON-NLS-1$
        }
        if (number == Math.rint(number) && Math.abs(number) < EXACT_INTEGER_LIMIT) {
            return Long.toString((long) number);
        }
        return new BigDecimal(number).round(SIGNIFICANT).stripTrailingZeros().toString();
    }

    /**
     * @param text any string
     * @return it as a JSON string literal, quotes included
     */
    public static String quote(String text) {
        StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
            case '"' -> quoted.append("\\\""); //$NON-NLS-1$
            case '\\' -> quoted.append("\\\\"); //$NON-NLS-1$
            case '\n' -> quoted.append("\\n"); //$NON-NLS-1$
            case '\r' -> quoted.append("\\r"); //$NON-NLS-1$
            case '\t' -> quoted.append("\\t"); //$NON-NLS-1$
            case '\b' -> quoted.append("\\b"); //$NON-NLS-1$
            case '\f' -> quoted.append("\\f"); //$NON-NLS-1$
            default -> {
                if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
                    quoted.append(String.format("\\u%04x", (int) c)); //$NON-NLS-1$
                } else {
                    quoted.append(c);
                }
            }
            }
        }
        return quoted.append('"').toString();
    }

    private JsonWriter end(boolean object, String bracket) {
        Scope scope = fScopes.peek();
        if (scope == null || scope.fObject != object || scope.fKeyPending) {
            throw new IllegalStateException("nothing to close with " + bracket); //$NON-NLS-1$
        }
        fScopes.pop();
        if (!scope.fEmpty) {
            write("\n"); //$NON-NLS-1$
            indent(fScopes.size());
        }
        write(bracket);
        return this;
    }

    private void beforeValue() {
        Scope scope = fScopes.peek();
        if (scope == null) {
            if (fDone) {
                throw new IllegalStateException("a second top-level value"); //$NON-NLS-1$
            }
            fDone = true;
            return;
        }
        if (scope.fObject) {
            if (!scope.fKeyPending) {
                throw new IllegalStateException("a value in an object without a key"); //$NON-NLS-1$
            }
            scope.fKeyPending = false;
        } else {
            newLine(scope);
        }
    }

    private void newLine(Scope scope) {
        write(scope.fEmpty ? "\n" : ",\n"); //$NON-NLS-1$ //$NON-NLS-2$
        scope.fEmpty = false;
        indent(fScopes.size());
    }

    private void indent(int depth) {
        write("  ".repeat(depth)); //$NON-NLS-1$
    }

    private void write(String text) {
        try {
            fOut.append(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
