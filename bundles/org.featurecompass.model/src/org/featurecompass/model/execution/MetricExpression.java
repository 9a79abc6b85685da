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
 * Nesting is bounded ({@link ExpressionDepth}): binding and evaluating recurse over the tree.
 */
public final class MetricExpression {

    /** A parsed node. */
    private sealed interface Node permits Constant, Metric, Unary, Binary, Call {
        /** @return the levels from this node to its deepest leaf (a leaf: 1), at most {@link ExpressionDepth#MAX} */
        default int depth() {
            return 1;
        }
    }

    private record Constant(double value) implements Node {
    }

    private record Metric(String name, int column) implements Node {
    }

    private record Unary(Node operand, int depth) implements Node {
    }

    private record Binary(char operator, Node left, Node right, int depth) implements Node {
    }

    private record Call(String function, List<Node> arguments, int depth) implements Node {
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
        return new MetricExpression(text, new Parser(text).parse());
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

    /** Recursive descent over the tokens of {@link ExpressionTokenizer.Syntax#METRIC}. */
    private static final class Parser {
        private final ExpressionTokenizer tokens;
        private final ExpressionDepth nesting = new ExpressionDepth();

        Parser(String text) {
            tokens = new ExpressionTokenizer(text, ExpressionTokenizer.Syntax.METRIC);
        }

        /** @return the whole expression */
        Node parse() {
            Node root = expression();
            ExpressionToken rest = tokens.peek();
            if (rest.kind() != ExpressionToken.Kind.END) {
                throw new ExpressionException(rest.column(), "unexpected " + found(rest) + " after a complete expression"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            return root;
        }

        private boolean take(String symbol) {
            if (tokens.peek().isSymbol(symbol)) {
                tokens.next();
                return true;
            }
            return false;
        }

        /** @return the first character of the token, quoted, or the end of the expression */
        private String found(ExpressionToken token) {
            return token.kind() == ExpressionToken.Kind.END ? "the end of the expression" //$NON-NLS-1$
                    : "'" + tokens.text().charAt(token.column() - 1) + "'"; //$NON-NLS-1$ //$NON-NLS-2$
        }

        private Node expression() {
            Node left = term();
            while (true) {
                ExpressionToken operator = tokens.peek();
                if (take("+")) { //$NON-NLS-1$
                    left = binary('+', left, term(), operator);
                } else if (take("-")) { //$NON-NLS-1$
                    left = binary('-', left, term(), operator);
                } else {
                    return left;
                }
            }
        }

        private Node term() {
            Node left = factor();
            while (true) {
                ExpressionToken operator = tokens.peek();
                if (take("*")) { //$NON-NLS-1$
                    left = binary('*', left, factor(), operator);
                } else if (take("/")) { //$NON-NLS-1$
                    left = binary('/', left, factor(), operator);
                } else {
                    return left;
                }
            }
        }

        private static Binary binary(char operator, Node left, Node right, ExpressionToken token) {
            return new Binary(operator, left, right, ExpressionDepth.check(Math.max(left.depth(), right.depth()) + 1, token.column()));
        }

        private Node factor() {
            ExpressionToken token = tokens.next();
            ExpressionException problem = token.problem();
            if (problem != null) {
                throw problem; // an unclosed quoted name, an exponent without digits
            }
            if (token.isSymbol("-")) { //$NON-NLS-1$
                nesting.enter(token.column());
                Node operand = factor();
                nesting.leave();
                return new Unary(operand, ExpressionDepth.check(operand.depth() + 1, token.column()));
            }
            if (token.isSymbol("(")) { //$NON-NLS-1$
                nesting.enter(token.column());
                Node inner = expression();
                ExpressionToken close = tokens.peek();
                if (!take(")")) { //$NON-NLS-1$
                    throw new ExpressionException(close.column(), "expected ')' but found " + found(close)); //$NON-NLS-1$
                }
                nesting.leave();
                return inner;
            }
            switch (token.kind()) {
            case NUMBER:
                try {
                    return new Constant(Double.parseDouble(token.text()));
                } catch (NumberFormatException e) {
                    throw new ExpressionException(token.column(), "'" + token.text() + "' is not a number"); //$NON-NLS-1$ //$NON-NLS-2$
                }
            case QUOTED:
                if (token.text().isEmpty()) {
                    throw new ExpressionException(token.column(), "empty quoted metric name"); //$NON-NLS-1$
                }
                return new Metric(token.text(), token.column());
            case WORD:
                if (take("(")) { //$NON-NLS-1$
                    if (!FUNCTIONS.contains(token.text())) {
                        throw new ExpressionException(token.column(), "unknown function '" + token.text() //$NON-NLS-1$
                                + "'; functions: abs, log, max, min, sqrt"); //$NON-NLS-1$
                    }
                    return call(token);
                }
                return new Metric(token.text(), token.column());
            default:
                throw new ExpressionException(token.column(), "expected a number, a metric or '(' but found " + found(token)); //$NON-NLS-1$
            }
        }

        private Node call(ExpressionToken function) {
            nesting.enter(function.column());
            List<Node> arguments = new ArrayList<>();
            arguments.add(expression());
            while (take(",")) { //$NON-NLS-1$
                arguments.add(expression());
            }
            ExpressionToken close = tokens.peek();
            if (!take(")")) { //$NON-NLS-1$
                throw new ExpressionException(close.column(), "expected ',' or ')' but found " + found(close)); //$NON-NLS-1$
            }
            String name = function.text();
            boolean variadic = name.equals("min") || name.equals("max"); //$NON-NLS-1$ //$NON-NLS-2$
            if (variadic ? arguments.size() < 2 : arguments.size() != 1) {
                throw new ExpressionException(function.column(), name + " takes " //$NON-NLS-1$
                        + (variadic ? "two or more arguments" : "one argument") + ", not " + arguments.size()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            nesting.leave();
            int depth = 1 + arguments.stream().mapToInt(Node::depth).max().orElse(0);
            return new Call(name, arguments, ExpressionDepth.check(depth, function.column()));
        }
    }
}
