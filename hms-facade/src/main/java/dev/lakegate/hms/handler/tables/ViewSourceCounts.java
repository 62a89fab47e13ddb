package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.MaterializedViewSourceCount;
import dev.lakegate.translator.mapping.TableIds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.SourceTable;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * What a materialized view counts of its sources' writes (HMS 4's MV_TABLES_USED rows): HMS 4.0.1's
 * ObjectStore writes a row per source with the view's creation metadata (the counts of its {@code sourceTables}
 * when the client sends them, else 0), and its TxnHandler.updateTransactionStatistics adds a transaction's
 * counts to every row of a source, by the source's table id. The catalog keeps them by the view's names and the
 * source's {@link TableIds id}, which is what Hive's writers send.
 */
public final class ViewSourceCounts {

    private ViewSourceCounts() {}

    /**
     * The view's creation metadata was written: it counts from the counts the metadata carries (0 where it
     * carries none) for each source that exists.
     */
    public static void written(
            CatalogClient client, String catalog, String database, String view, CreationMetadata metadata) {
        Map<String, SourceTable> carried = metadata.isSetSourceTables()
                ? metadata.getSourceTables().stream()
                        .filter(source -> source.getTable() != null)
                        .collect(Collectors.toMap(
                                source -> qualified(source.getTable()), Function.identity(), (a, b) -> b))
                : Map.of();
        List<MaterializedViewSourceCount> counts = new ArrayList<>();
        for (String used : new TreeSet<>(metadata.getTablesUsed())) {
            int dot = used.indexOf('.');
            if (dot <= 0) {
                continue;
            }
            TableReads.find(client, catalog, used.substring(0, dot), used.substring(dot + 1))
                    .ifPresent(source -> {
                        SourceTable given = carried.get(source.getNamespace() + "." + source.getName());
                        counts.add(MaterializedViewSourceCount.newBuilder()
                                .setSourceTableId(TableIds.fromUuid(source.getId()))
                                .setInserted(given == null ? 0 : given.getInsertedCount())
                                .setUpdated(given == null ? 0 : given.getUpdatedCount())
                                .setDeleted(given == null ? 0 : given.getDeletedCount())
                                .build());
                    });
        }
        client.acidTransactions().setViewSourceCounts(NativeTables.identifier(catalog, database, view), counts);
    }

    /** What the view counts of its sources' writes, by source id. */
    static Map<Long, MaterializedViewSourceCount> of(CatalogClient client, Table view) {
        return client
                .acidTransactions()
                .viewSourceCounts(NativeTables.identifier(view.getCatName(), view.getDbName(), view.getTableName()))
                .stream()
                .collect(Collectors.toMap(MaterializedViewSourceCount::getSourceTableId, Function.identity()));
    }

    private static String qualified(Table table) {
        return String.valueOf(table.getDbName()).toLowerCase(java.util.Locale.ROOT) + "."
                + String.valueOf(table.getTableName()).toLowerCase(java.util.Locale.ROOT);
    }
}
