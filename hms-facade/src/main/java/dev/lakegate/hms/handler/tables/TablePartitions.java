package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.Partition;
import dev.lakegate.catalog.v1.PartitionUpdate;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import dev.lakegate.translator.types.Columns;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;

/**
 * A table's partitions as the writes of a whole table touch them (a drop, a truncate, a rename that
 * moves the data, a cascaded alter): all of them read in full, updated in batches.
 */
final class TablePartitions {

    /**
     * The most updates one catalog call takes (the catalog's PartitionOperations.MAX_BATCH, as
     * PartitionPages.MAX_BATCH): a truncate of named partitions, bounded by the partitions-per-call limit,
     * is then one call, one transaction. A write over all of a table's partitions (a truncate of the whole
     * table, a rename moving them, a cascaded alter) is one call per 10,000 of them: such a write of a
     * larger table is not all-or-nothing until the catalog has an operation that does it in one.
     */
    private static final int BATCH = 10_000;

    private TablePartitions() {}

    static TableIdentifier identifier(Table table) {
        return TableIdentifier.newBuilder()
                .setNamespace(table.getNamespace())
                .setName(table.getName())
                .build();
    }

    static List<Partition> all(CatalogClient client, Table table) {
        return all(client, identifier(table));
    }

    static List<Partition> all(CatalogClient client, TableIdentifier table) {
        List<Partition> partitions = new ArrayList<>();
        String token = "";
        do {
            ListPartitionsResponse page = client.listPartitions(ListPartitionsRequest.newBuilder()
                    .setTable(table)
                    .setView(PartitionView.PARTITION_VIEW_FULL)
                    .setPageToken(token)
                    .build());
            partitions.addAll(page.getPartitionsList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return partitions;
    }

    static void update(CatalogClient client, TableIdentifier table, List<PartitionUpdate> updates) {
        for (int from = 0; from < updates.size(); from += BATCH) {
            client.updatePartitions(UpdatePartitionsRequest.newBuilder()
                    .setTable(table)
                    .addAllUpdates(updates.subList(from, Math.min(updates.size(), from + BATCH)))
                    .build());
        }
    }

    /** The partitions below a moved table's directory move with it (their locations follow). */
    static void moveLocations(CatalogClient client, TableIdentifier table, String from, String to) {
        List<PartitionUpdate> updates = new ArrayList<>();
        for (Partition partition : all(client, table)) {
            if (partition.getLocation().contains(from)) {
                updates.add(PartitionUpdate.newBuilder()
                        .addAllValues(partition.getValuesList())
                        .setPartition(partition.toBuilder()
                                .setLocation(partition.getLocation().replace(from, to)))
                        .build());
            }
        }
        update(client, table, updates);
    }

    /** alter_table with cascade: every partition takes the table's new columns. */
    static void setColumns(CatalogClient client, TableIdentifier table, List<FieldSchema> columns) {
        List<dev.lakegate.catalog.v1.Field> fields = Columns.withoutIds(columns);
        List<PartitionUpdate> updates = new ArrayList<>();
        for (Partition partition : all(client, table)) {
            updates.add(PartitionUpdate.newBuilder()
                    .addAllValues(partition.getValuesList())
                    .setPartition(partition.toBuilder().clearColumns().addAllColumns(fields))
                    .build());
        }
        update(client, table, updates);
    }
}
