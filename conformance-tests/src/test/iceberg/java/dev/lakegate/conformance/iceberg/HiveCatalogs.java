package dev.lakegate.conformance.iceberg;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.hive.HiveCatalog;

/** Iceberg's HiveCatalog pointed at a metastore, configured as the scenarios run it. */
public final class HiveCatalogs {

    private HiveCatalogs() {}

    /**
     * A HiveCatalog of the metastore at {@code thrift} with these Hadoop settings. {@code poolKey}, when
     * set, gives the catalog a client pool of its own (Iceberg shares one pool per metastore URI and user
     * in a JVM otherwise).
     */
    public static HiveCatalog create(URI thrift, String warehouse, Map<String, String> conf, String poolKey) {
        Map<String, String> tuned = new HashMap<>(FAST_LOCK_POLLING);
        tuned.putAll(conf);
        return createAsConfigured(thrift, warehouse, tuned, poolKey);
    }

    /**
     * Polling a waiting HMS lock often, as the scenarios do: Iceberg's defaults (50 ms up to 5 s) are for
     * a busy production metastore and would make the scenarios slow.
     */
    public static final Map<String, String> FAST_LOCK_POLLING = Map.of(
            "iceberg.hive.lock-check-min-wait-ms",
            "5",
            "iceberg.hive.lock-check-max-wait-ms",
            "100",
            "iceberg.hive.lock-creation-min-wait-ms",
            "5",
            "iceberg.hive.lock-creation-max-wait-ms",
            "100");

    /** As {@link #create}, with Iceberg's own defaults where {@code conf} says nothing. */
    public static HiveCatalog createAsConfigured(
            URI thrift, String warehouse, Map<String, String> conf, String poolKey) {
        return createAsConfigured(thrift, warehouse, conf, poolKey, Map.of());
    }

    /** As {@link #createAsConfigured(URI, String, Map, String)}, with these catalog properties added (a FileIO's). */
    public static HiveCatalog createAsConfigured(
            URI thrift,
            String warehouse,
            Map<String, String> conf,
            String poolKey,
            Map<String, String> catalogProperties) {
        Configuration hadoop = new Configuration();
        conf.forEach(hadoop::set);
        Map<String, String> props = new HashMap<>();
        props.put(CatalogProperties.URI, thrift.toString());
        props.put(CatalogProperties.WAREHOUSE_LOCATION, warehouse);
        props.put(CatalogProperties.CLIENT_POOL_SIZE, "2");
        props.put(CatalogProperties.CLIENT_POOL_CACHE_EVICTION_INTERVAL_MS, "20000");
        if (poolKey != null) {
            hadoop.set("lakegate.conformance.pool", poolKey);
            props.put(CatalogProperties.CLIENT_POOL_CACHE_KEYS, "conf:lakegate.conformance.pool");
        }
        props.putAll(catalogProperties);
        HiveCatalog catalog = new HiveCatalog();
        catalog.setConf(hadoop);
        catalog.initialize("hive", props);
        return catalog;
    }
}
