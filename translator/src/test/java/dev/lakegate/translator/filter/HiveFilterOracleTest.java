package dev.lakegate.translator.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.translator.filter.FilterSyntax.And;
import dev.lakegate.translator.filter.FilterSyntax.Between;
import dev.lakegate.translator.filter.FilterSyntax.Comparison;
import dev.lakegate.translator.filter.FilterSyntax.In;
import dev.lakegate.translator.filter.FilterSyntax.Literal;
import dev.lakegate.translator.filter.FilterSyntax.Or;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.parser.ExpressionTree;
import org.apache.hadoop.hive.metastore.parser.PartFilterParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Our parser against Hive 4.0.1's own PartFilterParser: the same tree for every filter, or both refuse. */
class HiveFilterOracleTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ds = '2020-01-01'",
                "ds == \"x\"",
                "ds <> 'a'",
                "ds != 'a'",
                "hr < 5",
                "hr <= -5",
                "hr > 10",
                "hr >= 0",
                "ds like 'a%'",
                "DS LIKE \"a_b\"",
                "'a' < ds",
                "5 >= hr",
                "10 = hr",
                "ds = 2020-01-01",
                "ds = DATE '2020-01-01'",
                "ts = TIMESTAMP '2020-01-01 10:00:00'",
                "ts = 2020-01-01 10:00:00",
                "hr between 1 and 5",
                "hr not between 1 and 5",
                "(hr) in (1, 2, 3)",
                "(ds) not in ('a', 'b')",
                "(struct(ds, hr)) in (struct('a', 1), struct('b', 2))",
                "(struct(ds, hr)) not in (const struct('a', 1), struct('b', 2))",
                "a = 'x' or b = 'y' and c = 'z'",
                "(a = 'x' or b = 'y') and c = 'z'",
                "a = '1' and b = '2' and c = '3'",
                "((a = 'x'))",
                "a = 'x' AnD (b = 'y' oR c = 'z') or d = 'w'",
                "k = 'it''s'",
                "k = 'a\\'b'",
                "k = 'a' 'b'",
                "k_1 = \"q\"",
                "x=1",
                "  x  =  'y'  ",
            })
    void sameTreeAsHive(String filter) throws MetaException {
        assertThat(render(FilterParser.parse(filter, FilterLimits.DEFAULTS)))
                .isEqualTo(render(PartFilterParser.parseFilter(filter).getRoot()));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "ds =",
                "= 'a'",
                "ds 'a'",
                "ds = 'a' and",
                "(ds = 'a'",
                "ds in ('a')",
                "ds <=> 'a'",
                "ds = 2020-13-01",
                "ds = DATE '2020-02-30'",
                "ds = DATE 5",
                "ds between 1",
                "'a' = 'b'",
                "ds = 'unterminated",
                "ds = --1",
                "ds = 99999999999999999999",
            })
    void bothRefuse(String filter) {
        assertThatThrownBy(() -> PartFilterParser.parseFilter(filter)).isInstanceOf(Exception.class);
        assertThatThrownBy(() -> FilterParser.parse(filter, FilterLimits.DEFAULTS))
                .hasMessageStartingWith("Error parsing partition filter: ");
    }

    /** Hive's start rule has no EOF: it drops what follows a complete filter. We refuse it instead. */
    @ParameterizedTest
    @ValueSource(strings = {"ds = 1.5", "ds = 'a' garbage", "ds = 'a')"})
    void trailingTextIsRefusedWhereHiveIgnoresIt(String filter) throws MetaException {
        assertThat(PartFilterParser.parseFilter(filter).getRoot()).isInstanceOf(ExpressionTree.LeafNode.class);
        assertThatThrownBy(() -> FilterParser.parse(filter, FilterLimits.DEFAULTS))
                .hasMessageStartingWith("Error parsing partition filter: lexer error: extraneous input ");
    }

    /**
     * Hive's parser recurses once per bracket: on a thread with a 1 MB stack, the default of HMS's
     * Thrift workers, 10,000 brackets exhaust it (a few hundred do), and HMS answers an internal error,
     * not a MetaException. We read brackets in a loop and refuse beyond the limit, naming it.
     */
    @Test
    void tenThousandBracketsOverflowHivesStackAndHitOurLimit() {
        String filter = "(".repeat(10_000) + "ds = '2024-01-01'" + ")".repeat(10_000);
        assertThat(onDefaultStack(() -> PartFilterParser.parseFilter(filter))).isInstanceOf(StackOverflowError.class);
        assertThatThrownBy(() -> FilterParser.parse(filter, FilterLimits.DEFAULTS))
                .hasMessage("Error parsing partition filter: brackets nest deeper than the limit filter-depth"
                        + " of 1000 levels");
    }

    /**
     * Hive parses a 10,000-term chain into 9,999 binary ANDs, each nested in the next, which walking (as
     * HMS does to make SQL of it) overflows a 1 MB stack; ours is one AND of 10,000 operands, one level.
     */
    @Test
    void aTenThousandTermChainNestsInHiveAndIsOneLevelHere() {
        String filter = String.join(" and ", Collections.nCopies(10_000, "hr = 1"));
        Object hive = onDefaultStack(() -> PartFilterParser.parseFilter(filter));
        assertThat(hive).isInstanceOf(ExpressionTree.class);
        ExpressionTree tree = (ExpressionTree) hive;
        assertThat(depth(tree.getRoot())).isEqualTo(9_999);
        assertThat(onDefaultStack(() -> {
                    tree.accept(new ExpressionTree.TreeVisitor());
                    return "walked";
                }))
                .isInstanceOf(StackOverflowError.class);
        assertThat(FilterParser.parse(filter, FilterLimits.DEFAULTS)).isInstanceOfSatisfying(And.class, and -> {
            assertThat(and.operands()).hasSize(10_000);
            assertThat(and.depth()).isEqualTo(1);
        });
    }

    /** How many AND and OR nodes the deepest leaf is under, counted without recursion. */
    private static int depth(ExpressionTree.TreeNode root) {
        int deepest = 0;
        Deque<Map.Entry<ExpressionTree.TreeNode, Integer>> open = new ArrayDeque<>();
        open.push(Map.entry(root, 1));
        while (!open.isEmpty()) {
            Map.Entry<ExpressionTree.TreeNode, Integer> node = open.pop();
            deepest = Math.max(deepest, node.getValue());
            if (!(node.getKey() instanceof ExpressionTree.LeafNode)) {
                open.push(Map.entry(node.getKey().getLhs(), node.getValue() + 1));
                open.push(Map.entry(node.getKey().getRhs(), node.getValue() + 1));
            }
        }
        return deepest - 1;
    }

    private static Object onDefaultStack(Callable<Object> work) {
        return FilterAssertions.outcomeOnStack(1024 * 1024, work);
    }

    /** A tree as text: and/or flattened, BETWEEN and IN as the comparisons Hive expands them into. */
    private static String render(FilterSyntax syntax) {
        if (syntax instanceof And and) {
            return join(
                    "AND",
                    and.operands().stream().map(HiveFilterOracleTest::render).toList());
        }
        if (syntax instanceof Or or) {
            return join(
                    "OR",
                    or.operands().stream().map(HiveFilterOracleTest::render).toList());
        }
        if (syntax instanceof Comparison c) {
            return leaf(c.key(), op(c.operator()), c.value(), c.reversed());
        }
        if (syntax instanceof Between b) {
            return b.negated()
                    ? join("OR", List.of(leaf(b.key(), "<", b.low(), false), leaf(b.key(), ">", b.high(), false)))
                    : join("AND", List.of(leaf(b.key(), ">=", b.low(), false), leaf(b.key(), "<=", b.high(), false)));
        }
        In in = (In) syntax;
        List<String> leaves = in.values().stream()
                .map(v -> leaf(in.key(), in.negated() ? "!=" : "=", v, false))
                .toList();
        return leaves.size() == 1 ? leaves.get(0) : join(in.negated() ? "AND" : "OR", leaves);
    }

    private static String op(FilterSyntax.Operator operator) {
        return switch (operator) {
            case EQUAL -> "=";
            case NOT_EQUAL -> "!=";
            case LESS -> "<";
            case LESS_OR_EQUAL -> "<=";
            case GREATER -> ">";
            case GREATER_OR_EQUAL -> ">=";
            case LIKE -> "LIKE";
        };
    }

    private static String leaf(String key, String op, Literal value, boolean reversed) {
        return "[" + key + " " + op + " " + (value.integer() ? "#" : "'") + value.text() + (reversed ? " R" : "") + "]";
    }

    private static String render(ExpressionTree.TreeNode node) {
        if (node instanceof ExpressionTree.LeafNode leaf) {
            String op = switch (leaf.operator) {
                case NOTEQUALS, NOTEQUALS2 -> "!=";
                default -> leaf.operator.getOp();
            };
            boolean integer = leaf.value instanceof Long;
            return "[" + leaf.keyName + " " + op + " " + (integer ? "#" : "'") + leaf.value
                    + (leaf.isReverseOrder ? " R" : "") + "]";
        }
        List<String> parts = new ArrayList<>();
        flatten(node, node.getAndOr(), parts);
        return join(node.getAndOr().name(), parts);
    }

    private static void flatten(
            ExpressionTree.TreeNode node, ExpressionTree.LogicalOperator operator, List<String> out) {
        if (!(node instanceof ExpressionTree.LeafNode) && node.getAndOr() == operator) {
            flatten(node.getLhs(), operator, out);
            flatten(node.getRhs(), operator, out);
        } else {
            out.add(render(node));
        }
    }

    private static String join(String operator, List<String> parts) {
        List<String> flat = new ArrayList<>();
        for (String part : parts) {
            if (part.startsWith(operator + "(")) {
                flat.addAll(split(part.substring(operator.length() + 1, part.length() - 1)));
            } else {
                flat.add(part);
            }
        }
        return operator + "(" + flat.stream().collect(Collectors.joining(", ")) + ")";
    }

    /** Splits a joined list at its top-level commas. */
    private static List<String> split(String inner) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(inner.substring(start, i).trim());
                start = i + 1;
            }
        }
        parts.add(inner.substring(start).trim());
        return parts;
    }
}
