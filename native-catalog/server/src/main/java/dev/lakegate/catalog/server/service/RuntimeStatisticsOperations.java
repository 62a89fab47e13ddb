package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.RuntimeStatistics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Hive's runtime statistics: opaque payloads with a weight, kept three days, listed newest first. */
final class RuntimeStatisticsOperations {

    private final Writes writes;

    RuntimeStatisticsOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    /** How long runtime statistics are kept (HMS's metastore.runtime.stats.max.age: three days). */
    static final Duration RUNTIME_STATISTICS_RETENTION = Duration.ofDays(3);

    /** The most runtime statistics one listing reads, whatever their weights. */
    static final int MAX_RUNTIME_STATISTICS = 10_000;

    private static final Instant NO_TIME_BOUND = Instant.parse("9999-12-31T00:00:00Z");

    RuntimeStatistics add(int weight, byte[] payload) {
        if (payload == null) {
            throw CatalogException.invalidArgument("payload", "the payload is missing");
        }
        Instant now = writes.now();
        RuntimeStatistics statistics = new RuntimeStatistics(now, weight, payload);
        // Expired ones go as new ones come, which bounds what is kept as HMS's hourly cleaner does.
        writes.transact(tx -> {
            tx.deleteRuntimeStatistics(now.minus(RUNTIME_STATISTICS_RETENTION));
            tx.addRuntimeStatistics(statistics);
            return null;
        });
        return statistics;
    }

    List<RuntimeStatistics> list(Optional<Integer> maxWeight, Instant before) {
        List<RuntimeStatistics> newest = writes.read(
                tx -> tx.listRuntimeStatistics(before == null ? NO_TIME_BOUND : before, MAX_RUNTIME_STATISTICS));
        if (maxWeight.isEmpty()) {
            return newest;
        }
        List<RuntimeStatistics> answer = new ArrayList<>();
        long weight = 0;
        for (RuntimeStatistics statistics : newest) {
            answer.add(statistics);
            weight += statistics.weight();
            if (weight >= maxWeight.get()) {
                break;
            }
        }
        return answer;
    }
}
