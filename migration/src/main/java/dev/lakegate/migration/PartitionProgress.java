package dev.lakegate.migration;

import java.time.Duration;
import java.util.function.Consumer;

/** Reports how far the copy of one table's missing partitions has come, batch by batch. */
final class PartitionProgress {

    private final Consumer<MigrationEvent> report;
    private final String database;
    private final String table;
    private final long total;
    private final long start = System.nanoTime();
    private long done;

    PartitionProgress(Consumer<MigrationEvent> report, String database, String table, long total) {
        this.report = report;
        this.database = database;
        this.table = table;
        this.total = total;
    }

    void advance(long count) {
        if (count == 0) {
            return;
        }
        done += count;
        report.accept(new MigrationEvent.PartitionsCopying(
                database, table, done, total, Duration.ofNanos(System.nanoTime() - start)));
    }

    void end() {
        if (done > 0) {
            report.accept(new MigrationEvent.PartitionsCopied(database, table));
        }
    }
}
