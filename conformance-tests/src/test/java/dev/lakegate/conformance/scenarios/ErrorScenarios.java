package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Normaliser;
import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The exceptions clients branch on, by type and by the message parts they match, for calls of every area
 * on objects that are missing; and the connection-level calls (configuration) every client makes first.
 */
@SuppressWarnings("deprecation")
public abstract class ErrorScenarios extends ScenarioSupport {

    protected String db;
    protected String noDb;

    @BeforeEach
    void createDatabase() throws Exception {
        db = newDatabase("err_db");
        noDb = unique("no_db").toLowerCase(java.util.Locale.ROOT);
    }

    private static String missingDb(String name) {
        return Reference.hive4() ? "database hive." + name : name;
    }

    @Test
    void gettingATableOfAMissingDatabaseIsNoSuchObject() {
        assertFails(
                outcome(c -> c.getTable(noDb, "t")), "NoSuchObjectException", "hive." + noDb + ".t table not found");
    }

    @Test
    void droppingATableOfAMissingDatabaseIsNoSuchObject() {
        assertFails(
                outcome(c -> {
                    c.dropTable(noDb, "t", true, false);
                    return null;
                }),
                "NoSuchObjectException",
                "hive." + noDb + ".t table not found");
    }

    @Test
    void alteringAMissingDatabaseIsNoSuchObject() {
        assertFails(
                outcome(c -> {
                    c.alterDatabase(noDb, database(noDb));
                    return null;
                }),
                "NoSuchObjectException",
                missingDb(noDb));
    }

    @Test
    void tablesOfAMissingDatabaseAreAnEmptyListBeforeHive4() throws Exception {
        if (Reference.hive4()) {
            String message = "Got exception: org.apache.hadoop.hive.metastore.api.UnknownDBException "
                    + "Could not find database hive." + noDb + ": database hive." + noDb;
            assertThat(client.getAllTables(noDb)).isEmpty(); // but get_tables fails
            assertFails(outcome(c -> c.getTables(noDb, "*")), "MetaException", message);
            return;
        }
        assertThat(client.getAllTables(noDb)).isEmpty();
        assertThat(client.getTables(noDb, "*")).isEmpty();
    }

    @Test
    void aPartitionOfAMissingDatabaseIsNoSuchObject() {
        assertFails(
                outcome(c -> c.getPartition(noDb, "t", List.of("a"))),
                "NoSuchObjectException",
                Reference.hive4()
                        ? "Unable to get partition because hive." + noDb + ".t does not exist"
                        : "hive." + noDb + ".t table not found");
    }

    @Test
    void droppingAPartitionOfAMissingTableIsNoSuchObject() {
        assertFails(
                outcome(c -> c.dropPartition(db, "ghost", List.of("a", "1"), true)),
                "NoSuchObjectException",
                Reference.hive4()
                        ? "Unable to get partition because hive." + db + ".ghost does not exist"
                        : "partition values=[a, 1]");
    }

    @Test
    void partitionNamesOfAMissingDatabaseAreAnErrorBeforeHive4() throws Exception {
        if (Reference.hive4()) {
            assertThat(client.listPartitionNames(noDb, "t", (short) -1)).isEmpty();
            return;
        }
        assertFails(
                outcome(c -> c.listPartitionNames(noDb, "t", (short) -1)),
                ScenarioSupport.namesOfMissingTableException(),
                "hive." + noDb + ".t table not found");
    }

