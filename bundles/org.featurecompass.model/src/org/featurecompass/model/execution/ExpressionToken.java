package org.featurecompass.model.execution;

import org.eclipse.jdt.annotation.Nullable;

/**
 * One token of an expression, as {@link ExpressionTokenizer} reads it.
 *
 * @param kind what it is
 * @param text its text: a word's or number's characters, a quoted string's value (quotes removed,
 *        escapes resolved), an operator or a symbol; for {@link Kind#ERROR} the characters read;
 *        empty at the end
 * @param column 1-based column of its first character
 * @param problem for {@link Kind#ERROR}, what is wrong and where; null otherwise
 */
public record ExpressionToken(Kind kind, String text, int column, @Nullable ExpressionException problem) {

    /** Token kinds. */
    public enum Kind {
        /** A bare word: a name, a keyword or (in comparison expressions) a value such as {@code 25ms}. */
        WORD,
        /** A number of a metric formula ({@code 12}, {@code .5}, {@code 1.5e3}; checked by the parser). */
        NUMBER,
        /** A quoted string: always a name or label, never a keyword or number. */
        QUOTED,
        /** A comparison: {@code <}, {@code <=}, {@code >}, {@code >=}, {@code =}, {@code !=}. */
        OPERATOR,
        /** One character of the language's punctuation and arithmetic, e.g. {@code (} or {@code +}. */
        SYMBOL,
        /** One character that the language has no use for (the parser says it did not expect it). */
        OTHER,
        /** Text that cannot be a token (an unterminated string, an exponent without digits…): {@link #problem()}. */
        ERROR,
        /** The end of the text. */
        END
    }

    /** @return whether it is the bare word {@code word} (a keyword), ignoring case */
    public boolean is(String word) {
        return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    /** @return whether it is the symbol or operator {@code symbol} */
    public boolean isSymbol(String symbol) {
        return (kind == Kind.SYMBOL || kind == Kind.OPERATOR) && text.equals(symbol);
    }

    /** @return whether it is a word or a quoted string (a name) */
    public boolean isName() {
        return kind == Kind.WORD || kind == Kind.QUOTED;
    }

    /** @return what the user wrote, for messages */
    public String describe() {
        return switch (kind) {
        case END -> "the end of the expression"; //$NON-NLS-1$
        case QUOTED -> '"' + text + '"';
        default -> '\'' + text + '\'';
        };
    }
}
