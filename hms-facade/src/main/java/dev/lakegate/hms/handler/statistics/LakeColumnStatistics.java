package dev.lakegate.hms.handler.statistics;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ColumnFigures;
import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.Schema;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;

/**
 * The column statistics of an Iceberg table as HMS's calls answer them: those a client wrote, with the figures
 * of the current snapshot (as {@link LakeColumnFigures} maps them) where those are the later write
 * ({@link CurrentSnapshotFigures}). HMS sees an Iceberg table unpartitioned (HiveCatalog's tables have no
 * partition keys), so only table-level statistics are concerned. Other tables' statistics pass as written.
 */
final class LakeColumnStatistics {

    private LakeColumnStatistics() {}

    /**
     * {@code written}, the statistics a client wrote of {@code columns} (lower-case; empty: every column), with
     * the catalog's where they win; sorted by column.
     */
    static List<ColumnStatisticsObj> merged(
            CatalogClient client, Table table, List<String> columns, List<ColumnStatisticsObj> written) {
        Optional<CurrentSnapshotFigures> current = CurrentSnapshotFigures.of(client, table);
        if (current.isEmpty()) {
            return written;
        }
        Map<String, ColumnStatisticsObj> byColumn = new TreeMap<>();
        written.forEach(column -> byColumn.put(column.getColName(), column));
        Map<Integer, ColumnFigures> figures = new HashMap<>();
        current.get().table().getColumnsList().forEach(column -> figures.put(column.getFieldId(), column));
        long dataFiles = current.get().table().getDataFileCount();
        for (Field field : topLevelFields(table)) {
            String name = HiveNames.normalize(field.getName());
            ColumnFigures counted = figures.get(field.getId());
            if (counted == null
                    || (!columns.isEmpty() && !columns.contains(name))
                    || !current.get().wins(byColumn.containsKey(name))) {
                continue;
            }
            LakeColumnFigures.toHms(field, counted, dataFiles).ifPresent(column -> byColumn.put(name, column));
        }
        return new ArrayList<>(byColumn.values());
    }

    /** The columns HMS shows: the current schema's top-level fields (the figures of nested ones are not mapped). */
    private static List<Field> topLevelFields(Table table) {
        return table.getSchemasList().stream()
                .filter(schema -> schema.getSchemaId() == table.getCurrentSchemaId())
                .findFirst()
                .map(Schema::getFieldsList)
                .orElse(List.of());
    }
}
