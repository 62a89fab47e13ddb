package dev.lakegate.translator.names;

import dev.lakegate.translator.error.HmsFailure;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * An HMS name pattern as ObjectStore applies it: split on {@code |}, each part a regular expression
 * in which {@code *} stands for {@code .*}, matched against the whole name without case. A null
 * pattern matches every name. Otherwise the pattern is trimmed (and, for tables and functions,
 * lower-cased), so {@code ""} matches nothing: HMS reads it as one empty alternative.
 * {@code get_databases} also takes {@code *} alone as "all", which the rule gives anyway.
 *
 * <p>HMS hands each alternative to DataNucleus's {@code String.matches}; for the patterns clients send
 * ({@code *}, {@code .}, literal names, {@code |}) that is the same as Java's regular expressions.
 */
public final class NamePattern {

    private static final NamePattern ALL = new NamePattern(null, "");

    private final List<Pattern> alternatives;
    private final String requiredPrefix;

    private NamePattern(List<Pattern> alternatives, String requiredPrefix) {
        this.alternatives = alternatives;
        this.requiredPrefix = requiredPrefix;
    }

    /** The pattern of {@code get_databases} (after the catalog is stripped off). */
    public static NamePattern forDatabases(String pattern) {
        if (pattern == null || pattern.equals("*")) {
            return ALL;
        }
        return compile(pattern.trim());
    }

    /** The pattern of {@code get_tables}, {@code get_functions} and friends. */
    public static NamePattern forTables(String pattern) {
        if (pattern == null) {
            return ALL;
        }
        return compile(pattern.trim().toLowerCase(Locale.ROOT));
    }

    public static NamePattern all() {
        return ALL;
    }

    private static NamePattern compile(String pattern) {
        List<Pattern> alternatives = new ArrayList<>();
        String prefix = null;
        for (String alternative : pattern.split("\\|")) {
            String regex = alternative.replace("*", ".*");
            prefix = prefix == null ? literalStart(regex) : commonStart(prefix, literalStart(regex));
            try {
                alternatives.add(Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
            } catch (PatternSyntaxException e) {
                throw HmsFailure.meta("Invalid name pattern '" + pattern + "': " + e.getDescription());
            }
        }
        return new NamePattern(List.copyOf(alternatives), prefix == null ? "" : prefix);
    }

    /** The plain characters a regex starts with, up to one that a quantifier may repeat or leave out. */
    private static String literalStart(String regex) {
        int end = 0;
        while (end < regex.length() && isPlain(regex.charAt(end))) {
            end++;
        }
        if (end < regex.length() && "?*+{".indexOf(regex.charAt(end)) >= 0) {
            end = Math.max(0, end - 1);
        }
        return regex.substring(0, end);
    }

    /**
     * Whether the character, in a pattern, matches a lower-case name's character only when it is the
     * same: lower-case letters but i and s (without case they match the dotless {@code ı} and the long
     * {@code ſ} too), digits, {@code _} and {@code -}. ({@code $} is the regex anchor.)
     */
    private static boolean isPlain(char c) {
        return (c >= 'a' && c <= 'z' && c != 'i' && c != 's') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }

    private static String commonStart(String a, String b) {
        int length = 0;
        while (length < Math.min(a.length(), b.length()) && a.charAt(length) == b.charAt(length)) {
            length++;
        }
        return a.substring(0, length);
    }

    /**
     * Text every name the pattern matches starts with, in lower case: a catalog that keeps names in lower
     * case can list the names in its range and leave the pattern to filter fewer of them. Empty when the
     * pattern does not start with plain characters.
     */
    public String requiredPrefix() {
        return requiredPrefix;
    }

    public boolean matchesAll() {
        return alternatives == null;
    }

    public boolean matches(String name) {
        if (alternatives == null) {
            return true;
        }
        for (Pattern alternative : alternatives) {
            if (alternative.matcher(name).matches()) {
                return true;
            }
        }
        return false;
    }

    /** The names that match, sorted, as HMS returns them. */
    public List<String> filter(Collection<String> names) {
        return names.stream().filter(this::matches).sorted().toList();
    }
}
