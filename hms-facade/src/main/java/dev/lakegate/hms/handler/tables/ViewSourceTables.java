package dev.lakegate.hms.handler.tables;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.MaterializedViewSourceCount;
import dev.lakegate.translator.mapping.TableIds;
import dev.lakegate.translator.mapping.TableMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.SourceTable;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * HMS 4's ObjectStore hands out a materialized view's creation metadata with the object of each table it uses
 * ({@code sourceTables}; older clients do not read the field), with the rows inserted, updated and deleted in
 * each since the metadata was written ({@link ViewSourceCounts}; 0 where the view counts none).
 */
public final class ViewSourceTables {

    private ViewSourceTables() {}

    /** The table, its creation metadata (if any) with the objects of the source tables that exist. */
    public static Table filled(CatalogClient client, Table table) {
        CreationMetadata metadata = table.getCreationMetadata();
        if (metadata == null) {
            return table;
        }
        // a Thrift set, answered in name order as HMS 4.0.1 answers it (the client's HashSet keeps the wire
        // order of two names in one bucket)
        metadata.setTablesUsed(new TreeSet<>(metadata.getTablesUsed()));
        List<SourceTable> sources = new ArrayList<>();
        Map<Long, MaterializedViewSourceCount> counts = ViewSourceCounts.of(client, table);
        for (String used : new TreeSet<>(metadata.getTablesUsed())) {
            int dot = used.indexOf('.');
            if (dot > 0) {
                TableReads.find(client, table.getCatName(), used.substring(0, dot), used.substring(dot + 1))
                        .ifPresent(source -> {
                            MaterializedViewSourceCount count = counts.getOrDefault(
                                    TableIds.fromUuid(source.getId()),
                                    MaterializedViewSourceCount.getDefaultInstance());
                            sources.add(new SourceTable(
                                    TableMapper.fromNative(source),
                                    count.getInserted(),
                                    count.getUpdated(),
                                    count.getDeleted()));
                        });
            }
        }
        metadata.setSourceTables(sources);
        return table;
    }
}
