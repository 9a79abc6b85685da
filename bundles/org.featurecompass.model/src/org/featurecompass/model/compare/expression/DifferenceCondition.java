package org.featurecompass.model.compare.expression;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.execution.ExpressionDepth;
import org.featurecompass.model.execution.ExpressionException;
import org.featurecompass.model.execution.ExpressionToken;
import org.featurecompass.model.execution.ExpressionTokenizer;

/**
 * A condition on one calling context of a {@link DifferentialTree}, such as
 * {@code q < 0.01 and delta > 5%}: the threshold of a CI gate ({@code compare --fail-if}), which
 * fails when some context satisfies it. Comparisons of a variable with a number, joined with
 * {@code and}, {@code or}, {@code not} and parentheses; {@code significant} alone; and
 * {@code context} (the frames from the outermost, joined by {@code ;}) or {@code frame} (the
 * context's own frame) {@code = "text"} or {@code contains "text"}. Variables (group B against
 * group A, means per execution as in doc/comparison.md):
 * <ul>
 * <li>{@code delta}: with a percentage, the relative difference (B − A)/max(A, B)
 * ({@link ContextDifference#relative()}); with a time or a plain number, the difference B − A in
 * ns. Positive: more time in B.</li>
 * <li>{@code q}, {@code p}, {@code t} (the test statistic: Welch's t or Mann-Whitney's U),
 * {@code df};</li>
 * <li>{@code ratio} (mean B / mean A), {@code mean-a}, {@code mean-b}, {@code sd-a}, {@code sd-b}
 * (ns), {@code n-a}, {@code n-b} (group sizes), {@code present-a}, {@code present-b} (executions
 * that reached the context), {@code depth} (0: the root, all of an execution).</li>
 * </ul>
 * A comparison with an undefined value (NaN: no q for an untestable context) is false. Nesting
 * is bounded ({@link ExpressionDepth}).
 */
public final class DifferenceCondition {

    /** One context being tested. */
    private record Subject(ContextDifference difference, ContextTree tree) {
    }

    private interface Node {
        boolean test(Subject subject);
    }

    private enum Kind {
        PLAIN, TIME, FRACTION, DELTA
    }

    private record Variable(Kind kind, ToDoubleFunction<Subject> value) {
    }

    private static final Map<String, Variable> VARIABLES = new LinkedHashMap<>();
    static {
        VARIABLES.put("delta", new Variable(Kind.DELTA, s -> s.difference().difference())); //$NON-NLS-1$
        VARIABLES.put("q", new Variable(Kind.FRACTION, s -> s.difference().q())); //$NON-NLS-1$
        VARIABLES.put("p", new Variable(Kind.FRACTION, s -> s.difference().test().p())); //$NON-NLS-1$
        VARIABLES.put("t", new Variable(Kind.PLAIN, s -> s.difference().test().statistic())); //$NON-NLS-1$
        VARIABLES.put("df", new Variable(Kind.PLAIN, s -> s.difference().test().degreesOfFreedom())); //$NON-NLS-1$
        VARIABLES.put("ratio", new Variable(Kind.FRACTION, s -> ratio(s.difference()))); //$NON-NLS-1$
        VARIABLES.put("mean-a", new Variable(Kind.TIME, s -> s.difference().meanA())); //$NON-NLS-1$
        VARIABLES.put("mean-b", new Variable(Kind.TIME, s -> s.difference().meanB())); //$NON-NLS-1$
        VARIABLES.put("sd-a", new Variable(Kind.TIME, s -> s.difference().sdA())); //$NON-NLS-1$
        VARIABLES.put("sd-b", new Variable(Kind.TIME, s -> s.difference().sdB())); //$NON-NLS-1$
        VARIABLES.put("n-a", new Variable(Kind.PLAIN, s -> s.difference().nA())); //$NON-NLS-1$
        VARIABLES.put("n-b", new Variable(Kind.PLAIN, s -> s.difference().nB())); //$NON-NLS-1$
        VARIABLES.put("present-a", new Variable(Kind.PLAIN, s -> s.difference().presentA())); //$NON-NLS-1$
        VARIABLES.put("present-b", new Variable(Kind.PLAIN, s -> s.difference().presentB())); //$NON-NLS-1$
        VARIABLES.put("depth", new Variable(Kind.PLAIN, s -> s.tree().depth(s.difference().context()))); //$NON-NLS-1$
    }

