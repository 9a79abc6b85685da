package org.featurecompass.model.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table, padded so that it also reads aligned as plain text. Cells
 * are escaped: {@code |} and {@code \} with a backslash, {@code <}, {@code >} and {@code &} as
 * HTML entities (issue trackers render inline HTML), Markdown's emphasis and link characters with
 * a backslash, line breaks as spaces, and other control characters as {@link TerminalText} writes
 * them (the Markdown report also goes to a terminal).
 */
public final class MarkdownTable {

    private final List<String> fHeaders;
    private final List<Boolean> fRightAligned;
    private final List<List<String>> fRows = new ArrayList<>();

    /**
     * @param headers the column headers
     * @param rightAligned per column, whether it is right-aligned (numbers)
     */
    public MarkdownTable(List<String> headers, List<Boolean> rightAligned) {
        if (headers.size() != rightAligned.size()) {
            throw new IllegalArgumentException(headers.size() + " headers, " + rightAligned.size() + " alignments"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        fHeaders = List.copyOf(headers);
        fRightAligned = List.copyOf(rightAligned);
    }

    /**
     * @param cells one row's cells, unescaped, as many as headers
     * @return this
     */
    public MarkdownTable add(List<String> cells) {
        if (cells.size() != fHeaders.size()) {
            throw new IllegalArgumentException(cells.size() + " cells for " + fHeaders.size() + " columns"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        fRows.add(cells.stream().map(MarkdownTable::escape).toList());
        return this;
    }

    /** @return the table, one line per row, each ended by a line feed */
    public String text() {
        List<String> headers = fHeaders.stream().map(MarkdownTable::escape).toList();
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = Math.max(3, headers.get(c).length());
            for (List<String> row : fRows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder text = new StringBuilder();
        line(text, headers, widths);
        List<String> rule = new ArrayList<>();
        for (int c = 0; c < widths.length; c++) {
            rule.add(fRightAligned.get(c).booleanValue() ? "-".repeat(widths[c] - 1) + ':' : "-".repeat(widths[c])); //$NON-NLS-1$ //$NON-NLS-2$
        }
        line(text, rule, widths);
        for (List<String> row : fRows) {
            line(text, row, widths);
        }
        return text.toString();
    }

    private void line(StringBuilder text, List<String> cells, int[] widths) {
        text.append('|');
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length()); //$NON-NLS-1$
            text.append(' ').append(fRightAligned.get(c).booleanValue() ? pad + cell : cell + pad).append(" |"); //$NON-NLS-1$
        }
        text.append('\n');
    }

    /**
     * @param text any text
     * @return it escaped for a Markdown table cell
     */
    public static String escape(String text) {
        String visible = TerminalText.line(text.replace('\r', ' ').replace('\n', ' '));
        StringBuilder escaped = new StringBuilder(visible.length());
        for (int i = 0; i < visible.length(); i++) {
            char c = visible.charAt(i);
            switch (c) {
            case '<' -> escaped.append("&lt;"); //$NON-NLS-1$
            case '>' -> escaped.append("&gt;"); //$NON-NLS-1$
            case '&' -> escaped.append("&amp;"); //$NON-NLS-1$
            case '|', '\\', '*', '_', '`', '[', ']' -> escaped.append('\\').append(c);
            default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
