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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.MetaException;
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
 * events, each once although both gateways copy HMS's log; and a database moved to the catalog and back
 * ({@code lakegate migrate}) is told once, change by change.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(300)
class LegacyEventLogOnLakegateTest {

    private static final Pattern DAY = Pattern.compile("\"day\":\"2024-01-(\\d\\d)\"");

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
            if (g == 0) {
                gateway.withGrpc(); // for lakegate migrate
            }
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
        awaitCopying(db + "_probe");
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
     * A database moved while both gateways follow HMS's log: changed on HMS, cut over, changed in the catalog,
     * rolled back (HMS logs the carried-back change again), changed on HMS. A client following either gateway's log
     * sees each change once, in order, with no gap: the copy and the cutover write the catalog with no events (HMS's
     * log told those changes), and the gateways skip what HMS logs while the rollback writes it.
     */
    @Test
    void aDatabaseMovedThereAndBackIsToldOnceInTheGatewaysLog() throws Exception {
        String moving = db + "_moving";
        awaitCopying(moving + "_probe");
        IMetaStoreClient front = fronts.get(0);
        long start = front.getCurrentNotificationEventId().getEventId();
        long hmsStart = direct.getCurrentNotificationEventId().getEventId();

        front.createDatabase(
                new Database(moving, "moving", hms.warehouseUri() + "/" + moving + ".db", new HashMap<>()));
        front.createTable(LegacyFrontOnLakegateTest.table(moving, "events"));
        addDay(front, moving, 1);
        addDay(front, moving, 2); // the cutover copies the database (the separate copy step: MigrationTest)
        migrate("cutover", moving);
        addDay(front, moving, 3); // in the catalog: the rollback carries it back to HMS
        migrate("rollback", moving);
        addDay(front, moving, 4); // on HMS again

        List<String> changes = List.of(
                "CREATE_DATABASE",
                "CREATE_TABLE",
                "ADD_PARTITION 01",
                "ADD_PARTITION 02",
                "ADD_PARTITION 03",
                "ADD_PARTITION 04");
        assertThat(told(moving, direct.getNextNotification(hmsStart, 1000, null).getEvents()))
                .as("HMS logs the carried-back partition")
                .containsExactlyElementsOf(changes);
        for (IMetaStoreClient follower : fronts) {
            List<NotificationEvent> seen = awaitTold(follower, moving, start, "ADD_PARTITION 04");
            assertThat(seen)
                    .extracting(NotificationEvent::getEventId)
                    .as("no gap")
                    .containsExactlyElementsOf(LongStream.rangeClosed(start + 1, start + seen.size())
                            .boxed()
                            .toList());
            assertThat(told(moving, seen)).containsExactlyElementsOf(changes);
        }
        Thread.sleep(2_000); // more rounds of both gateways' copying: nothing comes twice
        assertThat(told(moving, front.getNextNotification(start, 1000, null).getEvents()))
                .containsExactlyElementsOf(changes);
    }

    private void migrate(String step, String database) throws Exception {
        MigrationFixtures.Run run = MigrationFixtures.Run.of(hms, gateways.get(0), step, database);
        assertThat(run.exit()).as(run.out()).isZero();
    }

    /** Adds the partition of day 2024-01-0{@code day}, retrying while a move holds the database's writes. */
    private void addDay(IMetaStoreClient front, String database, int day) throws Exception {
        Partition partition = new Partition(
                new ArrayList<>(List.of("2024-01-0" + day)),
                database,
                "events",
                0,
                0,
                front.getTable(database, "events").getSd().deepCopy(),
                new HashMap<>());
        partition.getSd().setLocation(null);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                front.add_partition(partition);
                return;
            } catch (MetaException held) {
                assertThat(held.getMessage()).contains("retry");
                assertThat(System.nanoTime()).isLessThan(deadline);
                Thread.sleep(100);
            }
        }
    }

    /** The database's events, each as its type and, for a partition's, the day it names. */
    private static List<String> told(String database, List<NotificationEvent> events) {
        List<String> told = new ArrayList<>();
        for (NotificationEvent event : events) {
            if (database.equals(event.getDbName())) {
                Matcher day = DAY.matcher(event.getMessage());
                told.add(event.getEventType() + (day.find() ? " " + day.group(1) : ""));
            }
        }
        return told;
    }

    private static List<NotificationEvent> awaitTold(IMetaStoreClient front, String database, long start, String last)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            List<NotificationEvent> events =
                    front.getNextNotification(start, 1000, null).getEvents();
            if (told(database, events).contains(last) || System.nanoTime() > deadline) {
                return events;
            }
            Thread.sleep(200);
        }
    }

    /**
     * Waits until the gateways copy HMS's log: a gateway starts copying at HMS's event of the moment it first
     * looks, so a database made directly in HMS shows in the gateways' log once copying is under way.
     */
    private void awaitCopying(String probe) throws Exception {
        long before = direct.getCurrentNotificationEventId().getEventId();
        direct.createDatabase(new Database(probe, null, hms.warehouseUri() + "/" + probe + ".db", new HashMap<>()));
        assumeTrue(
                direct.getCurrentNotificationEventId().getEventId() > before,
                "HMS " + Targets.referenceServerVersion() + " keeps no notification log");
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (int round = 0; System.nanoTime() < deadline; round++) {
            String name = probe + (round == 0 ? "" : Integer.toString(round));
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