    private static double ratio(ContextDifference d) {
        if (d.meanA() == 0) {
            return d.meanB() == 0 ? 1 : Double.POSITIVE_INFINITY;
        }
        return d.meanB() / d.meanA();
    }

    private final String fText;
    private final Node fRoot;

    private DifferenceCondition(String text, Node root) {
        fText = text;
        fRoot = root;
    }

    /** @return the text it was read from */
    public String text() {
        return fText;
    }

    /**
     * @param text the condition
     * @return it, ready to test
     * @throws ExpressionException if it is malformed, with the column
     */
    public static DifferenceCondition parse(String text) throws ExpressionException {
        ExpressionTokenizer tokens = new ExpressionTokenizer(text, ExpressionTokenizer.Syntax.COMPARISON).checkAll();
        if (tokens.peek().kind() == ExpressionToken.Kind.END) {
            throw new ExpressionException(1, "empty condition (e.g. q < 0.01 and delta > 5%)"); //$NON-NLS-1$
        }
        Node root = or(tokens, new ExpressionDepth());
        ExpressionToken rest = tokens.peek();
        if (rest.kind() != ExpressionToken.Kind.END) {
            throw new ExpressionException(rest.column(), "expected 'and', 'or' or the end of the condition, found " + rest.describe()); //$NON-NLS-1$
        }
        return new DifferenceCondition(text, root);
    }

    /** {@code and} and {@code or} keep their operands in a list, so a long chain nests no deeper. */
    private static Node or(ExpressionTokenizer tokens, ExpressionDepth depth) throws ExpressionException {
        List<Node> operands = new ArrayList<>(List.of(and(tokens, depth)));
        while (tokens.peek().is("or")) { //$NON-NLS-1$
            tokens.next();
            operands.add(and(tokens, depth));
        }
        if (operands.size() == 1) {
            return operands.get(0);
        }
        return s -> {
            for (Node operand : operands) {
                if (operand.test(s)) {
                    return true;
                }
            }
            return false;
        };
    }

    private static Node and(ExpressionTokenizer tokens, ExpressionDepth depth) throws ExpressionException {
        List<Node> operands = new ArrayList<>(List.of(unary(tokens, depth)));
        while (tokens.peek().is("and")) { //$NON-NLS-1$
            tokens.next();
            operands.add(unary(tokens, depth));
        }
        if (operands.size() == 1) {
            return operands.get(0);
        }
        return s -> {
            for (Node operand : operands) {
                if (!operand.test(s)) {
                    return false;
                }
            }
            return true;
        };
    }

