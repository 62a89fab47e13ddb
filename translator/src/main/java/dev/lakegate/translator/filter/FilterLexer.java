package dev.lakegate.translator.filter;

import dev.lakegate.translator.filter.Token.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Splits a filter into tokens the way Hive 4's PartitionFilter lexer does: keywords in any case,
 * the longest match wins (so {@code 2020-01-01} is one date and {@code 12ab} one identifier),
 * strings in single or double quotes whose backslash escapes are kept as written, identifiers of
 * ASCII letters, digits and underscores or in backquotes. Anything else is an unrecognized token,
 * which the parser then rejects.
 */
final class FilterLexer {

    private static final Map<String, Kind> KEYWORDS = Map.ofEntries(
            Map.entry("AND", Kind.AND),
            Map.entry("OR", Kind.OR),
            Map.entry("NOT", Kind.NOT),
            Map.entry("BETWEEN", Kind.BETWEEN),
            Map.entry("IN", Kind.IN),
            Map.entry("STRUCT", Kind.STRUCT),
            Map.entry("CONST", Kind.CONST),
            Map.entry("DATE", Kind.DATE),
            Map.entry("TIMESTAMP", Kind.TIMESTAMP),
            Map.entry("LIKE", Kind.LIKE));

    private final String text;
    private int position;

    private FilterLexer(String text) {
        this.text = text;
    }

    static List<Token> tokenize(String text) {
        FilterLexer lexer = new FilterLexer(text);
        List<Token> tokens = new ArrayList<>();
        Token token;
        do {
            token = lexer.next();
            tokens.add(token);
        } while (token.kind() != Kind.EOF);
        return tokens;
    }

    private Token next() {
        while (position < text.length() && " \r\n\t".indexOf(text.charAt(position)) >= 0) {
            position++;
        }
        int start = position;
        if (position >= text.length()) {
            return new Token(Kind.EOF, "", start);
        }
        char c = text.charAt(position);
        switch (c) {
            case '(':
                return single(Kind.LPAREN);
            case ')':
                return single(Kind.RPAREN);
            case ',':
                return single(Kind.COMMA);
            case '-':
                return single(Kind.MINUS);
            case '=':
                return text.startsWith("==", start) ? take(Kind.EQ, 2) : single(Kind.EQ);
            case '!':
                return text.startsWith("!=", start) ? take(Kind.NEQJ, 2) : single(Kind.UNRECOGNIZED);
            case '<':
                if (text.startsWith("<=>", start)) {
                    return take(Kind.NSEQ, 3);
                }
                if (text.startsWith("<=", start)) {
                    return take(Kind.LTE, 2);
                }
                return text.startsWith("<>", start) ? take(Kind.NEQ, 2) : single(Kind.LT);
            case '>':
                return text.startsWith(">=", start) ? take(Kind.GTE, 2) : single(Kind.GT);
            case '\'':
            case '"':
                return string(c);
            case '`':
                return quotedIdentifier();
            default:
                return word();
        }
    }

    private Token single(Kind kind) {
        return take(kind, 1);
    }

    private Token take(Kind kind, int length) {
        Token token = new Token(kind, text.substring(position, position + length), position);
        position += length;
        return token;
    }

    private Token string(char quote) {
        int start = position;
        int i = position + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                i += 2;
            } else if (c == quote) {
                position = i + 1;
                return new Token(Kind.STRING, text.substring(start, position), start);
            } else if (c == '\\') {
                break;
            } else {
                i++;
            }
        }
        return single(Kind.UNRECOGNIZED);
    }

    private Token quotedIdentifier() {
        int start = position;
        int i = position + 1;
        while (i < text.length()) {
            if (text.charAt(i) == '`') {
                if (i + 1 < text.length() && text.charAt(i + 1) == '`') {
                    i += 2;
                    continue;
                }
                position = i + 1;
                return new Token(Kind.QUOTED_IDENTIFIER, text.substring(start, position), start);
            }
            i++;
        }
        return single(Kind.UNRECOGNIZED);
    }

    private Token word() {
        int start = position;
        int end = start;
        while (end < text.length() && isWordChar(text.charAt(end))) {
            end++;
        }
        int temporal = temporalLength(start);
        if (temporal > end - start) {
            return take(temporal == 19 ? Kind.TIMESTAMP_VALUE : Kind.DATE_VALUE, temporal);
        }
        if (end == start) {
            return single(Kind.UNRECOGNIZED);
        }
        String word = text.substring(start, end);
        Kind keyword = KEYWORDS.get(word.toUpperCase(Locale.ROOT));
        if (keyword != null) {
            return take(keyword, end - start);
        }
        boolean digits = word.chars().allMatch(ch -> ch >= '0' && ch <= '9');
        return take(digits ? Kind.INTEGER : Kind.IDENTIFIER, end - start);
    }

    /** 10 for {@code dddd-dd-dd}, 19 for {@code dddd-dd-dd dd:dd:dd}, else 0. */
    private int temporalLength(int start) {
        if (!matches(start, "dddd-dd-dd")) {
            return 0;
        }
        return matches(start, "dddd-dd-dd dd:dd:dd") ? 19 : 10;
    }

    private boolean matches(int start, String shape) {
        if (start + shape.length() > text.length()) {
            return false;
        }
        for (int i = 0; i < shape.length(); i++) {
            char expected = shape.charAt(i);
            char actual = text.charAt(start + i);
            if (expected == 'd' ? actual < '0' || actual > '9' : actual != expected) {
                return false;
            }
        }
        return true;
    }

    private static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }
}