    /**
     * HMS keeps a database's description in DBS.DESC VARCHAR(4000) and refuses a longer one as a
     * MetaException (its message is the store's, so only the type is compared); nothing is created.
     */
    @Test
    void aDatabaseDescriptionOverFourThousandCharactersIsAMetaException() throws Exception {
        String name = unique("long_desc").toLowerCase(java.util.Locale.ROOT);
        org.apache.hadoop.hive.metastore.api.Database tooLong = database(name);
        tooLong.setDescription("d".repeat(4_001));
        Outcome outcome = outcome(c -> {
            c.createDatabase(tooLong);
            return null;
        });
        assertThat(outcome.exceptionType()).as(outcome.toString()).isEqualTo("MetaException");
        Outcome lookup = outcome(c -> c.getDatabase(name));
        assertThat(lookup.exceptionType()).as(lookup.toString()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void aProtectedConfigurationValueIsConfigValSecurity() {
        assertFails(
                outcome(c -> c.getConfigValue("javax.jdo.option.ConnectionPassword", "x")),
                "ConfigValSecurityException",
                "For security reasons, the config key javax.jdo.option.ConnectionPassword cannot be accessed");
    }

    @Test
    void anUnknownConfigurationValueIsConfigValSecurity() {
        assertFails(
                outcome(c -> c.getConfigValue("no.such.key", "dflt")),
                "ConfigValSecurityException",
                "For security reasons, the config key no.such.key cannot be accessed");
    }

    /**
     * Impala's event processor reads these three before it follows the notification log. HMS 3.1.3 and 4.0.1
     * with their defaults have none of them in their configuration, so they answer the caller's default.
     */
    @Test
    void theEventProcessorsSettingsAnswerTheCallersDefault() {
        for (String key : List.of(
                "hive.metastore.notifications.add.thrift.objects",
                "hive.metastore.alter.notifications.basic",
                "hive.metastore.dml.events")) {
            Outcome read = outcome(c -> c.getConfigValue(key, "the caller's default"));
            assertThat(read.failed()).as(read.toString()).isFalse();
            assertThat(read.value()).isEqualTo("the caller's default");
        }
    }

    /** With no default either, there is no answer: the client's "unknown result" (MISSING_RESULT). */
    @Test
    void anUnsetSettingWithoutADefaultHasNoAnswer() throws Exception {
        Outcome read = rawOutcome(
                "get_config_value without a default", s -> s.get_config_value("hive.metastore.dml.events", null));
        assertFails(read, "TApplicationException", "get_config_value failed: unknown result");
    }

    @Test
    void theWarehouseIsAReadableConfigurationValue() throws Exception {
        assertThat(tree(client.getConfigValue("hive.metastore.warehouse.dir", "x")))
                .isEqualTo(Normaliser.WAREHOUSE);
    }

    @Test
    void anUnknownMetaConfIsMetaException() {
        assertFails(
                outcome(c -> c.getMetaConf("no.such.key")), "MetaException", "Invalid configuration key no.such.key");
    }

    @Test
    void aMetaConfIsReadAndSetForTheConnection() throws Exception {
        // Not read before it is set: what a new connection reads first depends on the HMS worker thread
        // serving it, where an earlier connection's value may linger.
        client.setMetaConf("metastore.try.direct.sql", "false");
        assertThat(client.getMetaConf("metastore.try.direct.sql")).isEqualTo("false");
        client.setMetaConf("metastore.try.direct.sql", "true");
        assertThat(client.getMetaConf("metastore.try.direct.sql")).isEqualTo("true");
        // (what another connection then reads depends on which HMS worker thread serves it: not asserted)
    }

    @Test
    void addingAPartitionToAMissingDatabaseIsInvalidObject() throws Exception {
        client.createTable(table(db, "t", new org.apache.hadoop.hive.metastore.api.FieldSchema("ds", "string", null)));
        org.apache.hadoop.hive.metastore.api.Partition p = partition(client.getTable(db, "t"), "a");
        p.setDbName(noDb);
        assertFails(
                outcome(c -> c.add_partition(p)),
                "InvalidObjectException",
                Reference.hive4()
                        ? "Unable to add partitions because hive." + noDb + ".t does not exist"
                        : "Unable to add partition because table or database do not exist");
    }

    @Test
    void renamingAPartitionThatDoesNotExistIsInvalidOperation() throws Exception {
        client.createTable(table(db, "t", new org.apache.hadoop.hive.metastore.api.FieldSchema("ds", "string", null)));
        org.apache.hadoop.hive.metastore.api.Partition p = partition(client.getTable(db, "t"), "b");
        Outcome renamed = outcome(c -> {
            c.renamePartition(db, "t", List.of("a"), p);
            return null;
        });
        assertThat(renamed.exceptionType()).isEqualTo("InvalidOperationException");
    }

    @Test
    void alteringAPartitionThatDoesNotExistIsInvalidOperation() throws Exception {
        client.createTable(table(db, "t", new org.apache.hadoop.hive.metastore.api.FieldSchema("ds", "string", null)));
        org.apache.hadoop.hive.metastore.api.Partition p = partition(client.getTable(db, "t"), "zz");
        Outcome altered = outcome(c -> {
            c.alter_partition(db, "t", p);
            return null;
        });
        assertThat(altered.exceptionType()).isEqualTo("InvalidOperationException");
    }
}
