package org.featurecompass.model.compare.expression;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.group.CategoryColumn;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupFilter.CategorySet;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.group.GroupFilter.TimeRange;
import org.featurecompass.model.compare.group.GroupPresets;
import org.featurecompass.model.execution.ExpressionException;
import org.featurecompass.model.execution.ExpressionToken;
import org.featurecompass.model.execution.ExpressionTokenizer;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.execution.NameSuggestion;

/**
 * A group's definition as text: terms joined by {@code and}, each one {@link GroupFilter} (the
 * group is their intersection, TraceCompare §3.4.1), or {@code all}. Terms:
 * <ul>
 * <li>{@code duration < 25ms}, {@code cpu >= 1.5ms}, {@code calls > 3},
 * {@code 10ms <= duration < 25ms}, {@code duration in [10ms, 25ms)}: a range of a metric (a
 * {@link MetricRange}; times take {@code ns}, {@code us}, {@code ms} or {@code s});</li>
 * <li>{@code trace = a.json}, {@code feature-set in {A*B, A}}: labels of a category
 * ({@link CategorySet}; {@code trace}, {@code feature-set}, or any category name in quotes);</li>
 * <li>{@code feature Compression on|off}: the feature sets that contain (do not contain) a
 * feature ({@link GroupPresets#featureOnVersusOff});</li>
 * <li>{@code slowest 10% [by METRIC]} and {@code not slowest 10% [by METRIC]}: the slowest
 * tenth by a metric (default duration), or the rest ({@link GroupPresets#slowestVersusRest});</li>
 * <li>{@code time in [T1, T2]}: executions within a trace time range ({@link TimeRange}).</li>
 * </ul>
 * Names and labels with spaces or operator characters go in double quotes. {@link #parse} checks
 * the syntax; {@link #resolve} checks names against the executions and computes the presets;
 * {@link #format} writes filters back in this syntax (reports show groups that way).
 */
public final class GroupFilterExpression {

    /** The category keyword of feature sets. */
    static final String FEATURE_SET_KEYWORD = "feature-set"; //$NON-NLS-1$
    private static final Set<String> KEYWORDS = Set.of("and", "or", "not", "all", "in", "feature", "slowest", "by", "on", "off", "time", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$ //$NON-NLS-10$ //$NON-NLS-11$
            FEATURE_SET_KEYWORD);

    private sealed interface Term {
        int column();
    }

    private record MetricTerm(String metric, double min, double max, boolean timeValues, int column) implements Term {
    }

    private record CategoryTerm(String category, Set<String> labels, int column, int labelColumn) implements Term {
    }

    private record FeatureTerm(String feature, boolean on, int column) implements Term {
    }

    private record SlowestTerm(double fraction, String metric, boolean rest, int column) implements Term {
    }

    private record TimeTerm(long startNs, long endNs, int column) implements Term {
    }

    private final String fText;
    private final List<Term> fTerms;

    private GroupFilterExpression(String text, List<Term> terms) {
        fText = text;
        fTerms = List.copyOf(terms);
    }

    /** @return the text it was read from */
    public String text() {
        return fText;
    }

    /**
     * @param text a group definition
     * @return it, syntax checked
     * @throws ExpressionException if it is malformed, with the column
     */
    public static GroupFilterExpression parse(String text) throws ExpressionException {
        ExpressionTokenizer tokens = new ExpressionTokenizer(text, ExpressionTokenizer.Syntax.COMPARISON).checkAll();
        if (tokens.peek().kind() == ExpressionToken.Kind.END) {
            throw new ExpressionException(1, "empty group definition (write 'all' for every execution)"); //$NON-NLS-1$
        }
        List<Term> terms = new ArrayList<>();
        if (tokens.peek().is("all")) { //$NON-NLS-1$
            tokens.next();
            tokens.expectEnd("'and'"); //$NON-NLS-1$
            return new GroupFilterExpression(text, terms);
        }
        terms.add(term(tokens));
        while (tokens.peek().is("and")) { //$NON-NLS-1$
            tokens.next();
            terms.add(term(tokens));
        }
        tokens.expectEnd("'and'"); //$NON-NLS-1$
        return new GroupFilterExpression(text, terms);
    }

