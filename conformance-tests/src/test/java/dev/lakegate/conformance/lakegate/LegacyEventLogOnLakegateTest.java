package dev.lakegate.conformance.lakegate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.lakegate.conformance.client.ClientFactory;
import dev.lakegate.conformance.targets.LakegateGateway;
import dev.lakegate.conformance.targets.RealHiveMetastore;
import dev.lakegate.conformance.targets.Targets;
import dev.lakegate.realhms.ScratchPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * One notification log across both sides: two gateways ({@code serve --legacy}) on one PostgreSQL catalog
 * database in front of a real HMS of this run's reference release (3.1.3 for the 2.3 and 3.1 clients; HMS
 * 4.0.1 keeps no log, so there this is skipped). What changes in a legacy database reaches the gateways' log
 * as HMS wrote it (type, names, time, message and format), under the catalog's ids, after the catalog's own
 * events, each once although both gateways copy HMS's log.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(300)
class LegacyEventLogOnLakegateTest {

    private RealHiveMetastore hms;
    private ScratchPostgres catalogDatabase;
    private final List<LakegateGateway> gateways = new ArrayList<>();
    private IMetaStoreClient direct;
    private final List<IMetaStoreClient> fronts = new ArrayList<>();
    private final String db = "logged_" + Long.toHexString(System.nanoTime()).toLowerCase(Locale.ROOT);

    @BeforeAll
    void start() throws Exception {
        hms = RealHiveMetastore.create(Targets.referenceServerVersion(), Targets.runDir(), Targets.logsDir());
        hms.start();
        direct = ClientFactory.current().open(hms);
        catalogDatabase = ScratchPostgres.create(
                System.getProperty("lakegate.test.postgres.url", "jdbc:postgresql://127.0.0.1:5432/postgres"),
                "postgres",
                "");
        Path warehouse = Files.createTempDirectory(Files.createDirectories(Targets.runDir()), "shared-warehouse-");
        for (int g = 0; g < 2; g++) {
            LakegateGateway gateway = LakegateGateway.create(Targets.runDir(), Targets.logsDir())
                    .withJdbcUrl(catalogDatabase.jdbcUrl() + "?user=postgres")
                    .withWarehouse(warehouse)
                    .withLegacy(hms.thriftUri());
            gateways.add(gateway);
            gateway.start();
            fronts.add(ClientFactory.current().open(gateway));
        }
        // Each gateway makes the catalog's database default on its first database call: before the test.
        for (IMetaStoreClient front : fronts) {
            front.getAllDatabases();
        }
    }

    @AfterAll
    void stop() {
        for (IMetaStoreClient front : fronts) {
            Quietly.close(front::close);
        }
        for (LakegateGateway gateway : gateways) {
            Quietly.close(gateway::stop);
        }
        Quietly.close(direct::close, hms::stop, catalogDatabase::close);
    }

    @Test
    void legacyChangesReachTheGatewaysLogOnceEachAsHmsWroteThemAfterTheCatalogsOwn() throws Exception {
        awaitCopying();
        IMetaStoreClient front = fronts.get(0);
        long start = front.getCurrentNotificationEventId().getEventId();
        long hmsStart = direct.getCurrentNotificationEventId().getEventId();
        // The catalog's own events first (Hive's transactions are the gateway's, logged with --transaction-events).
        long txn = front.openTxn("alice");
        front.commitTxn(txn);

        front.createDatabase(new Database(db, "logged", hms.warehouseUri() + "/" + db + ".db", new HashMap<>()));
        front.createTable(LegacyFrontOnLakegateTest.table(db, "events"));
        Partition day = new Partition(
                new ArrayList<>(List.of("2024-01-01")),
                db,
                "events",
                0,
                0,
                direct.getTable(db, "events").getSd().deepCopy(),
                new HashMap<>());
        day.getSd().setLocation(null);
        front.add_partition(day);

        List<NotificationEvent> written = new ArrayList<>();
        for (NotificationEvent event :
                direct.getNextNotification(hmsStart, 1000, null).getEvents()) {
            if (db.equals(event.getDbName())) {
                written.add(event);
            }
        }
        assertThat(written)
                .extracting(NotificationEvent::getEventType)
                .containsExactly("CREATE_DATABASE", "CREATE_TABLE", "ADD_PARTITION");

        List<NotificationEvent> seen = awaitLog(front, start, 2 + written.size());
        assertThat(seen)
                .extracting(NotificationEvent::getEventId)
                .containsExactly(start + 1, start + 2, start + 3, start + 4, start + 5);
        assertThat(seen.subList(0, 2))
                .extracting(NotificationEvent::getEventType)
                .containsExactly("OPEN_TXN", "COMMIT_TXN");
        assertThat(seen.subList(2, seen.size()))
                .extracting(LegacyEventLogOnLakegateTest::asWritten)
                .containsExactlyElementsOf(written.stream()
                        .map(LegacyEventLogOnLakegateTest::asWritten)
                        .toList());

        // The other gateway, on the same catalog, answers the same log; neither appended an event twice.
        Thread.sleep(3_000); // several rounds of both gateways' copying
        assertThat(awaitLog(fronts.get(1), start, 5))
                .extracting(e -> e.getEventId() + " " + e.getEventType())
                .containsExactlyElementsOf(seen.stream()
                        .map(e -> e.getEventId() + " " + e.getEventType())
                        .toList());
        assertThat(front.getCurrentNotificationEventId().getEventId()).isEqualTo(start + 5);
    }

    /**
     * Waits until the gateways copy HMS's log: a gateway starts copying at HMS's event of the moment it first
     * looks, so a database made directly in HMS shows in the gateways' log once copying is under way.
     */
    private void awaitCopying() throws Exception {
        long probe = direct.getCurrentNotificationEventId().getEventId();
        direct.createDatabase(
                new Database(db + "_probe", null, hms.warehouseUri() + "/" + db + "_probe.db", new HashMap<>()));
        assumeTrue(
                direct.getCurrentNotificationEventId().getEventId() > probe,
                "HMS " + Targets.referenceServerVersion() + " keeps no notification log");
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (int round = 0; System.nanoTime() < deadline; round++) {
            String name = db + "_probe" + (round == 0 ? "" : Integer.toString(round));
            if (round > 0) {
                direct.createDatabase(
                        new Database(name, null, hms.warehouseUri() + "/" + name + ".db", new HashMap<>()));
            }
            long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (System.nanoTime() < until) {
                for (NotificationEvent event :
                        fronts.get(0).getNextNotification(0, 1000, null).getEvents()) {
                    if (name.equals(event.getDbName())) {
                        return;
                    }
                }
                Thread.sleep(200);
            }
        }
        throw new AssertionError("the gateway's log showed none of HMS's events in 60 s");
    }

    private static List<NotificationEvent> awaitLog(IMetaStoreClient front, long start, int count) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            List<NotificationEvent> events =
                    front.getNextNotification(start, 1000, null).getEvents();
            if (events.size() >= count || System.nanoTime() > deadline) {
                return events;
            }
            Thread.sleep(200);
        }
    }

    /** What the gateway must keep of an HMS event: all but its id. */
    private static String asWritten(NotificationEvent event) {
        return String.join(
                "|",
                event.getEventType(),
                String.valueOf(event.getDbName()),
                String.valueOf(event.getTableName()),
                String.valueOf(event.getEventTime()),
                String.valueOf(event.getMessageFormat()),
                event.getMessage());
    }
}
