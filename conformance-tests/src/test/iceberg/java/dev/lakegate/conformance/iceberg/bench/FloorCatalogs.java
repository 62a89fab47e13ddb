package dev.lakegate.conformance.iceberg.bench;

import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.jdbc.JdbcCatalog;

/**
 * The Iceberg commit benchmark's floor: Iceberg's own JdbcCatalog over one in-memory H2 database in the
 * benchmark's JVM. Its commit is one compare-and-swap UPDATE in memory; its table files are written by the
 * same Hadoop FileIO to the same kind of local folder as HiveCatalog's, so a run through it costs what the
 * writers' own Iceberg work costs and next to nothing more.
 */
final class FloorCatalogs {

    private static final String URL = "jdbc:h2:mem:iceberg_floor;DB_CLOSE_DELAY=-1";

    private static Path warehouse;

    private FloorCatalogs() {}

    static void warehouse(Path folder) {
        warehouse = folder;
    }

    /**
     * A catalog object of its own (its own connection pool), as each HiveCatalog writer has, over the
     * one shared database. All have one name: JdbcCatalog keeps its tables under the catalog's name.
     */
    static JdbcCatalog open() {
        JdbcCatalog catalog = new JdbcCatalog();
        catalog.setConf(new Configuration());
        catalog.initialize(
                "floor",
                Map.of(
                        CatalogProperties.URI,
                        URL,
                        CatalogProperties.WAREHOUSE_LOCATION,
                        warehouse.toUri().toString().replaceFirst("^file:///", "file:/"),
                        CatalogProperties.CLIENT_POOL_SIZE,
                        "2"));
        return catalog;
    }
}
