package org.featurecompass.model.execution;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A user metric's formula over the metrics of an execution, e.g. {@code cpu / duration} or
 * {@code (wait.TIMER + wait.NETWORK) / 1e6}. Grammar:
 *
 * <pre>
 * expression := term (('+' | '-') term)*
 * term       := factor (('*' | '/') factor)*
 * factor     := '-' factor | number | metric | function '(' expression (',' expression)* ')' | '(' expression ')'
 * metric     := name | '`' any text but '`' '`'
 * name       := letter or '_', then letters, digits, '_' and '.'   (e.g. wait.TIMER, begin.size)
 * function   := min | max | abs | sqrt | log
 * </pre>
 *
 * Values are doubles. A missing value (NaN) makes the result NaN, and so does a division by zero:
 * a metric has no value for that execution rather than an infinite one. Errors name the column.
 */
public final class MetricExpression {

    /** A parsed node. */
    private sealed interface Node permits Constant, Metric, Unary, Binary, Call {
    }

    private record Constant(double value) implements Node {
    }

    private record Metric(String name, int column) implements Node {
    }

    private record Unary(Node operand) implements Node {
    }

    private record Binary(char operator, Node left, Node right) implements Node {
    }

    private record Call(String function, List<Node> arguments) implements Node {
    }

    /** A bound expression: evaluates row by row. */
    @FunctionalInterface
    public interface Evaluator {
        /**
         * @param row a row
         * @return the value, NaN if it has none
         */
        double evaluate(int row);
    }

