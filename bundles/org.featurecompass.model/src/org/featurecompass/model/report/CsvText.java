package org.featurecompass.model.report;

import java.util.List;

/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted
 * when it holds a comma, a quote, a CR or LF, or begins with a space, the quotes inside doubled.
 * A field that a spreadsheet would run as a formula (begins with one of OWASP's CSV injection
 * triggers: {@code =}, {@code +}, {@code -}, {@code @}, tab, carriage return) gets a leading
 * apostrophe, because names come from traces; only a number as the suite's writers write one
 * (optional minus, digits, optional fraction and exponent: {@link #NUMBER}) is left alone, so
 * texts such as {@code -Infinity}, {@code +NaN} or {@code -0x1p3}, which Java would parse as
 * numbers, stay text.
 */
public final class CsvText {

    /** A number as written by the suite: {@code -12}, {@code 0.25}, {@code 1.5E-7}. */
    public static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?"); //$NON-NLS-1$
    private static final String TRIGGERS = "=+-@\t\r"; //$NON-NLS-1$

    private CsvText() {
    }

    /**
     * @param fields the fields of one record
     * @return the record, CRLF included
     */
    public static String record(List<String> fields) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(field(fields.get(i)));
        }
        return line.append("\r\n").toString(); //$NON-NLS-1$
    }

    /**
     * @param text a field's text
     * @return it escaped for CSV
     */
    public static String field(String text) {
        String safe = text;
        if (!safe.isEmpty() && TRIGGERS.indexOf(safe.charAt(0)) >= 0 && !NUMBER.matcher(safe).matches()) {
            safe = '\'' + safe;
        }
        boolean quote = safe.startsWith(" ") || safe.chars().anyMatch(c -> c == ',' || c == '"' || c == '\r' || c == '\n'); //$NON-NLS-1$
        return quote ? '"' + safe.replace("\"", "\"\"") + '"' : safe; //$NON-NLS-1$ //$NON-NLS-2$
    }
}
