package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.Partition;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableIdentifier;
import java.util.function.Consumer;

/**
 * A table's partitions as the writes of a whole table read them (a drop deleting their directories, a
 * truncate emptying them), a page at a time. The writes themselves are the catalog's: a rename moving the
 * partitions' locations, a cascade giving them the new columns and a truncate zeroing their statistics are
 * one commit with the table's own change (a partition rewrite, which the catalog applies to every
 * partition in the commit's transaction), so they are all-or-nothing whatever the number of partitions.
 */
final class TablePartitions {

    private TablePartitions() {}

    static TableIdentifier identifier(Table table) {
        return NativeTables.identifier(table);
    }

    /** Hands each partition of the table to {@code action}, a page (of the catalog's size) at a time. */
    static void forEach(CatalogClient client, Table table, Consumer<Partition> action) {
        String token = "";
        do {
            ListPartitionsResponse page = client.listPartitions(ListPartitionsRequest.newBuilder()
                    .setTable(identifier(table))
                    .setView(PartitionView.PARTITION_VIEW_FULL)
                    .setPageToken(token)
                    .build());
            page.getPartitionsList().forEach(action);
            token = page.getNextPageToken();
        } while (!token.isEmpty());
    }
}
