package org.featurecompass.model.compare.expression;

import java.util.ArrayList;
import java.util.List;

import org.featurecompass.model.execution.ExpressionException;

/**
 * Splits an expression into {@link Token}s. A bare word runs until white space, a quote, an
 * operator character or punctuation, so names such as {@code wait.BLOCK_DEVICE}, {@code A*B} or
 * {@code a.json} and values such as {@code 25ms} or {@code 5%} need no quotes; anything else
 * (spaces, commas, brackets) goes in double quotes, with {@code \"} and {@code \\} inside.
 */
final class Tokenizer {

    private static final String PUNCTUATION = "()[]{},"; //$NON-NLS-1$
    private static final String OPERATOR_CHARS = "<>=!"; //$NON-NLS-1$

    private final List<Token> fTokens = new ArrayList<>();
    private int fNext;

    /**
     * @param text the expression
     * @throws ExpressionException on an unterminated string or a lone {@code !}
     */
    Tokenizer(String text) throws ExpressionException {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (PUNCTUATION.indexOf(c) >= 0) {
                fTokens.add(new Token(Token.Kind.PUNCTUATION, String.valueOf(c), i + 1));
                i++;
            } else if (OPERATOR_CHARS.indexOf(c) >= 0) {
                boolean twoChars = i + 1 < n && text.charAt(i + 1) == '=' && c != '=';
                String op = twoChars ? text.substring(i, i + 2) : String.valueOf(c);
                if (op.equals("!")) { //$NON-NLS-1$
                    throw new ExpressionException(i + 1, "'!' must be followed by '=' (use 'not' to negate)"); //$NON-NLS-1$
                }
                fTokens.add(new Token(Token.Kind.OPERATOR, op, i + 1));
                i += op.length();
            } else if (c == '"') {
                StringBuilder value = new StringBuilder();
                int start = i;
                i++;
                while (true) {
                    if (i >= n) {
                        throw new ExpressionException(start + 1, "unterminated string (a '\"' is missing)"); //$NON-NLS-1$
                    }
                    char d = text.charAt(i);
                    if (d == '"') {
                        i++;
                        break;
                    }
                    if (d == '\\' && i + 1 < n && (text.charAt(i + 1) == '"' || text.charAt(i + 1) == '\\')) {
                        d = text.charAt(++i);
                    }
                    value.append(d);
                    i++;
                }
                fTokens.add(new Token(Token.Kind.QUOTED, value.toString(), start + 1));
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(text.charAt(i)) && PUNCTUATION.indexOf(text.charAt(i)) < 0
                        && OPERATOR_CHARS.indexOf(text.charAt(i)) < 0 && text.charAt(i) != '"') {
                    i++;
                }
                fTokens.add(new Token(Token.Kind.WORD, text.substring(start, i), start + 1));
            }
        }
        fTokens.add(new Token(Token.Kind.END, "", n + 1)); //$NON-NLS-1$
    }

    /** @return the next token, not consumed */
    Token peek() {
        return fTokens.get(fNext);
    }

    /** @return the token after the next one, not consumed */
    Token peekSecond() {
        return fTokens.get(Math.min(fNext + 1, fTokens.size() - 1));
    }

    /** @return the next token, consumed (the end token stays) */
    Token next() {
        Token token = fTokens.get(fNext);
        if (token.kind() != Token.Kind.END) {
            fNext++;
        }
        return token;
    }

    /**
     * @param symbol punctuation or operator expected next
     * @param context what is being read, for the message
     * @return the token
     * @throws ExpressionException if the next token is something else
     */
    Token expect(String symbol, String context) throws ExpressionException {
        Token token = next();
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
    Token expectName(String context) throws ExpressionException {
        Token token = next();
        if (token.kind() != Token.Kind.WORD && token.kind() != Token.Kind.QUOTED) {
            throw new ExpressionException(token.column(), "expected " + context + ", found " + token.describe()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return token;
    }

    /**
     * @throws ExpressionException if tokens are left
     */
    void expectEnd() throws ExpressionException {
        Token token = peek();
        if (token.kind() != Token.Kind.END) {
            throw new ExpressionException(token.column(), "expected 'and' or the end of the expression, found " + token.describe()); //$NON-NLS-1$
        }
    }
}
