package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.CatalogException;
import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import org.quartz.CronExpression;

/**
 * A schedule in Quartz's cron syntax (seconds first, as HMS reads schedules), in the process's time
 * zone, as HMS computes next execution times.
 */
final class CronSchedule {

    private final CronExpression expression;

    private CronSchedule(CronExpression expression) {
        this.expression = expression;
    }

    static CronSchedule parse(String schedule) {
        if (schedule == null || schedule.isBlank()) {
            throw invalid(schedule, "the schedule is empty");
        }
        try {
            return new CronSchedule(new CronExpression(schedule));
        } catch (ParseException | IllegalArgumentException e) {
            throw invalid(schedule, e.getMessage());
        }
    }

    /** The first time strictly after {@code after}, in whole seconds; empty if the schedule has none. */
    Optional<Instant> nextAfter(Instant after) {
        Date next = expression.getNextValidTimeAfter(Date.from(after));
        return Optional.ofNullable(next).map(Date::toInstant);
    }

    private static CatalogException invalid(String schedule, String why) {
        return CatalogException.invalidArgument("schedule", "invalid cron schedule '" + schedule + "': " + why);
    }
}
