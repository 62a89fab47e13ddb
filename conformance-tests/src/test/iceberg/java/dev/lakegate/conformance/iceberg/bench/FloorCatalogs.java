package dev.lakegate.conformance.iceberg.bench;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.jdbc.JdbcCatalog;

/**
 * The Iceberg commit benchmark's floor: Iceberg's own JdbcCatalog over one in-memory H2 database in the
 * benchmark's JVM. Its commit is one compare-and-swap UPDATE in memory; its table files are written by the
 * same FileIO to the same storage as HiveCatalog's (Hadoop's on a local folder, S3FileIO on S3), so a run
 * through it costs what the writers' own Iceberg work costs and next to nothing more.
 */
final class FloorCatalogs {

    private static final String URL = "jdbc:h2:mem:iceberg_floor;DB_CLOSE_DELAY=-1";

    private FloorCatalogs() {}

    /**
     * A catalog object of its own (its own connection pool), as each HiveCatalog writer has, over the
     * one shared database, its tables under {@code warehouse}, with these catalog properties added (a
     * FileIO's). All have one name: JdbcCatalog keeps its tables under the catalog's name.
     */
    static JdbcCatalog open(String warehouse, Map<String, String> properties) {
        Map<String, String> all = new HashMap<>(properties);
        all.put(CatalogProperties.URI, URL);
        all.put(CatalogProperties.WAREHOUSE_LOCATION, warehouse.replaceFirst("^file:///", "file:/"));
        all.put(CatalogProperties.CLIENT_POOL_SIZE, "2");
        JdbcCatalog catalog = new JdbcCatalog();
        catalog.setConf(new Configuration());
        catalog.initialize("floor", all);
        return catalog;
    }
}
