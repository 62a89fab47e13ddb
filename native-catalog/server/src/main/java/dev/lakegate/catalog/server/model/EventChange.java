package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What an event changed: the objects as they were and as they became. */
public sealed interface EventChange {

    record NamespaceChange(Optional<Namespace> before, Optional<Namespace> after) implements EventChange {
        public NamespaceChange {
            requireNonNull(before, "before is null");
            requireNonNull(after, "after is null");
        }
    }

    /** Tables without their snapshots. */
    record TableChange(Optional<Table> before, Optional<Table> after, List<TableUpdate> updates)
            implements EventChange {
        public TableChange {
            requireNonNull(before, "before is null");
            requireNonNull(after, "after is null");
            updates = List.copyOf(updates);
        }
    }

    record PartitionsChange(Table table, List<Partition> before, List<Partition> after) implements EventChange {
        public PartitionsChange {
            requireNonNull(table, "table is null");
            before = List.copyOf(before);
            after = List.copyOf(after);
        }
    }

    record StatisticsChange(StatisticsTarget target, List<ColumnStatistics> statistics, List<String> deletedColumns)
            implements EventChange {
        public StatisticsChange {
            requireNonNull(target, "target is null");
            statistics = List.copyOf(statistics);
            deletedColumns = List.copyOf(deletedColumns);
        }
    }

    /** Data an engine wrote into the table (or one partition of it) and told the catalog of. */
    record DataInserted(Table table, Optional<Partition> partition, boolean replace, List<InsertedFile> files)
            implements EventChange {
        public DataInserted {
            requireNonNull(table, "table is null");
            requireNonNull(partition, "partition is null");
            files = List.copyOf(files);
        }
    }

    /**
     * Hive's transactions that were opened, committed or aborted, in that order; for write ids given, the
     * event's table and the id each transaction got, in the same order (else none).
     */
    record AcidTransactionsChange(List<Long> transactionIds, List<Long> writeIds) implements EventChange {
        public AcidTransactionsChange {
            transactionIds = List.copyOf(transactionIds);
            writeIds = List.copyOf(writeIds);
        }

        public static AcidTransactionsChange of(List<Long> transactionIds) {
            return new AcidTransactionsChange(transactionIds, List.of());
        }
    }

    /**
     * An event of another metastore's notification log, appended to this log as that metastore wrote it:
     * its id there ({@code sourceId}), time, type, and message body in its format. The catalog reads none
     * of it; its place (catalog, namespace, table) is the event's.
     */
    record Foreign(long sourceId, Instant time, String type, String message, String messageFormat)
            implements EventChange {
        public Foreign {
            requireNonNull(time, "time is null");
            requireNonNull(type, "type is null");
            requireNonNull(message, "message is null");
            requireNonNull(messageFormat, "messageFormat is null");
        }
    }

    record FunctionChange(Optional<Function> before, Optional<Function> after) implements EventChange {
        public FunctionChange {
            requireNonNull(before, "before is null");
            requireNonNull(after, "after is null");
        }
    }
}
