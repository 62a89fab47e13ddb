package dev.lakegate.translator.filter;

import java.util.ArrayList;
import java.util.List;

/**
 * The parsed filter before it meets the table's keys: a tree of and/or over leaves, each leaf a
 * key, an operator and literals as the grammar read them. An AND never has an AND as an operand, nor
 * an OR an OR: {@link #and} and {@link #or} merge them, so brackets and chains cost no depth, only
 * AND and OR nested in one another do.
 */
sealed interface FilterSyntax {

    /** Levels of AND and OR nested in one another above the deepest leaf: 0 for a leaf. */
    default int depth() {
        return 0;
    }

    /** The conjunction of the operands (two or more, none of them an AND), and its {@link #depth()}. */
    record And(List<FilterSyntax> operands, int depth) implements FilterSyntax {}

    /** The disjunction of the operands (two or more, none of them an OR), and its {@link #depth()}. */
    record Or(List<FilterSyntax> operands, int depth) implements FilterSyntax {}

    /** {@code key op value}, or {@code value op key} when {@code reversed}. */
    record Comparison(String key, Operator operator, Literal value, boolean reversed) implements FilterSyntax {}

    record Between(String key, Literal low, Literal high, boolean negated) implements FilterSyntax {}

    record In(String key, List<Literal> values, boolean negated) implements FilterSyntax {}

    enum Operator {
        EQUAL,
        NOT_EQUAL,
        LESS,
        LESS_OR_EQUAL,
        GREATER,
        GREATER_OR_EQUAL,
        LIKE
    }

    /** A constant: an integer (unquoted), or text (a string, a date or a timestamp). */
    record Literal(String text, boolean integer) {}

    /** All operands true; one operand is itself, an AND among them gives its operands. */
    static FilterSyntax and(List<FilterSyntax> operands) {
        return merged(operands, true);
    }

    /** Any operand true; one operand is itself, an OR among them gives its operands. */
    static FilterSyntax or(List<FilterSyntax> operands) {
        return merged(operands, false);
    }

    private static FilterSyntax merged(List<FilterSyntax> operands, boolean and) {
        if (operands.size() == 1) {
            return operands.get(0);
        }
        List<FilterSyntax> flat = new ArrayList<>(operands.size());
        int depth = 0;
        for (FilterSyntax operand : operands) {
            if (and && operand instanceof And inner) {
                flat.addAll(inner.operands());
                depth = Math.max(depth, inner.depth());
            } else if (!and && operand instanceof Or inner) {
                flat.addAll(inner.operands());
                depth = Math.max(depth, inner.depth());
            } else {
                flat.add(operand);
                depth = Math.max(depth, operand.depth() + 1);
            }
        }
        return and ? new And(List.copyOf(flat), depth) : new Or(List.copyOf(flat), depth);
    }
}
