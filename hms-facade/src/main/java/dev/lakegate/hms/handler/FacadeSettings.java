package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.tables.ManagedTables;
import java.util.Map;
import java.util.Optional;

/**
 * What the facade tells clients about itself: the warehouse, the configuration values clients may
 * read, the HMS meta configuration keys it knows, and the HMS version it reports; and what a created
 * managed table that is not transactional becomes ({@link ManagedTables}).
 */
public record FacadeSettings(
        String warehouse,
        Map<String, String> config,
        Map<String, String> metaConf,
        String reportedVersion,
        ManagedTables managedTables) {

    /** HMS's default reader of partition expressions, as its configuration names it (only named here). */
    private static final String EXPRESSION_PROXY =
            "org.apache.hadoop.hive.ql.optimizer.ppr.PartitionExpressionForMetastore";

    /**
     * HMS's meta configuration keys (MetastoreConf's metaConfVars, each by its metastore and its Hive name: the
     * ones a client may read and set per connection) and their defaults. Hive 4's MSCK sets
     * {@code metastore.expression.proxy} before it repairs, and fails when the metastore does not know it.
     */
    public static final Map<String, String> DEFAULT_META_CONF = Map.ofEntries(
            Map.entry("metastore.try.direct.sql", "true"),
            Map.entry("hive.metastore.try.direct.sql", "true"),
            Map.entry("metastore.try.direct.sql.ddl", "true"),
            Map.entry("hive.metastore.try.direct.sql.ddl", "true"),
            Map.entry("metastore.client.socket.timeout", "600s"),
            Map.entry("hive.metastore.client.socket.timeout", "600s"),
            Map.entry("metastore.partition.name.whitelist.pattern", ""),
            Map.entry("hive.metastore.partition.name.whitelist.pattern", ""),
            Map.entry("metastore.partition.order.expr", "\"PART_NAME\" asc"),
            Map.entry("hive.metastore.partition.order.expr", "\"PART_NAME\" asc"),
            Map.entry("metastore.client.capability.check", "true"),
            Map.entry("hive.metastore.client.capability.check", "true"),
            Map.entry("metastore.disallow.incompatible.col.type.changes", "true"),
            Map.entry("hive.metastore.disallow.incompatible.col.type.changes", "true"),
            Map.entry("metastore.expression.proxy", EXPRESSION_PROXY),
            Map.entry("hive.metastore.expression.proxy", EXPRESSION_PROXY));

    public FacadeSettings {
        requireNonNull(warehouse, "warehouse is null");
        config = Map.copyOf(config);
        metaConf = Map.copyOf(metaConf);
        requireNonNull(reportedVersion, "reportedVersion is null");
        requireNonNull(managedTables, "managedTables is null");
    }

    /** Settings whose managed tables are decided by the client's release ({@link ManagedTables#BY_CLIENT}). */
    public FacadeSettings(
            String warehouse, Map<String, String> config, Map<String, String> metaConf, String reportedVersion) {
        this(warehouse, config, metaConf, reportedVersion, ManagedTables.BY_CLIENT);
    }

    public static FacadeSettings of(String warehouse, String reportedVersion) {
        return new FacadeSettings(
                warehouse,
                Map.of("hive.metastore.warehouse.dir", warehouse, "metastore.warehouse.dir", warehouse),
                DEFAULT_META_CONF,
                reportedVersion);
    }

    /** The same settings with HMS's lock timeout ({@code metastore.txn.timeout}) set, in seconds. */
    public FacadeSettings withLockTimeoutSeconds(int seconds) {
        Map<String, String> withTimeout = new java.util.HashMap<>(config);
        withTimeout.put("metastore.txn.timeout", seconds + "s");
        withTimeout.put("hive.txn.timeout", seconds + "s");
        return new FacadeSettings(warehouse, withTimeout, metaConf, reportedVersion, managedTables);
    }

    /** The same settings with created managed tables treated as {@code managed} says. */
    public FacadeSettings withManagedTables(ManagedTables managed) {
        return new FacadeSettings(warehouse, config, metaConf, reportedVersion, managed);
    }

    public Optional<String> configValue(String name) {
        return Optional.ofNullable(config.get(name));
    }

    public Optional<String> metaConf(String key) {
        return Optional.ofNullable(metaConf.get(key));
    }
}
