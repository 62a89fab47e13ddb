package dev.lakegate.translator.filter;

import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterSyntax.Between;
import dev.lakegate.translator.filter.FilterSyntax.Comparison;
import dev.lakegate.translator.filter.FilterSyntax.In;
import dev.lakegate.translator.filter.FilterSyntax.Literal;
import dev.lakegate.translator.filter.FilterSyntax.Operator;
import dev.lakegate.translator.filter.Token.Kind;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A parser of Hive 4's PartitionFilter grammar: OR of ANDs of conditions or parenthesized filters; a
 * condition is {@code key op constant}, {@code constant op key}, {@code key [NOT] BETWEEN c AND c},
 * {@code (key) [NOT] IN (c, ...)} or {@code (STRUCT(k, ...)) [NOT] IN (STRUCT(c, ...), ...)}. A
 * constant is one or more adjacent strings, an integer with an optional minus, a date
 * ({@code 2020-01-01} or {@code DATE '2020-01-01'}) or a timestamp.
 *
 * <p>It reads brackets and chains in a loop, keeping the open brackets on the heap, so no filter can
 * exhaust the thread's stack; {@link FilterLimits} bound the length and how deep brackets nest. Chains
 * become one AND or OR however they are bracketed, and AND and OR may nest in one another at most
 * {@link CatalogWire#MAX_FILTER_DEPTH} levels deep: the catalog takes no deeper partition filter, and
 * what reads the tree afterwards (a table filter is evaluated here) may then walk it by recursion.
 *
 * <p>Deliberate differences from Hive 4.0.1, which never reject a filter Hive accepts with a
 * meaning: text after a complete filter is an error (Hive's start rule has no EOF and ignores it);
 * the multi-column IN takes one or more structs (Hive's rule takes exactly two) and unquotes
 * backquoted keys in it (Hive keeps the backquotes, so the key is never found).
 */
final class FilterParser {

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);

    private final List<Token> tokens;
    private int index;

    private FilterParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    static FilterSyntax parse(String filter, FilterLimits limits) {
        if (filter.length() > limits.maxLength()) {
            throw failure("the filter has " + filter.length() + " characters, more than the limit "
                    + FilterLimits.LENGTH + " of " + limits.maxLength());
        }
        FilterSyntax syntax = new FilterParser(FilterLexer.tokenize(filter)).filter(limits.maxDepth());
        if (syntax.depth() > CatalogWire.MAX_FILTER_DEPTH) {
            throw failure("AND and OR nest in one another " + syntax.depth() + " levels deep, more than the limit of "
                    + CatalogWire.MAX_FILTER_DEPTH);
        }
        return syntax;
    }

    /** The brackets open around the operand being read, each with what it has read so far. */
    private FilterSyntax filter(int maxDepth) {
        Deque<Group> enclosing = new ArrayDeque<>();
        Group group = new Group();
        while (true) {
            while (opensGroup()) {
                if (enclosing.size() == maxDepth) {
                    throw failure("brackets nest deeper than the limit " + FilterLimits.DEPTH + " of " + maxDepth
                            + " levels");
                }
                index++;
                enclosing.push(group);
                group = new Group();
            }
            group.terms.add(condition());
            while (!accept(Kind.AND)) {
                if (accept(Kind.OR)) {
                    group.or();
                    break;
                }
                if (enclosing.isEmpty()) {
                    if (peek().kind() != Kind.EOF) {
                        throw error("extraneous input " + peek().describe() + " expecting {<EOF>, AND, OR}");
                    }
                    return group.close();
                }
                expect(Kind.RPAREN, "')'");
                FilterSyntax closed = group.close();
                group = enclosing.pop();
                group.terms.add(closed);
            }
        }
    }

    /** One level of brackets: the alternatives (ORed) read so far and the terms (ANDed) of the current one. */
    private static final class Group {
        private final List<FilterSyntax> alternatives = new ArrayList<>();
        private List<FilterSyntax> terms = new ArrayList<>();

        void or() {
            alternatives.add(FilterSyntax.and(terms));
            terms = new ArrayList<>();
        }

        FilterSyntax close() {
            or();
            return FilterSyntax.or(alternatives);
        }
    }

    /** A bracket that groups a filter, not one that starts a (single- or multi-column) IN. */
    private boolean opensGroup() {
        if (peek().kind() != Kind.LPAREN || peek(1).kind() == Kind.STRUCT) {
            return false;
        }
        return !(isIdentifier(peek(1))
                && peek(2).kind() == Kind.RPAREN
                && (peek(3).kind() == Kind.IN || (peek(3).kind() == Kind.NOT && peek(4).kind() == Kind.IN)));
    }

    private FilterSyntax condition() {
        if (peek().kind() == Kind.LPAREN) {
            return peek(1).kind() == Kind.STRUCT ? multiColumnIn() : in();
        }
        if (isIdentifier(peek())) {
            String key = identifier();
            if (peek().kind() == Kind.BETWEEN || (peek().kind() == Kind.NOT && peek(1).kind() == Kind.BETWEEN)) {
                boolean negated = accept(Kind.NOT);
                expect(Kind.BETWEEN, "BETWEEN");
                Literal low = constant();
                expect(Kind.AND, "AND");
                return new Between(key, low, constant(), negated);
            }
            Operator operator = operator();
            return new Comparison(key, operator, constant(), false);
        }
        Literal value = constant();
        Operator operator = operator();
        if (!isIdentifier(peek())) {
            throw error("mismatched input " + peek().describe() + " expecting {IDENTIFIER, QUOTEDIDENTIFIER}");
        }
        return new Comparison(identifier(), operator, value, true);
    }

    private FilterSyntax in() {
        expect(Kind.LPAREN, "'('");
        String key = identifier();
        expect(Kind.RPAREN, "')'");
        boolean negated = accept(Kind.NOT);
        expect(Kind.IN, "IN");
        expect(Kind.LPAREN, "'('");
        List<Literal> values = constants();
        expect(Kind.RPAREN, "')'");
        return new In(key, values, negated);
    }

    private FilterSyntax multiColumnIn() {
        expect(Kind.LPAREN, "'('");
        expect(Kind.STRUCT, "STRUCT");
        expect(Kind.LPAREN, "'('");
        List<String> keys = new ArrayList<>();
        do {
            keys.add(identifier());
        } while (accept(Kind.COMMA));
        expect(Kind.RPAREN, "')'");
        expect(Kind.RPAREN, "')'");
        boolean negated = accept(Kind.NOT);
        expect(Kind.IN, "IN");
        expect(Kind.LPAREN, "'('");
        List<FilterSyntax> structs = new ArrayList<>();
        do {
            accept(Kind.CONST);
            expect(Kind.STRUCT, "STRUCT");
            expect(Kind.LPAREN, "'('");
            List<Literal> values = constants();
            expect(Kind.RPAREN, "')'");
            if (values.size() != keys.size()) {
                throw error("Struct key " + keys + " and value "
                        + values.stream().map(Literal::text).toList() + " sizes do not match.");
            }
            List<FilterSyntax> leaves = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                leaves.add(new Comparison(
                        keys.get(i), negated ? Operator.NOT_EQUAL : Operator.EQUAL, values.get(i), false));
            }
            structs.add(negated ? FilterSyntax.or(leaves) : FilterSyntax.and(leaves));
        } while (accept(Kind.COMMA));
        expect(Kind.RPAREN, "')'");
        return negated ? FilterSyntax.and(structs) : FilterSyntax.or(structs);
    }

    private List<Literal> constants() {
        List<Literal> values = new ArrayList<>();
        do {
            values.add(constant());
        } while (accept(Kind.COMMA));
        return values;
    }

    private Operator operator() {
        int at = index;
        Token token = next();
        return switch (token.kind()) {
            case EQ -> Operator.EQUAL;
            case NEQ, NEQJ -> Operator.NOT_EQUAL;
            case LT -> Operator.LESS;
            case LTE -> Operator.LESS_OR_EQUAL;
            case GT -> Operator.GREATER;
            case GTE -> Operator.GREATER_OR_EQUAL;
            case LIKE -> Operator.LIKE;
            case NSEQ -> throw failure("Unsupported comparison operator: " + token.text());
            default -> {
                index = at;
                throw error("mismatched input " + token.describe()
                        + " expecting {'=', '<=>', '<>', '!=', '<', '<=', '>', '>=', 'LIKE'}");
            }
        };
    }

    private Literal constant() {
        int at = index;
        Token token = next();
        switch (token.kind()) {
            case STRING: {
                StringBuilder text = new StringBuilder(token.text());
                while (peek().kind() == Kind.STRING) {
                    text.append(next().text());
                }
                return new Literal(unquote(text.toString()), false);
            }
            case MINUS: {
                int numberAt = index;
                Token number = next();
                if (number.kind() != Kind.INTEGER) {
                    index = numberAt;
                    throw error("mismatched input " + number.describe() + " expecting INTEGER_VALUE");
                }
                return new Literal(Long.toString(parseLong("-" + number.text())), true);
            }
            case INTEGER:
                return new Literal(Long.toString(parseLong(token.text())), true);
            case DATE_VALUE:
                return new Literal(checked(token.text(), DATE), false);
            case TIMESTAMP_VALUE:
                return new Literal(checked(token.text(), TIMESTAMP), false);
            case DATE:
            case TIMESTAMP: {
                int valueAt = index;
                Token value = next();
                if (value.kind() != Kind.STRING) {
                    index = valueAt;
                    throw error("mismatched input " + value.describe() + " expecting STRING");
                }
                return new Literal(checked(unquote(value.text()), token.kind() == Kind.DATE ? DATE : TIMESTAMP), false);
            }
            default:
                index = at;
                throw error("mismatched input " + token.describe()
                        + " expecting {STRING, '-', DATE, TIMESTAMP, INTEGER_VALUE, DATE_VALUE, TIMESTAMP_VALUE}");
        }
    }

    private long parseLong(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw failure("For input string: \"" + text + "\"");
        }
    }

    private String checked(String text, DateTimeFormatter format) {
        try {
            if (format == DATE) {
                LocalDate.parse(text, format);
            } else {
                LocalDateTime.parse(text, format);
            }
            return text;
        } catch (DateTimeParseException e) {
            throw failure(e.getMessage());
        }
    }

    /** Hive strips the outer quotes when both ends carry the same quote, and undoes no escapes. */
    private static String unquote(String text) {
        if (text.length() > 1) {
            char first = text.charAt(0);
            char last = text.charAt(text.length() - 1);
            if ((first == '\'' && last == '\'') || (first == '"' && last == '"')) {
                return text.substring(1, text.length() - 1);
            }
        }
        return text;
    }

    private String identifier() {
        int at = index;
        Token token = next();
        if (token.kind() == Kind.IDENTIFIER) {
            return token.text();
        }
        if (token.kind() == Kind.QUOTED_IDENTIFIER) {
            return token.text().substring(1, token.text().length() - 1).replace("``", "`");
        }
        index = at;
        throw error("mismatched input " + token.describe() + " expecting {IDENTIFIER, QUOTEDIDENTIFIER}");
    }

    private static boolean isIdentifier(Token token) {
        return token.kind() == Kind.IDENTIFIER || token.kind() == Kind.QUOTED_IDENTIFIER;
    }

    private Token peek() {
        return peek(0);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(index + ahead, tokens.size() - 1));
    }

    private Token next() {
        Token token = peek();
        if (index < tokens.size() - 1) {
            index++;
        }
        return token;
    }

    private boolean accept(Kind kind) {
        if (peek().kind() == kind) {
            index++;
            return true;
        }
        return false;
    }

    private void expect(Kind kind, String expected) {
        if (!accept(kind)) {
            throw error("mismatched input " + peek().describe() + " expecting " + expected);
        }
    }

    /** A syntax error, worded as Hive's parse error listener words ANTLR's. */
    private HmsFailure error(String message) {
        return failure("lexer error: " + message);
    }

    private static HmsFailure failure(String message) {
        return HmsFailure.meta("Error parsing partition filter: " + message);
    }
}