    private static Term term(ExpressionTokenizer tokens) throws ExpressionException {
        ExpressionToken first = tokens.peek();
        if (first.is("not") && tokens.peekSecond().is("slowest")) { //$NON-NLS-1$ //$NON-NLS-2$
            tokens.next();
            return slowest(tokens, true, first.column());
        }
        if (first.is("slowest")) { //$NON-NLS-1$
            return slowest(tokens, false, first.column());
        }
        if (first.is("feature") && tokens.peekSecond().kind() != ExpressionToken.Kind.OPERATOR && !tokens.peekSecond().is("in")) { //$NON-NLS-1$ //$NON-NLS-2$
            tokens.next();
            ExpressionToken feature = tokens.expectName("a feature name after 'feature'"); //$NON-NLS-1$
            ExpressionToken state = tokens.next();
            if (!state.is("on") && !state.is("off")) { //$NON-NLS-1$ //$NON-NLS-2$
                throw new ExpressionException(state.column(), "expected 'on' or 'off' after the feature name, found " + state.describe()); //$NON-NLS-1$
            }
            return new FeatureTerm(feature.text(), state.is("on"), first.column()); //$NON-NLS-1$
        }
        if (first.is("time") && tokens.peekSecond().is("in")) { //$NON-NLS-1$ //$NON-NLS-2$
            tokens.next();
            tokens.next();
            tokens.expect("[", "after 'time in'"); //$NON-NLS-1$ //$NON-NLS-2$
            long start = timeNs(tokens.next());
            tokens.expect(",", "between the two times"); //$NON-NLS-1$ //$NON-NLS-2$
            ExpressionToken endToken = tokens.next();
            long end = timeNs(endToken);
            tokens.expect("]", "after the end time (a time range includes both ends)"); //$NON-NLS-1$ //$NON-NLS-2$
            if (end < start) {
                throw new ExpressionException(endToken.column(), "the time range ends before it starts"); //$NON-NLS-1$
            }
            return new TimeTerm(start, end, first.column());
        }
        ExpressionToken left = tokens.expectName("a metric, a category or one of: all, feature, slowest, not slowest, time"); //$NON-NLS-1$
        ExpressionToken operator = tokens.next();
        if (operator.is("in")) { //$NON-NLS-1$
            ExpressionToken open = tokens.next();
            if (open.isSymbol("{")) { //$NON-NLS-1$
                Set<String> labels = new LinkedHashSet<>();
                int labelColumn = tokens.peek().column();
                labels.add(tokens.expectName("a label").text()); //$NON-NLS-1$
                while (tokens.peek().isSymbol(",")) { //$NON-NLS-1$
                    tokens.next();
                    labels.add(tokens.expectName("a label after ','").text()); //$NON-NLS-1$
                }
                tokens.expect("}", "after the labels"); //$NON-NLS-1$ //$NON-NLS-2$
                return new CategoryTerm(category(left), labels, left.column(), labelColumn);
            }
            if (open.isSymbol("[")) { //$NON-NLS-1$
                Quantity min = Quantity.parse(tokens.next());
                tokens.expect(",", "between the two bounds"); //$NON-NLS-1$ //$NON-NLS-2$
                ExpressionToken maxToken = tokens.next();
                Quantity max = Quantity.parse(maxToken);
                ExpressionToken close = tokens.next();
                if (!close.isSymbol(")") && !close.isSymbol("]")) { //$NON-NLS-1$ //$NON-NLS-2$
                    throw new ExpressionException(close.column(), "expected ')' (upper bound excluded) or ']' (included), found " + close.describe()); //$NON-NLS-1$
                }
                double upper = close.isSymbol("]") ? Math.nextUp(max.value()) : max.value(); //$NON-NLS-1$
                return metric(left, min, max, min.value(), upper, maxToken);
            }
            throw new ExpressionException(open.column(), "expected '{' (labels) or '[' (a range) after 'in', found " + open.describe()); //$NON-NLS-1$
        }
        if (operator.isSymbol("=")) { //$NON-NLS-1$
            ExpressionToken label = tokens.expectName("a label after '='"); //$NON-NLS-1$
            return new CategoryTerm(category(left), Set.of(label.text()), left.column(), label.column());
        }
        if (operator.kind() != ExpressionToken.Kind.OPERATOR || operator.isSymbol("!=")) { //$NON-NLS-1$
            throw new ExpressionException(operator.column(), "expected <, <=, >, >=, =, or 'in' after " + left.describe() + ", found " //$NON-NLS-1$ //$NON-NLS-2$
                    + operator.describe());
        }
        ExpressionToken right = tokens.next();
        if (tokens.peek().kind() == ExpressionToken.Kind.OPERATOR) { // VALUE op METRIC op VALUE
            ExpressionToken second = tokens.next();
            ExpressionToken last = tokens.next();
            if (!isLess(operator) || !isLess(second)) {
                throw new ExpressionException(isLess(operator) ? second.column() : operator.column(),
                        "a range between two values is written low < metric < high (with < or <=)"); //$NON-NLS-1$
            }
            if (right.kind() != ExpressionToken.Kind.WORD && right.kind() != ExpressionToken.Kind.QUOTED) {
                throw new ExpressionException(right.column(), "expected a metric name, found " + right.describe()); //$NON-NLS-1$
            }
            Quantity low = Quantity.parse(left);
            Quantity high = Quantity.parse(last);
            double min = operator.text().equals("<") ? Math.nextUp(low.value()) : low.value(); //$NON-NLS-1$
            double max = second.text().equals("<=") ? Math.nextUp(high.value()) : high.value(); //$NON-NLS-1$
            return metric(right, low, high, min, max, last);
        }
        Quantity value = Quantity.parse(right);
        return switch (operator.text()) {
        case "<" -> metric(left, value, value, Double.NEGATIVE_INFINITY, value.value(), right); //$NON-NLS-1$
        case "<=" -> metric(left, value, value, Double.NEGATIVE_INFINITY, Math.nextUp(value.value()), right); //$NON-NLS-1$
        case ">" -> metric(left, value, value, Math.nextUp(value.value()), Double.POSITIVE_INFINITY, right); //$NON-NLS-1$
        default -> metric(left, value, value, value.value(), Double.POSITIVE_INFINITY, right); // >=
        };
    }

