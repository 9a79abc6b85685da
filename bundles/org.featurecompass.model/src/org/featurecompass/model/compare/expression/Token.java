package org.featurecompass.model.compare.expression;

/**
 * One token of an expression.
 *
 * @param kind what it is
 * @param text its text: a word's value (quotes removed, escapes resolved), an operator or a
 *        punctuation character; empty at the end
 * @param column 1-based column of its first character
 */
record Token(Kind kind, String text, int column) {

    /** Token kinds. */
    enum Kind {
        /** A bare word ({@code duration}, {@code 25ms}, {@code A*B}, {@code and}). */
        WORD,
        /** A double-quoted string: always a name or label, never a keyword or number. */
        QUOTED,
        /** {@code <}, {@code <=}, {@code >}, {@code >=}, {@code =}, {@code !=}. */
        OPERATOR,
        /** One of {@code ( ) [ ] { } ,}. */
        PUNCTUATION,
        /** The end of the text. */
        END
    }

    /** @return whether it is the bare word {@code word} (a keyword), ignoring case */
    boolean is(String word) {
        return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    /** @return whether it is the punctuation or operator {@code symbol} */
    boolean isSymbol(String symbol) {
        return (kind == Kind.PUNCTUATION || kind == Kind.OPERATOR) && text.equals(symbol);
    }

    /** @return what the user wrote, for messages */
    String describe() {
        return switch (kind) {
        case END -> "the end of the expression"; //$NON-NLS-1$
        case QUOTED -> '"' + text + '"';
        default -> '\'' + text + '\'';
        };
    }
}
