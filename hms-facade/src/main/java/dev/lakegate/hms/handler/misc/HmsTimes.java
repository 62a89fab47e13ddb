package dev.lakegate.hms.handler.misc;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HMS time settings as MetastoreConf reads them ({@code convertTimeStr}): a whole number with an
 * optional unit ({@code ms}, {@code s}/{@code sec…}, {@code m}/{@code min…}, {@code h}/{@code hour…},
 * {@code d}/{@code day…}, {@code us}, {@code ns}); without a unit, the setting's own default unit.
 */
public final class HmsTimes {

    private static final Pattern WITH_UNIT = Pattern.compile("\\s*([0-9]+)\\s*([a-zA-Z]+)\\s*");

    private HmsTimes() {}

    public static Duration parse(String value, TimeUnit defaultUnit) {
        String text = value.trim();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("empty time value");
        }
        Matcher matcher = WITH_UNIT.matcher(text);
        if (!matcher.matches()) {
            return Duration.of(Long.parseLong(text), defaultUnit.toChronoUnit());
        }
        long amount = Long.parseLong(matcher.group(1));
        String unit = matcher.group(2).toLowerCase(Locale.ROOT);
        TimeUnit parsed;
        if (unit.equals("s") || unit.startsWith("sec")) {
            parsed = TimeUnit.SECONDS;
        } else if (unit.equals("ms") || unit.startsWith("msec")) {
            parsed = TimeUnit.MILLISECONDS;
        } else if (unit.equals("m") || unit.startsWith("min")) {
            parsed = TimeUnit.MINUTES;
        } else if (unit.equals("us") || unit.startsWith("usec")) {
            parsed = TimeUnit.MICROSECONDS;
        } else if (unit.equals("ns") || unit.startsWith("nsec")) {
            parsed = TimeUnit.NANOSECONDS;
        } else if (unit.equals("h") || unit.startsWith("hour")) {
            parsed = TimeUnit.HOURS;
        } else if (unit.equals("d") || unit.startsWith("day")) {
            parsed = TimeUnit.DAYS;
        } else {
            throw new IllegalArgumentException("Invalid time unit " + unit);
        }
        return Duration.of(amount, parsed.toChronoUnit());
    }
}
