package dev.lakegate.hms.handler.statistics;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.LakeFigures;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * HMS's basic statistics of an Iceberg table ({@code numRows}, {@code numFiles}, {@code totalSize}) from the
 * figures the catalog counted for its current snapshot, so that engines' optimizers see true numbers without
 * anyone running ANALYZE. A parameter a client wrote stands when it is the later write
 * ({@link CurrentSnapshotFigures}). A table whose snapshot has no recorded figures (its files could not be
 * read, or it predates them) keeps its parameters as they are.
 */
public final class LakeTableFigures {

    static final String ROWS = "numRows";
    static final String FILES = "numFiles";
    static final String SIZE = "totalSize";

    private LakeTableFigures() {}

    /** {@code table} as mapped from {@code found}, with the catalog's figures where they stand. */
    public static Table applied(CatalogClient client, dev.lakegate.catalog.v1.Table found, Table table) {
        Optional<CurrentSnapshotFigures> current = CurrentSnapshotFigures.of(client, found);
        if (current.isEmpty()) {
            return table;
        }
        LakeFigures figures = current.get().table();
        Map<String, String> parameters =
                new HashMap<>(table.getParameters() == null ? Map.of() : table.getParameters());
        put(parameters, ROWS, figures.getRecordCount(), current.get());
        // As Iceberg's HiveCatalog writes them from a snapshot's summary: data files only, bytes of all files.
        put(parameters, FILES, figures.getDataFileCount(), current.get());
        put(parameters, SIZE, figures.getTotalSizeBytes(), current.get());
        table.setParameters(parameters);
        return table;
    }

    private static void put(Map<String, String> parameters, String key, long value, CurrentSnapshotFigures current) {
        if (current.wins(parameters.containsKey(key))) {
            parameters.put(key, Long.toString(value));
        }
    }
}
