package dev.lakegate.conformance.iceberg.lakegate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.iceberg.ConcurrentAppends;
import dev.lakegate.conformance.iceberg.HiveCatalogScenarios;
import dev.lakegate.conformance.iceberg.HiveCatalogs;
import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.Targets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hive.HiveCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Eight HiveCatalog writers on one Iceberg table, four through each of two gateway processes that share
 * one PostgreSQL-backed catalog (and one warehouse), in both commit modes: HMS locks (held in the shared
 * catalog, so a lock taken through one gateway holds against the other) and the lock-free
 * compare-and-swap. Every append must end as a snapshot of one chain, with every data file present.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IcebergWritersOnTwoGatewaysTest {

    private static final int WRITERS = 8;
    private static final int APPENDS_PER_WRITER = 10;
    private static final String ADMIN_URL =
            System.getProperty("lakegate.test.postgres.url", "jdbc:postgresql://127.0.0.1:5432/postgres");

    private final String database =
            "lakegate_conf_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    private final List<LakegateGateway> gateways = new ArrayList<>();
    private final List<HiveCatalog> catalogs = new ArrayList<>();

    @BeforeAll
    void start() throws Exception {
        admin("CREATE DATABASE " + database);
        String url = ADMIN_URL.substring(0, ADMIN_URL.lastIndexOf('/') + 1) + database + "?user=postgres";
        Path warehouse = Files.createTempDirectory(Files.createDirectories(Targets.runDir()), "shared-warehouse-");
        for (int g = 0; g < 2; g++) {
            LakegateGateway gateway = LakegateGateway.create(Targets.runDir(), Targets.logsDir())
                    .withJdbcUrl(url)
                    .withWarehouse(warehouse);
            gateway.start();
            gateways.add(gateway);
        }
    }

    @AfterAll
    void stop() throws Exception {
        for (HiveCatalog catalog : catalogs) {
            catalog.close();
        }
        gateways.forEach(LakegateGateway::stop);
        admin("DROP DATABASE IF EXISTS " + database);
    }

    private void admin(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(ADMIN_URL, "postgres", "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private HiveCatalog catalog(int gateway, Map<String, String> conf, String poolKey) {
        LakegateGateway target = gateways.get(gateway);
        HiveCatalog catalog = HiveCatalogs.create(target.thriftUri(), target.warehouseUri(), conf, poolKey);
        catalogs.add(catalog);
        return catalog;
    }

    @Test
    @Timeout(value = 160, unit = TimeUnit.SECONDS)
    void underHmsLocks() throws Exception {
        writeFromBothGateways(Map.of(), "hms_locks");
    }

    @Test
    @Timeout(value = 160, unit = TimeUnit.SECONDS)
    void withoutLocks() throws Exception {
        writeFromBothGateways(Map.of(HiveCatalogScenarios.LOCK_ENABLED_CONF, "false"), "no_lock");
    }

    private void writeFromBothGateways(Map<String, String> conf, String mode) throws IOException, Exception {
        HiveCatalog setup = catalog(0, conf, "two-gateways-" + mode + "-setup");
        String db = "two_gateways_" + mode;
        setup.createNamespace(Namespace.of(db));
        TableIdentifier id = TableIdentifier.of(db, "hot");
        setup.createTable(
                id, HiveCatalogScenarios.SCHEMA, PartitionSpec.unpartitioned(), HiveCatalogScenarios.retrying());
        List<HiveCatalog> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            writers.add(catalog(w % 2, conf, "two-gateways-" + mode + "-writer-" + w));
        }
        double rate = ConcurrentAppends.run(writers, id, APPENDS_PER_WRITER, catalog(1, conf, null))
                .commitsPerSecond();
        System.out.printf(
                Locale.ROOT,
                "[iceberg] two lakegate gateways on PostgreSQL, client %s, %s: %d appends by %d"
                        + " writers = %.1f commits/s%n",
                Targets.clientVersion(),
                mode,
                WRITERS * APPENDS_PER_WRITER,
                WRITERS,
                rate);
        // Both gateways answer with the same, final metadata file.
        String viaFirst =
                HiveCatalogScenarios.metadataLocation(catalog(0, conf, null).loadTable(id));
        String viaSecond =
                HiveCatalogScenarios.metadataLocation(catalog(1, conf, null).loadTable(id));
        assertThat(viaFirst).isEqualTo(viaSecond);
    }
}
