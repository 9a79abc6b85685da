package org.featurecompass.model.report;

import java.util.List;

/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted
 * when it holds a comma, a quote, a CR or LF, or begins with a space, the quotes inside doubled.
 * A field that a spreadsheet would run as a formula (begins with {@code =}, {@code +}, {@code -}
 * or {@code @} and is not a number) gets a leading apostrophe (OWASP's CSV injection advice),
 * because names come from traces.
 */
public final class CsvText {

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
        if (!safe.isEmpty() && "=+-@".indexOf(safe.charAt(0)) >= 0 && !isNumber(safe)) { //$NON-NLS-1$
            safe = '\'' + safe;
        }
        boolean quote = safe.startsWith(" ") || safe.chars().anyMatch(c -> c == ',' || c == '"' || c == '\r' || c == '\n'); //$NON-NLS-1$
        return quote ? '"' + safe.replace("\"", "\"\"") + '"' : safe; //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static boolean isNumber(String text) {
        try {
            Double.parseDouble(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
