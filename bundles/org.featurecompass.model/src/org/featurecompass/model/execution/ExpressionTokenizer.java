package org.featurecompass.model.execution;

import java.util.ArrayList;
import java.util.List;

/**
 * The one tokenizer of the suite's expression languages: splits a text into
 * {@link ExpressionToken}s with 1-based columns, skipping white space, by the character classes of
 * a {@link Syntax}. Tokens are read as the parser asks for them, so a parser reports the first
 * problem in reading order; a text that cannot be a token becomes an {@link ExpressionToken.Kind#ERROR}
 * token carrying its {@link ExpressionException}, thrown by the parser where it needs a value
 * there, or at once by {@link #checkAll()} for languages that report lexical errors first.
 */
public final class ExpressionTokenizer {

    /** The character classes of a language. */
    public enum Syntax {
        /**
         * A user metric's formula ({@link MetricExpression}): symbols {@code + - * / ( ) ,};
         * names (a letter or {@code _}, then letters, digits, {@code _} and {@code .}); numbers
         * (digits and {@code .}, then an optional exponent); {@code `any text but a backquote`};
         * any other character is {@link ExpressionToken.Kind#OTHER}.
         */
        METRIC("+-*/(),", "", '`', false, "a quoted metric name is not closed with '`'"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        /**
         * A comparison's group filters and conditions ({@code model.compare.expression}): symbols
         * {@code ( ) [ ] { } ,}; operators {@code < <= > >= = !=}; {@code "quoted text"} with
         * {@code \"} and {@code \\}; anything else is a bare word that runs until white space, a
         * quote, an operator character or a symbol, so names such as {@code wait.BLOCK_DEVICE},
         * {@code A*B} or {@code a.json} and values such as {@code 25ms} or {@code 5%} need no quotes.
         */
        COMPARISON("()[]{},", "<>=!", '"', true, "unterminated string (a '\"' is missing)"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

        private final String fSymbols;
        private final String fOperatorChars;
        private final char fQuote;
        private final boolean fEscapes;
        private final String fUnterminated;

        Syntax(String symbols, String operatorChars, char quote, boolean escapes, String unterminated) {
            fSymbols = symbols;
            fOperatorChars = operatorChars;
            fQuote = quote;
            fEscapes = escapes;
            fUnterminated = unterminated;
        }
    }

    private final String fText;
    private final Syntax fSyntax;
    private final List<ExpressionToken> fTokens = new ArrayList<>();
    /** Position in the text of the first character not yet read, 0-based. */
    private int fPos;
    /** Index in {@link #fTokens} of the next token. */
    private int fNext;

    /**
     * @param text the expression
     * @param syntax its language
     */
    public ExpressionTokenizer(String text, Syntax syntax) {
        fText = text;
        fSyntax = syntax;
    }

    /**
     * Reads the whole text.
     *
     * @return this tokenizer
     * @throws ExpressionException the first problem in the text (an unterminated string, a lone {@code !})
     */
    public ExpressionTokenizer checkAll() {
        for (int i = fNext;; i++) {
            ExpressionToken token = at(i);
            ExpressionException problem = token.problem();
            if (problem != null) {
                throw problem;
            }
            if (token.kind() == ExpressionToken.Kind.END) {
                return this;
            }
        }
    }

    /** @return the text */
    public String text() {
        return fText;
    }

    /** @return the next token, not consumed */
    public ExpressionToken peek() {
        return at(fNext);
    }

    /** @return the token after the next one, not consumed */
    public ExpressionToken peekSecond() {
        ExpressionToken next = peek();
        return next.kind() == ExpressionToken.Kind.END ? next : at(fNext + 1);
    }

    /** @return the next token, consumed (the end token stays) */
    public ExpressionToken next() {
        ExpressionToken token = peek();
        if (token.kind() != ExpressionToken.Kind.END) {
            fNext++;
        }
        return token;
    }

    /**
     * @param symbol symbol or operator expected next
     * @param context what is being read, for the message
     * @return the token
     * @throws ExpressionException if the next token is something else
     */
    public ExpressionToken expect(String symbol, String context) {
        ExpressionToken token = next();
        if (!token.isSymbol(symbol)) {
            throw new ExpressionException(token.column(), "expected '" + symbol + "' " + context + ", found " + token.describe()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return token;
    }

    /**
     * @param context what is being read, for the message
     * @return a word or quoted string
     * @throws ExpressionException if the next token is neither
     */
    public ExpressionToken expectName(String context) {
        ExpressionToken token = next();
        if (!token.isName()) {
            throw new ExpressionException(token.column(), "expected " + context + ", found " + token.describe()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return token;
    }

    /**
     * @param alternative what else could come next, for the message (e.g. {@code 'and'})
     * @throws ExpressionException if tokens are left
     */
    public void expectEnd(String alternative) {
        ExpressionToken token = peek();
        if (token.kind() != ExpressionToken.Kind.END) {
            throw new ExpressionException(token.column(), "expected " + alternative + " or the end of the expression, found " //$NON-NLS-1$ //$NON-NLS-2$
                    + token.describe());
        }
    }

    /** @return the token at that index, reading the text as far as needed */
    private ExpressionToken at(int index) {
        while (fTokens.size() <= index) {
            ExpressionToken last = fTokens.isEmpty() ? null : fTokens.get(fTokens.size() - 1);
            if (last != null && last.kind() == ExpressionToken.Kind.END) {
                return last;
            }
            fTokens.add(read());
        }
        return fTokens.get(index);
    }

    /** @return the token at {@link #fPos}, which it moves past it */
    private ExpressionToken read() {
        int n = fText.length();
        while (fPos < n && Character.isWhitespace(fText.charAt(fPos))) {
            fPos++;
        }
        int start = fPos;
        if (start >= n) {
            return token(ExpressionToken.Kind.END, start);
        }
        char c = fText.charAt(start);
        if (fSyntax.fSymbols.indexOf(c) >= 0) {
            fPos++;
            return token(ExpressionToken.Kind.SYMBOL, start);
        }
        if (fSyntax.fOperatorChars.indexOf(c) >= 0) {
            boolean twoChars = start + 1 < n && fText.charAt(start + 1) == '=' && c != '=';
            fPos += twoChars ? 2 : 1;
            if (!twoChars && c == '!') {
                return error(start, start, "'!' must be followed by '=' (use 'not' to negate)"); //$NON-NLS-1$
            }
            return token(ExpressionToken.Kind.OPERATOR, start);
        }
        if (c == fSyntax.fQuote) {
            return quoted(start);
        }
        if (fSyntax == Syntax.COMPARISON) {
            while (fPos < n && !Character.isWhitespace(fText.charAt(fPos)) && fSyntax.fSymbols.indexOf(fText.charAt(fPos)) < 0
                    && fSyntax.fOperatorChars.indexOf(fText.charAt(fPos)) < 0 && fText.charAt(fPos) != fSyntax.fQuote) {
                fPos++;
            }
            return token(ExpressionToken.Kind.WORD, start);
        }
        if (Character.isDigit(c) || c == '.') {
            return number(start);
        }
        if (Character.isLetter(c) || c == '_') {
            while (fPos < n && (Character.isLetterOrDigit(fText.charAt(fPos)) || fText.charAt(fPos) == '_' || fText.charAt(fPos) == '.')) {
                fPos++;
            }
            return token(ExpressionToken.Kind.WORD, start);
        }
        fPos++;
        return token(ExpressionToken.Kind.OTHER, start);
    }

    private ExpressionToken quoted(int start) {
        int n = fText.length();
        StringBuilder value = new StringBuilder();
        fPos = start + 1;
        while (true) {
            if (fPos >= n) {
                return error(start, start, fSyntax.fUnterminated);
            }
            char d = fText.charAt(fPos);
            if (d == fSyntax.fQuote) {
                fPos++;
                return new ExpressionToken(ExpressionToken.Kind.QUOTED, value.toString(), start + 1, null);
            }
            if (fSyntax.fEscapes && d == '\\' && fPos + 1 < n && (fText.charAt(fPos + 1) == fSyntax.fQuote || fText.charAt(fPos + 1) == '\\')) {
                d = fText.charAt(++fPos);
            }
            value.append(d);
            fPos++;
        }
    }

    /** Digits and dots, then an exponent ({@code e} or {@code E}, an optional sign, digits). */
    private ExpressionToken number(int start) {
        int n = fText.length();
        while (fPos < n && (Character.isDigit(fText.charAt(fPos)) || fText.charAt(fPos) == '.')) {
            fPos++;
        }
        if (fPos < n && (fText.charAt(fPos) == 'e' || fText.charAt(fPos) == 'E')) {
            int mark = fPos;
            fPos++;
            if (fPos < n && (fText.charAt(fPos) == '+' || fText.charAt(fPos) == '-')) {
                fPos++;
            }
            if (fPos >= n || !Character.isDigit(fText.charAt(fPos))) {
                return error(start, mark, "an exponent needs digits"); //$NON-NLS-1$
            }
            while (fPos < n && Character.isDigit(fText.charAt(fPos))) {
                fPos++;
            }
        }
        return token(ExpressionToken.Kind.NUMBER, start);
    }

    private ExpressionToken token(ExpressionToken.Kind kind, int start) {
        return new ExpressionToken(kind, fText.substring(start, fPos), start + 1, null);
    }

    /** @return an error token from start to the position read, whose problem is at {@code at} (0-based) */
    private ExpressionToken error(int start, int at, String message) {
        return new ExpressionToken(ExpressionToken.Kind.ERROR, fText.substring(start, fPos), start + 1, new ExpressionException(at + 1, message));
    }
}
