package dev.lakegate.translator.filter;

import java.util.List;

/**
 * The parsed filter before it meets the table's keys: a tree of and/or over leaves, each leaf a
 * key, an operator and literals as the grammar read them.
 */
sealed interface FilterSyntax {

    record And(List<FilterSyntax> operands) implements FilterSyntax {}

    record Or(List<FilterSyntax> operands) implements FilterSyntax {}

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
}
