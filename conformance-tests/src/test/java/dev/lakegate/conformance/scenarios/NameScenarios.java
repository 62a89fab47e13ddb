package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Names on the wire: database arguments with the catalog in them ({@code @hive#db}, {@code @hive#} for all,
 * as Hive 3+ clients send them, sent here through the client's own Thrift stub whatever the client line),
 * and patterns.
 */
public abstract class NameScenarios extends ScenarioSupport {

    protected String tag;
    protected String db;

    @BeforeEach
    void createDatabases() throws Exception {
        tag = unique("names").toLowerCase(Locale.ROOT);
        db = tag + "_main";
        client.createDatabase(database(db));
        client.createDatabase(database(tag + "_other"));
        client.createTable(table(db, "Alpha"));
        client.createTable(table(db, "beta"));
        client.createTable(table(db, "alpha_2"));
    }

    @Test
    void aDatabaseIsReadWithItsCatalogInTheName() throws Exception {
        assertThat(raw("get_database @hive#db", c -> c.get_database("@hive#" + db))
                        .getName())
                .isEqualTo(db);
        assertThat(raw("get_database @HIVE#DB", c -> c.get_database("@HIVE#" + db.toUpperCase(Locale.ROOT)))
                        .getName())
                .isEqualTo(db);
    }

    @Test
    void databasePatternsWithTheCatalog() throws Exception {
        assertThat(this.<List<String>>raw("get_databases @hive#tag*", c -> c.get_databases("@hive#" + tag + "*")))
                .containsExactly(tag + "_main", tag + "_other");
        assertThat(this.<List<String>>raw(
                        "get_databases @hive#*_other", c -> c.get_databases("@hive#" + tag + "_oth*")))
                .containsExactly(tag + "_other");
    }

    @Test
    void theCatalogAloneMeansEveryDatabase() throws Exception {
        List<String> all = this.<List<String>>raw("get_databases @hive#", c -> c.get_databases("@hive#"));
        assertThat(all).contains("default", tag + "_main", tag + "_other").isSorted();
        assertThat(all).isEqualTo(this.<List<String>>raw("get_all_databases", c -> c.get_all_databases()));
    }

    @Test
    void tablesAreListedWithTheCatalogInTheDatabaseName() throws Exception {
        assertThat(this.<List<String>>raw("get_all_tables @hive#db", c -> c.get_all_tables("@hive#" + db)))
                .containsExactly("alpha", "alpha_2", "beta");
        assertThat(this.<List<String>>raw("get_tables @hive#db alpha*", c -> c.get_tables("@hive#" + db, "alpha*")))
                .containsExactly("alpha", "alpha_2");
        // In no promised order (HMS 4.0.1 answers this form in creation order): compared sorted.
        assertThat(this.<List<String>>raw(
                        "get_tables @hive#DB *",
                        c -> c.get_tables("@hive#" + db.toUpperCase(Locale.ROOT), "*").stream()
                                .sorted()
                                .toList()))
                .containsExactly("alpha", "alpha_2", "beta");
    }

    @Test
    void aMissingDatabaseWithTheCatalogIsNoSuchObject() {
        Outcome got = rawOutcome("get_database @hive#missing", c -> c.get_database("@hive#" + tag + "_missing"));
        assertFails(
                got,
                "NoSuchObjectException",
                Reference.hive4() ? "database hive." + tag + "_missing" : tag + "_missing");
    }

    @Test
    void anUnknownCatalogIsNoSuchObject() {
        Outcome got = rawOutcome("get_database @nocat#db", c -> c.get_database("@nocat#" + db));
        assertThat(got.exceptionType()).isEqualTo("NoSuchObjectException");
    }

    @Test
    void tablePatternsAreLowerCasedAlternativesMatchedWhole() throws Exception {
        assertThat(client.getTables(db, "ALPHA")).containsExactly("alpha");
        assertThat(client.getTables(db, "alpha|BETA")).containsExactly("alpha", "beta");
        assertThat(client.getTables(db, "*a")).containsExactly("alpha", "beta");
        assertThat(client.getTables(db, "a*2")).containsExactly("alpha_2");
        assertThat(client.getTables(db, "alpha_.")).containsExactly("alpha_2");
    }

    @Test
    void tableMetadataIsListedByDatabaseAndTablePatterns() throws Exception {
        var metas = client.getTableMeta(tag + "_*", "alpha*", null);
        assertThat(metas)
                .extracting(m -> m.getDbName() + "." + m.getTableName())
                .containsExactly(db + ".alpha", db + ".alpha_2");
        // HMS 4 translates managed tables to external ones; HMS 3.1.3 keeps them managed, as Lakegate does for
        // the clients of 3.1 and before (--managed-tables by-client).
        boolean translated = Reference.hive4();
        assertThat(metas)
                .allSatisfy(
                        m -> assertThat(m.getTableType()).isEqualTo(translated ? "EXTERNAL_TABLE" : "MANAGED_TABLE"));
    }
}
