package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.InsertedFile;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.List;
import java.util.Optional;

/**
 * Data an engine wrote outside the catalog (Impala's inserts, say), recorded as a DATA_INSERTED event of the
 * table or of one existing partition, so that other engines following the event log learn of it. Nothing
 * else changes.
 */
final class DataInsertions {

    private final Writes writes;

    DataInsertions(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    void record(
            TableIdentifier identifier,
            List<String> partitionValues,
            boolean replace,
            List<InsertedFile> files,
            RequestContext context) {
        TableIdentifier named = Names.table(identifier);
        writes.apply(
                context,
                tx -> {
                    Table table = TableOperations.find(tx, named, false);
                    Optional<Partition> partition = partitionValues.isEmpty()
                            ? Optional.empty()
                            : Optional.of(PartitionOperations.find(
                                    tx, table, PartitionOperations.keysOf(table), partitionValues));
                    tx.recordEvent(
                            writes.now(),
                            context.principal(),
                            EventType.DATA_INSERTED,
                            table.catalog(),
                            table.namespace(),
                            table.name(),
                            context.requestId(),
                            new EventChange.DataInserted(table, partition, replace, files));
                    return null;
                },
                () -> null);
    }
}