    private static Node unary(ExpressionTokenizer tokens, ExpressionDepth depth) throws ExpressionException {
        ExpressionToken token = tokens.next();
        if (token.is("not")) { //$NON-NLS-1$
            depth.enter(token.column());
            Node inner = unary(tokens, depth);
            depth.leave();
            return s -> !inner.test(s);
        }
        if (token.isSymbol("(")) { //$NON-NLS-1$
            depth.enter(token.column());
            Node inner = or(tokens, depth);
            tokens.expect(")", "to close the '(' at column " + token.column()); //$NON-NLS-1$ //$NON-NLS-2$
            depth.leave();
            return inner;
        }
        if (token.is("significant")) { //$NON-NLS-1$
            return s -> s.difference().significant();
        }
        if (token.is("context") || token.is("frame")) { //$NON-NLS-1$ //$NON-NLS-2$
            return text(tokens, token.is("context")); //$NON-NLS-1$
        }
        if (token.kind() != ExpressionToken.Kind.WORD) {
            throw new ExpressionException(token.column(), "expected a variable, 'significant', 'context', 'frame', 'not' or '(', found " + token.describe()); //$NON-NLS-1$
        }
        Variable variable = VARIABLES.get(token.text().toLowerCase(java.util.Locale.ROOT));
        if (variable == null) {
            throw new ExpressionException(token.column(), "unknown variable '" + token.text() + "'; variables: " //$NON-NLS-1$ //$NON-NLS-2$
                    + String.join(", ", VARIABLES.keySet()) + ", significant, context, frame"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        ExpressionToken operator = tokens.next();
        if (operator.kind() != ExpressionToken.Kind.OPERATOR) {
            throw new ExpressionException(operator.column(), "expected <, <=, >, >=, = or != after " + token.text() + ", found " + operator.describe()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        ExpressionToken valueToken = tokens.next();
        Quantity value = Quantity.parse(valueToken);
        ToDoubleFunction<Subject> get = variable.value();
        switch (variable.kind()) {
        case DELTA -> {
            if (value.unit() == Quantity.Unit.PERCENT) {
                get = s -> s.difference().relative();
            }
        }
        case TIME -> {
            if (value.unit() == Quantity.Unit.PERCENT) {
                throw new ExpressionException(valueToken.column(), token.text() + " is a time: compare it with a time (e.g. 2ms) or ns"); //$NON-NLS-1$
            }
        }
        case FRACTION, PLAIN -> {
            if (value.unit() == Quantity.Unit.TIME) {
                throw new ExpressionException(valueToken.column(), token.text() + " is not a time: compare it with a number" //$NON-NLS-1$
                        + (variable.kind() == Kind.FRACTION ? " or a percentage" : "")); //$NON-NLS-1$ //$NON-NLS-2$
            }
            if (variable.kind() == Kind.PLAIN && value.unit() == Quantity.Unit.PERCENT) {
                throw new ExpressionException(valueToken.column(), token.text() + " is not a fraction: compare it with a plain number"); //$NON-NLS-1$
            }
        }
        default -> throw new IllegalStateException();
        }
        double threshold = value.value();
        ToDoubleFunction<Subject> read = get;
        return switch (operator.text()) {
        case "<" -> s -> read.applyAsDouble(s) < threshold; //$NON-NLS-1$
        case "<=" -> s -> read.applyAsDouble(s) <= threshold; //$NON-NLS-1$
        case ">" -> s -> read.applyAsDouble(s) > threshold; //$NON-NLS-1$
        case ">=" -> s -> read.applyAsDouble(s) >= threshold; //$NON-NLS-1$
        case "=" -> s -> read.applyAsDouble(s) == threshold; //$NON-NLS-1$
        default -> s -> { // != : false for NaN too, as every comparison with an undefined value
            double v = read.applyAsDouble(s);
            return !Double.isNaN(v) && v != threshold;
        };
        };
    }

    private static Node text(ExpressionTokenizer tokens, boolean wholeContext) throws ExpressionException {
        ExpressionToken operator = tokens.next();
        boolean contains = operator.is("contains"); //$NON-NLS-1$
        if (!contains && !operator.isSymbol("=") && !operator.isSymbol("!=")) { //$NON-NLS-1$ //$NON-NLS-2$
            throw new ExpressionException(operator.column(), "expected =, != or contains, found " + operator.describe()); //$NON-NLS-1$
        }
        String value = tokens.expectName("a text (in double quotes if it has spaces)").text(); //$NON-NLS-1$
        boolean negate = operator.isSymbol("!="); //$NON-NLS-1$
        return s -> {
            int context = s.difference().context();
            String text = wholeContext ? s.tree().folded(context) : context == ContextTree.ROOT ? "" : s.tree().frame(context).label(); //$NON-NLS-1$
            return contains ? text.contains(value) : negate != text.equals(value);
        };
    }

    /**
     * @param tree a comparison
     * @param context one of its contexts
     * @return whether the context satisfies the condition
     */
    public boolean test(DifferentialTree tree, int context) {
        return fRoot.test(new Subject(tree.context(context), tree.tree()));
    }

    /**
     * @param tree a comparison
     * @return the contexts that some execution of A or B reached and that satisfy the condition,
     *         in id order (the root first)
     */
    public List<Integer> matches(DifferentialTree tree) {
        List<Integer> found = new ArrayList<>();
        for (int c = 0; c < tree.tree().size(); c++) {
            ContextDifference d = tree.context(c);
            if (d.presentA() + d.presentB() > 0 && test(tree, c)) {
                found.add(c);
            }
        }
        return found;
    }
}
