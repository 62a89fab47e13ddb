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

    private static final NamePattern ALL = new NamePattern(null);

    private final List<Pattern> alternatives;

    private NamePattern(List<Pattern> alternatives) {
        this.alternatives = alternatives;
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
        for (String alternative : pattern.split("\\|")) {
            try {
                alternatives.add(Pattern.compile(alternative.replace("*", ".*"),
                        Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
            } catch (PatternSyntaxException e) {
                throw HmsFailure.meta("Invalid name pattern '" + pattern + "': " + e.getDescription());
            }
        }
        return new NamePattern(List.copyOf(alternatives));
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
