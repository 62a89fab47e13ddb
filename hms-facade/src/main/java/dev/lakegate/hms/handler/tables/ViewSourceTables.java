package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.translator.mapping.TableMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.SourceTable;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * HMS 4's ObjectStore hands out a materialized view's creation metadata with the object of each table it uses
 * ({@code sourceTables}; older clients do not read the field). The insert, update and delete counts beside
 * them come from transactions, which Lakegate does not serve: 0, as HMS answers them without transactions.
 */
public final class ViewSourceTables {

    private ViewSourceTables() {}

    /** The table, its creation metadata (if any) with the objects of the source tables that exist. */
    public static Table filled(CatalogClient client, Table table) {
        CreationMetadata metadata = table.getCreationMetadata();
        if (metadata == null) {
            return table;
        }
        List<SourceTable> sources = new ArrayList<>();
        for (String used : new TreeSet<>(metadata.getTablesUsed())) {
            int dot = used.indexOf('.');
            if (dot > 0) {
                TableReads.find(client, table.getCatName(), used.substring(0, dot), used.substring(dot + 1))
                        .ifPresent(source -> sources.add(new SourceTable(TableMapper.fromNative(source), 0, 0, 0)));
            }
        }
        metadata.setSourceTables(sources);
        return table;
    }
}
