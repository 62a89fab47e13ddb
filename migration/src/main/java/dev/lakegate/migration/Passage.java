package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.legacy.Route;

/**
 * One direction of a move: {@code from} serves the database under route {@code serving}; its
 * notification-log position up to which {@code to} is known to match is kept as {@code fromEvent}.
 * While the move makes the last changes the route is {@code holding}, then {@code next}.
 */
record Passage(
        Direction direction,
        Metastore from,
        Metastore to,
        String fromEvent,
        String toEvent,
        Route serving,
        Route holding,
        Route next) {

    Passage {
        requireNonNull(direction, "direction is null");
        requireNonNull(from, "from is null");
        requireNonNull(to, "to is null");
        requireNonNull(fromEvent, "fromEvent is null");
        requireNonNull(toEvent, "toEvent is null");
        requireNonNull(serving, "serving is null");
        requireNonNull(holding, "holding is null");
        requireNonNull(next, "next is null");
    }

    static Passage cutover(Metastore legacy, NativeTarget target) {
        return new Passage(
                Direction.CUTOVER,
                legacy,
                target.metastore(),
                NativeTarget.LEGACY_EVENT_PROPERTY,
                NativeTarget.CATALOG_EVENT_PROPERTY,
                Route.LEGACY,
                Route.CUTOVER,
                Route.NATIVE);
    }

    static Passage rollback(Metastore legacy, NativeTarget target) {
        return new Passage(
                Direction.ROLLBACK,
                target.metastore(),
                legacy,
                NativeTarget.CATALOG_EVENT_PROPERTY,
                NativeTarget.LEGACY_EVENT_PROPERTY,
                Route.NATIVE,
                Route.ROLLBACK,
                Route.LEGACY);
    }
}
