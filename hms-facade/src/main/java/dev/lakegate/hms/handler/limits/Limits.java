package dev.lakegate.hms.handler.limits;

import dev.lakegate.translator.filter.FilterLimits;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;

/** The value of every {@link Limit}: its default unless a setting changed it. */
public final class Limits {

    public static final Limits DEFAULTS = new Limits(new EnumMap<>(Limit.class));

    private final EnumMap<Limit, Integer> values;

    private Limits(EnumMap<Limit, Integer> values) {
        this.values = values;
    }

    /**
     * The defaults changed by settings of the form name → value; a name that is no limit, a value that
     * is not a number, below 1 or above the limit's highest is refused, naming the setting.
     */
    public static Limits of(Map<String, String> settings) {
        EnumMap<Limit, Integer> values = new EnumMap<>(Limit.class);
        settings.forEach((name, value) -> {
            Limit limit = byName(name);
            int parsed;
            try {
                parsed = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("limit " + name + " must be a whole number, not '" + value + "'");
            }
            if (parsed < 1 || parsed > limit.maxValue()) {
                throw new IllegalArgumentException(
                        "limit " + name + " must be between 1 and " + limit.maxValue() + ", not " + parsed);
            }
            values.put(limit, parsed);
        });
        return new Limits(values);
    }

    private static Limit byName(String name) {
        return Arrays.stream(Limit.values())
                .filter(limit -> limit.setting().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown limit '" + name + "'; the limits are "
                        + Arrays.stream(Limit.values()).map(Limit::setting).collect(Collectors.joining(", "))));
    }

    public int get(Limit limit) {
        return values.getOrDefault(limit, limit.defaultValue());
    }

    /** The filter limits, as the translator's parsers take them. */
    public FilterLimits filters() {
        return new FilterLimits(get(Limit.FILTER_LENGTH), get(Limit.FILTER_DEPTH));
    }

    @Override
    public String toString() {
        return Arrays.stream(Limit.values())
                .map(limit -> limit.setting() + "=" + get(limit))
                .collect(Collectors.joining(", ", "Limits[", "]"));
    }
}
