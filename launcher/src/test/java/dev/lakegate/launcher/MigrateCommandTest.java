package dev.lakegate.launcher;

import static dev.lakegate.migration.MigrationTestData.partition;
import static dev.lakegate.migration.MigrationTestData.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.migration.MigrationTestData;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakegate migrate} as an operator runs it, with a gateway in front of the metastore being
 * migrated (here a second gateway standing in for the old HMS): what each step prints and its exit
 * status. What the steps do to both sides is the migration module's MigrationTest.
 */
@Timeout(300)
class MigrateCommandTest {

    @TempDir
    Path data;

    private GatewayFixture legacy;
    private GatewayFixture front;
    private ThriftHiveMetastore.Client old;
    private ThriftHiveMetastore.Client client;

    @BeforeEach
    void start() throws Exception {
        legacy = GatewayFixture.start(data.resolve("legacy"));
        front = GatewayFixture.start(
                data.resolve("front"), Optional.of(URI.create("thrift://127.0.0.1:" + legacy.thriftPort())));
        old = legacy.client();
        client = front.client();
        MigrationTestData.fill(old);
    }

    @AfterEach
    void stop() {
        front.close();
        legacy.close();
    }

    private CommandRun migrate(String... args) {
        List<String> all = new ArrayList<>(List.of("migrate"));
        all.addAll(List.of(args));
        all.addAll(List.of(
                "--legacy",
                "thrift://127.0.0.1:" + legacy.thriftPort(),
                "--catalog",
                "127.0.0.1:" + front.grpcPort(),
                "--warehouse",
                front.warehouse()));
        return CommandRun.of(all.toArray(String[]::new));
    }

    @Test
    void eachStepPrintsWhatItDidAndExitsOneWhileADifferenceRemains() throws Exception {
        CommandRun plan = migrate("plan");
        assertThat(plan.exit()).as(plan.err()).isZero();
        assertThat(plan.out())
                .containsPattern("sales\\s+2\\s+2,500\\s+11\\s+1")
                .containsPattern("hr\\s+2\\s+0\\s+0\\s+0")
                .contains("total (3 databases)");

        CommandRun copied = migrate("copy", "--db", "sales");
        assertThat(copied.exit()).as(copied.out() + copied.err()).isZero();
        assertThat(copied.out())
                .contains("sales: copied 2 tables, 2,500 partitions")
                .contains("11 statistics")
                .contains("1 functions")
                .contains("still routed to the legacy metastore")
                .contains("[####");
        Table daily =
                client.get_table_req(new GetTableRequest("sales", "daily")).getTable();
        client.add_partition(partition(daily, "2024-01-02", "0")); // lands on the legacy side only

        CommandRun stale = migrate("verify", "--db", "sales");
        assertThat(stale.exit()).isEqualTo(1);
        assertThat(stale.out()).contains("partitions only in the legacy metastore: ds=2024-01-02/shard=0");

        CommandRun again = migrate("copy", "--db", "sales");
        assertThat(again.out()).contains("copied 0 tables, 1 partitions");
        CommandRun clean = migrate("verify", "--db", "sales");
        assertThat(clean.exit()).as(clean.out()).isZero();
        assertThat(clean.out()).contains("sales: no differences");

        MigrationTestData.changeAfterCopy(old);
        CommandRun done = migrate("cutover", "--db", "sales", "--settle", "1");
        assertThat(done.exit()).as(done.out() + done.err()).isZero();
        assertThat(done.out())
                .contains("caught up from the notification log (2 tables named)")
                .contains("sales: cut over (writes held");
        CommandRun verify = migrate("verify", "--db", "sales");
        assertThat(verify.out()).contains("sales: no differences");
    }

    @Test
    void aRollbackPrintsWhatItCarriedBackAndAStepThatCannotStartSaysWhy() throws Exception {
        assertThat(migrate("cutover", "--db", "hr").exit()).isZero();
        CommandRun copy = migrate("copy", "--db", "hr");
        assertThat(copy.exit()).isEqualTo(1);
        assertThat(copy.out()).isEmpty();
        assertThat(copy.err())
                .isEqualTo("lakegate migrate: database hr is routed to the catalog already; "
                        + "roll it back before copying again" + System.lineSeparator());
        CommandRun unknown = migrate("copy-all", "--db", "hr");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err())
                .isEqualTo("lakegate migrate: unknown step copy-all; expected plan, copy, verify, "
                        + "cutover or rollback" + System.lineSeparator());

        Thread.sleep(2_500); // the front's route cache: the writes below go to the catalog
        client.create_table(table("hr", "native_only", true));
        Table nativeOnly =
                client.get_table_req(new GetTableRequest("hr", "native_only")).getTable();
        client.add_partitions(
                List.of(partition(nativeOnly, "2025-01-01", "1"), partition(nativeOnly, "2025-01-01", "2")));
        client.drop_table("hr", "plain", false);

        CommandRun rollback = migrate("rollback", "--db", "hr");
        assertThat(rollback.exit()).as(rollback.out() + rollback.err()).isZero();
        assertThat(rollback.out())
                .contains("hr: routed back to the legacy metastore (writes held")
                .contains(": 1 tables, 2 partitions")
                .contains("dropped 1 tables");
        CommandRun verify = migrate("verify", "--db", "hr");
        assertThat(verify.exit()).as(verify.out()).isZero();
        assertThat(verify.out()).contains("hr: no differences");
    }
}
