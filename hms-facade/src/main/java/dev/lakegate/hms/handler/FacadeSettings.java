package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;

/**
 * What the facade tells clients about itself: the warehouse, the configuration values clients may
 * read, the HMS meta configuration keys it knows, and the HMS version it reports.
 */
public record FacadeSettings(
        String warehouse, Map<String, String> config, Map<String, String> metaConf, String reportedVersion) {

    /** HMS's meta configuration keys (the ones a client may read per connection) and their defaults. */
    public static final Map<String, String> DEFAULT_META_CONF = Map.of(
            "metastore.try.direct.sql", "true",
            "hive.metastore.try.direct.sql", "true",
            "metastore.try.direct.sql.ddl", "true",
            "hive.metastore.try.direct.sql.ddl", "true",
            "metastore.client.socket.timeout", "600s",
            "hive.metastore.client.socket.timeout", "600s",
            "metastore.partition.name.whitelist.pattern", "",
            "hive.metastore.partition.name.whitelist.pattern", "",
            "metastore.client.capability.check", "true",
            "hive.metastore.client.capability.check", "true");

    public FacadeSettings {
        requireNonNull(warehouse, "warehouse is null");
        config = Map.copyOf(config);
        metaConf = Map.copyOf(metaConf);
        requireNonNull(reportedVersion, "reportedVersion is null");
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
        return new FacadeSettings(warehouse, withTimeout, metaConf, reportedVersion);
    }

    public Optional<String> configValue(String name) {
        return Optional.ofNullable(config.get(name));
    }

    public Optional<String> metaConf(String key) {
        return Optional.ofNullable(metaConf.get(key));
    }
}
