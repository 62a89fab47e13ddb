package dev.lakegate.translator.filter;

/**
 * How much filter the gateway reads before it refuses one, so that a hostile filter costs no more
 * than a large real one: its length in characters, and how deep brackets nest in it. (How deep AND
 * and OR may nest in one another is not a setting: it is the catalog's limit, see {@link FilterParser}.)
 *
 * <p>The defaults leave room for the filters engines generate: Spark writes a chain of N conditions
 * joined by AND or OR as N nested brackets, and sends an IN set of more than a thousand values as a
 * range instead. Hive 4.0.1's own parser recurses per bracket and exhausts a thread's default stack
 * well before the default depth (see HiveFilterOracleTest), so HMS serves less than that.
 *
 * @param maxLength the most characters a filter may have
 * @param maxDepth the most brackets that may be open at once
 */
public record FilterLimits(int maxLength, int maxDepth) {

    /** The names of the two settings ({@code lakegate serve --limit filter-length=…}), as messages give them. */
    public static final String LENGTH = "filter-length";

    public static final String DEPTH = "filter-depth";

    public static final FilterLimits DEFAULTS = new FilterLimits(1_000_000, 1_000);

    public FilterLimits {
        if (maxLength < 1) {
            throw new IllegalArgumentException("maxLength must be positive, not " + maxLength);
        }
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be positive, not " + maxDepth);
        }
    }
}