    private static final Set<String> FUNCTIONS = Set.of("min", "max", "abs", "sqrt", "log"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$

    private final String fText;
    private final Node fRoot;

    private MetricExpression(String text, Node root) {
        fText = text;
        fRoot = root;
    }

    /**
     * @param text the formula
     * @return the parsed expression
     * @throws ExpressionException with the column of the first error
     */
    public static MetricExpression parse(String text) {
        Parser parser = new Parser(text);
        Node root = parser.expression();
        parser.skipSpaces();
        if (parser.pos < text.length()) {
            throw parser.error("unexpected '" + text.charAt(parser.pos) + "' after a complete expression"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new MetricExpression(text, root);
    }

    /** @return the formula as written */
    public String text() {
        return fText;
    }

    /** @return the metrics the formula reads, in order of first use */
    public Set<String> metrics() {
        Set<String> names = new LinkedHashSet<>();
        collect(fRoot, names);
        return names;
    }

    private static void collect(Node node, Set<String> names) {
        if (node instanceof Metric metric) {
            names.add(metric.name());
        } else if (node instanceof Unary unary) {
            collect(unary.operand(), names);
        } else if (node instanceof Binary binary) {
            collect(binary.left(), names);
            collect(binary.right(), names);
        } else if (node instanceof Call call) {
            call.arguments().forEach(argument -> collect(argument, names));
        }
    }

    /**
     * Binds the metric names to columns.
     *
     * @param columns the column of a metric name, or null if there is none
     * @param known the names offered, for the message of an unknown name
     * @return the evaluator
     * @throws ExpressionException naming the column of the first unknown metric
     */
    public Evaluator bind(Function<String, @Nullable MetricColumn> columns, Iterable<String> known) {
        return bind(fRoot, columns, known);
    }

    private static Evaluator bind(Node node, Function<String, @Nullable MetricColumn> columns, Iterable<String> known) {
        if (node instanceof Constant constant) {
            double value = constant.value();
            return row -> value;
        }
        if (node instanceof Metric metric) {
            MetricColumn column = columns.apply(metric.name());
            if (column == null) {
                throw new ExpressionException(metric.column(), "unknown metric '" + metric.name() + "'; known: " //$NON-NLS-1$ //$NON-NLS-2$
                        + String.join(", ", known)); //$NON-NLS-1$
            }
            return column::get;
        }
        if (node instanceof Unary unary) {
            Evaluator operand = bind(unary.operand(), columns, known);
            return row -> -operand.evaluate(row);
        }
        if (node instanceof Binary binary) {
            Evaluator left = bind(binary.left(), columns, known);
            Evaluator right = bind(binary.right(), columns, known);
            switch (binary.operator()) {
            case '+': return row -> left.evaluate(row) + right.evaluate(row);
            case '-': return row -> left.evaluate(row) - right.evaluate(row);
            case '*': return row -> left.evaluate(row) * right.evaluate(row);
            default: return row -> {
                double divisor = right.evaluate(row);
                return divisor == 0 ? Double.NaN : left.evaluate(row) / divisor;
            };
            }
        }
        Call call = (Call) node;
        List<Evaluator> arguments = new ArrayList<>();
        for (Node argument : call.arguments()) {
            arguments.add(bind(argument, columns, known));
        }
        Evaluator first = arguments.get(0);
        switch (call.function()) {
        case "abs": return row -> Math.abs(first.evaluate(row)); //$NON-NLS-1$
        case "sqrt": return row -> { //$NON-NLS-1$
            double value = first.evaluate(row);
            return value < 0 ? Double.NaN : Math.sqrt(value);
        };
        case "log": return row -> { //$NON-NLS-1$
            double value = first.evaluate(row);
            return value <= 0 ? Double.NaN : Math.log(value);
        };
        case "min": return row -> { //$NON-NLS-1$
            double result = Double.POSITIVE_INFINITY;
            for (Evaluator argument : arguments) {
                result = Math.min(result, argument.evaluate(row));
            }
            return result;
        };
        default: return row -> { // max
            double result = Double.NEGATIVE_INFINITY;
            for (Evaluator argument : arguments) {
                result = Math.max(result, argument.evaluate(row));
            }
            return result;
        };
        }
    }

    @Override
    public String toString() {
        return fText;
    }

    /** Recursive descent over the text; {@link #pos} is 0-based, messages 1-based. */
    private static final class Parser {
        private final String text;
        int pos;

        Parser(String text) {
            this.text = text;
        }

        ExpressionException error(String message) {
            return new ExpressionException(pos + 1, message);
        }

        void skipSpaces() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        private boolean take(char c) {
            skipSpaces();
            if (pos < text.length() && text.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        private String found() {
            return pos < text.length() ? "'" + text.charAt(pos) + "'" : "the end of the expression"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }

        Node expression() {
            Node left = term();
            while (true) {
                if (take('+')) {
                    left = new Binary('+', left, term());
                } else if (take('-')) {
                    left = new Binary('-', left, term());
                } else {
                    return left;
                }
            }
        }

        private Node term() {
            Node left = factor();
            while (true) {
                if (take('*')) {
                    left = new Binary('*', left, factor());
                } else if (take('/')) {
                    left = new Binary('/', left, factor());
                } else {
                    return left;
                }
            }
        }

        private Node factor() {
            skipSpaces();
            if (pos >= text.length()) {
                throw error("expected a number, a metric or '(' but found the end of the expression"); //$NON-NLS-1$
            }
            char c = text.charAt(pos);
            if (c == '-') {
                pos++;
                return new Unary(factor());
            }
            if (c == '(') {
                pos++;
                Node inner = expression();
                if (!take(')')) {
                    throw error("expected ')' but found " + found()); //$NON-NLS-1$
                }
                return inner;
            }
            if (Character.isDigit(c) || c == '.') {
                return number();
            }
            if (c == '`') {
                int column = pos + 1;
                int close = text.indexOf('`', pos + 1);
                if (close < 0) {
                    throw error("a quoted metric name is not closed with '`'"); //$NON-NLS-1$
                }
                String name = text.substring(pos + 1, close);
                if (name.isEmpty()) {
                    throw error("empty quoted metric name"); //$NON-NLS-1$
                }
                pos = close + 1;
                return new Metric(name, column);
            }
            if (Character.isLetter(c) || c == '_') {
                int start = pos;
                while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_'
                        || text.charAt(pos) == '.')) {
                    pos++;
                }
                String name = text.substring(start, pos);
                skipSpaces();
                if (pos < text.length() && text.charAt(pos) == '(') {
                    if (!FUNCTIONS.contains(name)) {
                        pos = start;
                        throw error("unknown function '" + name + "'; functions: abs, log, max, min, sqrt"); //$NON-NLS-1$ //$NON-NLS-2$
                    }
                    pos++;
                    return call(name, start);
                }
                return new Metric(name, start + 1);
            }
            throw error("expected a number, a metric or '(' but found " + found()); //$NON-NLS-1$
        }

        private Node call(String function, int start) {
            List<Node> arguments = new ArrayList<>();
            arguments.add(expression());
            while (take(',')) {
                arguments.add(expression());
            }
            if (!take(')')) {
                throw error("expected ',' or ')' but found " + found()); //$NON-NLS-1$
            }
            boolean variadic = function.equals("min") || function.equals("max"); //$NON-NLS-1$ //$NON-NLS-2$
            if (variadic ? arguments.size() < 2 : arguments.size() != 1) {
                int end = pos;
                pos = start;
                ExpressionException e = error(function + " takes " + (variadic ? "two or more arguments" : "one argument") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        + ", not " + arguments.size()); //$NON-NLS-1$
                pos = end;
                throw e;
            }
            return new Call(function, arguments);
        }

        private Node number() {
            int start = pos;
            while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
                pos++;
            }
            if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
                int mark = pos;
                pos++;
                if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                    pos++;
                }
                if (pos >= text.length() || !Character.isDigit(text.charAt(pos))) {
                    pos = mark;
                    throw error("an exponent needs digits"); //$NON-NLS-1$
                }
                while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
            }
            String literal = text.substring(start, pos);
            try {
                return new Constant(Double.parseDouble(literal));
            } catch (NumberFormatException e) {
                pos = start;
                throw error("'" + literal + "' is not a number"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }
}