    private static boolean isLess(ExpressionToken operator) {
        return operator.isSymbol("<") || operator.isSymbol("<="); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static MetricTerm metric(ExpressionToken name, Quantity low, Quantity high, double min, double max, ExpressionToken highToken) throws ExpressionException {
        if (low.unit() == Quantity.Unit.PERCENT || high.unit() == Quantity.Unit.PERCENT) {
            throw new ExpressionException(highToken.column(), "a metric range takes numbers or times, not percentages (for the slowest executions: slowest 10%)"); //$NON-NLS-1$
        }
        if (!(min <= max)) {
            throw new ExpressionException(highToken.column(), "the range of " + name.text() + " is empty"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (name.kind() == ExpressionToken.Kind.WORD && KEYWORDS.contains(name.text().toLowerCase(Locale.ROOT))) {
            throw new ExpressionException(name.column(), "'" + name.text() + "' is a keyword; write a metric of that name in quotes"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new MetricTerm(name.text(), min, max, low.unit() == Quantity.Unit.TIME || high.unit() == Quantity.Unit.TIME, name.column());
    }

    private static String category(ExpressionToken name) {
        return name.is(FEATURE_SET_KEYWORD) ? ExperimentExecutions.FEATURE_SET : name.text();
    }

    private static Term slowest(ExpressionTokenizer tokens, boolean rest, int column) throws ExpressionException {
        tokens.next(); // slowest
        ExpressionToken share = tokens.next();
        Quantity fraction = Quantity.parse(share);
        if (fraction.unit() != Quantity.Unit.PERCENT || !(fraction.value() > 0 && fraction.value() < 1)) {
            throw new ExpressionException(share.column(), "expected a percentage between 0% and 100% (e.g. slowest 10%), found " + share.describe()); //$NON-NLS-1$
        }
        String metric = MetricColumn.DURATION;
        if (tokens.peek().is("by")) { //$NON-NLS-1$
            tokens.next();
            metric = tokens.expectName("a metric after 'by'").text(); //$NON-NLS-1$
        }
        return new SlowestTerm(fraction.value(), metric, rest, column);
    }

    private static long timeNs(ExpressionToken token) throws ExpressionException {
        Quantity time = Quantity.parse(token);
        if (time.unit() == Quantity.Unit.PERCENT || time.value() != Math.rint(time.value())) {
            throw new ExpressionException(token.column(), "expected a trace time in whole ns or with a unit (e.g. 1099.11s), found " + token.describe()); //$NON-NLS-1$
        }
        return (long) time.value();
    }

    /**
     * Applies the definition to executions: checks every name and label, computes the presets.
     *
     * @param executions the executions compared
     * @return the filters, whose intersection is the group
     * @throws ExpressionException if a metric, category, label or feature is unknown, or a time
     *         is given for a metric that is not a time, with the column
     */
    public List<GroupFilter> resolve(ExperimentExecutions executions) throws ExpressionException {
        List<GroupFilter> filters = new ArrayList<>();
        for (Term term : fTerms) {
            try {
                if (term instanceof MetricTerm m) {
                    MetricColumn column = metric(executions, m.metric(), m.column());
                    if (m.timeValues() && column.unit() != MetricUnit.NANOSECONDS) {
                        throw new ExpressionException(m.column(), m.metric() + " is not a time (" + column.unit().jsonName() + "): give plain numbers"); //$NON-NLS-1$ //$NON-NLS-2$
                    }
                    filters.add(new MetricRange(m.metric(), m.min(), m.max()));
                } else if (term instanceof CategoryTerm c) {
                    CategoryColumn column = category(executions, c.category(), c.column());
                    for (String label : c.labels()) {
                        if (column.code(label) < 0) {
                            throw new ExpressionException(c.labelColumn(), "no execution has " + c.category() + " '" + label + "'; " + c.category() //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                                    + " values: " + quoteAll(column.labels())); //$NON-NLS-1$
                        }
                    }
                    filters.add(new CategorySet(c.category(), c.labels()));
                } else if (term instanceof FeatureTerm f) {
                    GroupPresets.Pair pair = GroupPresets.featureOnVersusOff(executions, ExperimentExecutions.FEATURE_SET, f.feature());
                    filters.addAll(f.on() ? pair.b() : pair.a());
                } else if (term instanceof SlowestTerm s) {
                    metric(executions, s.metric(), s.column());
                    GroupPresets.Pair pair = GroupPresets.slowestVersusRest(executions, s.metric(), s.fraction());
                    filters.addAll(s.rest() ? pair.a() : pair.b());
                } else if (term instanceof TimeTerm t) {
                    filters.add(new TimeRange(t.startNs(), t.endNs()));
                }
            } catch (ExpressionException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                // a preset's own argument check (e.g. an unknown feature)
                throw new ExpressionException(term.column(), String.valueOf(e.getMessage()));
            }
        }
        return filters;
    }

    private static MetricColumn metric(ExperimentExecutions executions, String name, int column) throws ExpressionException {
        for (MetricColumn metric : executions.metrics()) {
            if (metric.name().equals(name)) {
                return metric;
            }
        }
        boolean isCategory = executions.categories().stream().anyMatch(c -> c.name().equals(name));
        List<String> names = executions.metrics().stream().map(MetricColumn::name).toList();
        throw new ExpressionException(column, "no metric '" + name + "'" + (isCategory ? " (it is a category: use = or in {…})" //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                : NameSuggestion.hint(name, names)) + "; metrics: " + String.join(", ", executions.metrics().stream().map(MetricColumn::name).toList())); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static CategoryColumn category(ExperimentExecutions executions, String name, int column) throws ExpressionException {
        for (CategoryColumn category : executions.categories()) {
            if (category.name().equals(name)) {
                return category;
            }
        }
        throw new ExpressionException(column, "no category '" + name + "'" //$NON-NLS-1$ //$NON-NLS-2$
                + NameSuggestion.hint(name, executions.categories().stream().map(CategoryColumn::name).toList()) + "; categories: trace, " //$NON-NLS-1$
                + FEATURE_SET_KEYWORD);
    }

    private static String quoteAll(List<String> labels) {
        List<String> quoted = new ArrayList<>();
        new TreeSet<>(labels).forEach(label -> quoted.add(name(label)));
        return String.join(", ", quoted); //$NON-NLS-1$
    }

    /**
     * Writes filters in this syntax; {@link #parse} and {@link #resolve} read the text back into
     * the same filters.
     *
     * @param filters a group's filters
     * @param unitOf the unit of a metric (times are written with a unit), or null if unknown
     * @return the text; {@code all} for no filter
     */
    public static String format(List<GroupFilter> filters, Function<String, @Nullable MetricUnit> unitOf) {
        if (filters.isEmpty()) {
            return "all"; //$NON-NLS-1$
        }
        List<String> terms = new ArrayList<>();
        for (GroupFilter filter : filters) {
            if (filter instanceof MetricRange r) {
                boolean time = unitOf.apply(r.metric()) == MetricUnit.NANOSECONDS;
                String metric = name(r.metric());
                String low = null;
                boolean lowExclusive = false;
                if (r.min() != Double.NEGATIVE_INFINITY) {
                    double below = Math.nextDown(r.min());
                    lowExclusive = below == Math.rint(below) && r.min() != Math.rint(r.min());
                    low = value(lowExclusive ? below : r.min(), time);
                }
                String high = null;
                boolean highInclusive = false;
                if (r.max() != Double.POSITIVE_INFINITY) {
                    double below = Math.nextDown(r.max());
                    highInclusive = below == Math.rint(below) && r.max() != Math.rint(r.max());
                    high = value(highInclusive ? below : r.max(), time);
                }
                String highOp = highInclusive ? " <= " : " < "; //$NON-NLS-1$ //$NON-NLS-2$
                if (low != null && high != null) {
                    terms.add(low + (lowExclusive ? " < " : " <= ") + metric + highOp + high); //$NON-NLS-1$ //$NON-NLS-2$
                } else if (low != null) {
                    terms.add(metric + (lowExclusive ? " > " : " >= ") + low); //$NON-NLS-1$ //$NON-NLS-2$
                } else if (high != null) {
                    terms.add(metric + highOp + high);
                } else {
                    terms.add(metric + " >= " + value(Double.NEGATIVE_INFINITY, time)); //$NON-NLS-1$
                }
            } else if (filter instanceof CategorySet c) {
                String category = c.category().equals(ExperimentExecutions.FEATURE_SET) ? FEATURE_SET_KEYWORD : name(c.category());
                TreeSet<String> labels = new TreeSet<>(c.labels());
                if (labels.size() == 1) {
                    terms.add(category + " = " + name(labels.first())); //$NON-NLS-1$
                } else {
                    List<String> quoted = new ArrayList<>();
                    labels.forEach(label -> quoted.add(name(label)));
                    terms.add(category + " in {" + String.join(", ", quoted) + '}'); //$NON-NLS-1$ //$NON-NLS-2$
                }
            } else if (filter instanceof TimeRange t) {
                terms.add("time in [" + t.startNs() + "ns, " + t.endNs() + "ns]"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
        return String.join(" and ", terms); //$NON-NLS-1$
    }

    private static String value(double value, boolean time) {
        if (Double.isInfinite(value)) {
            return value > 0 ? "1e308" : "-1e308"; //$NON-NLS-1$ //$NON-NLS-2$
        }
        return time ? Quantity.time(value) : Quantity.plain(value);
    }

    /**
     * @param name a metric, category or label
     * @return it bare if it reads back as one word, else in double quotes
     */
    static String name(String name) {
        boolean bare = !name.isEmpty() && !KEYWORDS.contains(name.toLowerCase(Locale.ROOT));
        for (int i = 0; bare && i < name.length(); i++) {
            char c = name.charAt(i);
            bare = !Character.isWhitespace(c) && "()[]{},<>=!\"".indexOf(c) < 0; //$NON-NLS-1$
        }
        return bare ? name : '"' + name.replace("\\", "\\\\").replace("\"", "\\\"") + '"'; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }
}
