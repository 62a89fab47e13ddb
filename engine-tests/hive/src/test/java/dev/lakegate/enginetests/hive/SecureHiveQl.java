package dev.lakegate.enginetests.hive;

import static dev.lakegate.enginetests.hive.EverydayHiveQl.squeeze;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.realhms.EngineRealm;
import java.util.List;

/**
 * What the engine's Kerberos user does on a Kerberized metastore, on both sides: it creates a database and a
 * table, writes rows and reads them back, and the metastore records it, the ticket's user, as their owner (not
 * the operating system's user the test runs as).
 */
final class SecureHiveQl {

    static final String DB = "secure_db";
    static final String TABLE = DB + ".orders";

    private SecureHiveQl() {}

    static List<HiveStep> steps() {
        return List.of(
                new HiveStep("CREATE DATABASE owned by the Kerberos user", SecureHiveQl::createDatabase),
                new HiveStep("CREATE TABLE owned by the Kerberos user", SecureHiveQl::createTable),
                new HiveStep("INSERT VALUES + SELECT", SecureHiveQl::insertAndSelect));
    }

    private static void createDatabase(HiveEngine hive) {
        hive.run("CREATE DATABASE " + DB);
        // db_name, comment, location, managedLocation, owner_name, owner_type, ...
        assertThat(squeeze(hive.run("DESCRIBE DATABASE " + DB))).contains(" " + EngineRealm.ENGINE_USER + " USER");
    }

    private static void createTable(HiveEngine hive) {
        hive.run("CREATE TABLE " + TABLE + " (id INT, item STRING)");
        assertThat(squeeze(hive.run("DESCRIBE FORMATTED " + TABLE))).contains("Owner: " + EngineRealm.ENGINE_USER);
    }

    private static void insertAndSelect(HiveEngine hive) {
        hive.run("INSERT INTO " + TABLE + " VALUES (1, 'pen'), (2, 'ink')");
        assertThat(hive.run("SELECT id, item FROM " + TABLE)).containsExactlyInAnyOrder(rows());
    }

    /** The rows {@link #insertAndSelect} wrote, as Hive prints them. */
    static String[] rows() {
        return new String[] {"1\tpen", "2\tink"};
    }
}
