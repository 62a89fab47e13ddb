package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** A predicate over partition keys; the store evaluates it as SQL. */
public sealed interface PartitionFilter {

    enum Operator {
        EQUAL,
        NOT_EQUAL,
        LESS,
        LESS_OR_EQUAL,
        GREATER,
        GREATER_OR_EQUAL
    }

    record And(List<PartitionFilter> operands) implements PartitionFilter {
        public And {
            operands = List.copyOf(operands);
        }
    }

    record Or(List<PartitionFilter> operands) implements PartitionFilter {
        public Or {
            operands = List.copyOf(operands);
        }
    }

    record Not(PartitionFilter operand) implements PartitionFilter {
        public Not {
            requireNonNull(operand, "operand is null");
        }
    }

    record Compare(String key, Operator operator, String value) implements PartitionFilter {
        public Compare {
            requireNonNull(key, "key is null");
            requireNonNull(operator, "operator is null");
            requireNonNull(value, "value is null");
        }
    }

    record In(String key, List<String> values, boolean negated) implements PartitionFilter {
        public In {
            requireNonNull(key, "key is null");
            values = List.copyOf(values);
        }
    }

    record Between(String key, String low, String high, boolean negated) implements PartitionFilter {
        public Between {
            requireNonNull(key, "key is null");
            requireNonNull(low, "low is null");
            requireNonNull(high, "high is null");
        }
    }

    /**
     * SQL LIKE: {@code %} matches any run of characters, {@code _} one character, and a backslash
     * makes the next {@code %}, {@code _} or backslash literal.
     */
    record Like(String key, String pattern, boolean negated) implements PartitionFilter {
        public Like {
            requireNonNull(key, "key is null");
            requireNonNull(pattern, "pattern is null");
            for (int i = 0; i < pattern.length(); i++) {
                if (pattern.charAt(i) == '\\') {
                    if (i + 1 == pattern.length() || "%_\\".indexOf(pattern.charAt(i + 1)) < 0) {
                        throw CatalogException.invalidArgument(
                                "filter",
                                "LIKE pattern '" + pattern + "' has a backslash that escapes nothing: "
                                        + "it may only precede %, _ or a backslash");
                    }
                    i++;
                }
            }
        }
    }
}
