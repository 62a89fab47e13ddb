package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

/**
 * Materialized views as Hive 3+'s optimizer reads them: the views rewriting may use
 * (get_materialized_views_for_rewriting), a view's creation metadata as created and as
 * update_creation_metadata replaces it after a rebuild. HMS stamps the metadata with its own time in
 * milliseconds (normalised away; asserted recent). Calls go over the raw Thrift stub, as Hive's engine
 * makes them.
 */
public abstract class MaterializedViewScenarios extends ScenarioSupport {

    private static CreationMetadata metadata(String db, String view, String... used) {
        return new CreationMetadata("hive", db, view, new HashSet<>(Set.of(used)));
    }

    /** A materialized view over {@code db.src}, rewrite enabled or not, with that creation metadata (or none). */
    private static Table view(String db, String name, boolean rewrite, CreationMetadata metadata) {
        Table view = table(db, name);
        view.setTableType("MATERIALIZED_VIEW");
        view.setRewriteEnabled(rewrite);
        view.setViewOriginalText("select id from src");
        view.setViewExpandedText("select `src`.`id` from `" + db + "`.`src`");
        if (metadata != null) {
            view.setCreationMetadata(metadata);
        }
        return view;
    }

    private String databaseWithSource() throws Exception {
        String db = newDatabase("mviews");
        assertThat(creating(table(db, "src")).failed()).isFalse();
        assertThat(creating(table(db, "src2")).failed()).isFalse();
        return db;
    }

    private void create(Table table) {
        Outcome created = creating(table);
        assertThat(created.failed()).as(created.toString()).isFalse();
    }

    private List<String> forRewriting(String label, String db) throws Exception {
        return raw(label, s -> s.get_materialized_views_for_rewriting(db));
    }

    private Table read(String db, String name) throws Exception {
        return raw("get_table_req " + name, s -> s.get_table_req(new GetTableRequest(db, name)))
                .getTable();
    }

    @Test
    void theViewsForRewritingAreTheMaterializedViewsWithRewriteEnabled() throws Exception {
        String db = databaseWithSource();
        create(view(db, "a_mv", true, metadata(db, "a_mv", db + ".src")));
        create(view(db, "b_mv_off", false, metadata(db, "b_mv_off", db + ".src")));
        create(view(db, "c_mv_bare", true, null));
        Table plainView = table(db, "d_view");
        plainView.setTableType("VIRTUAL_VIEW");
        plainView.setViewOriginalText("select id from src");
        plainView.setViewExpandedText("select id from src");
        plainView.setRewriteEnabled(true);
        create(plainView);

        assertThat(forRewriting("for rewriting", db)).containsExactly("a_mv", "c_mv_bare");
        assertThat(forRewriting("for rewriting, upper case", db.toUpperCase())).containsExactly("a_mv", "c_mv_bare");
        assertThat(forRewriting("for rewriting, @hive#", "@hive#" + db)).containsExactly("a_mv", "c_mv_bare");
        raw("drop a_mv", s -> {
            s.drop_table(db, "a_mv", true);
            return null;
        });
        assertThat(forRewriting("for rewriting after a drop", db)).containsExactly("c_mv_bare");
    }

    @Test
    void aMissingDatabaseHasNoViewsForRewritingAndNoDatabaseIsAFailure() throws Exception {
        assertThat(forRewriting("for rewriting, missing database", unique("no_such_db")))
                .isEmpty();
        // HMS fails on its own NullPointerException; Lakegate says what is missing (NO_INTERNAL_FAULTS)
        Outcome none = rawOutcome("for rewriting, no database", s -> s.get_materialized_views_for_rewriting(null));
        assertThat(none.exceptionType()).as(none.toString()).isEqualTo("MetaException");
    }

    @Test
    void aMaterializedViewKeepsItsCreationMetadataStampedWithTheServersTime() throws Exception {
        String db = databaseWithSource();
        CreationMetadata sent = metadata(db, "mv", db + ".src");
        sent.setValidTxnList("123:9223372036854775807::");
        sent.setMaterializationTime(1_000L);
        long before = System.currentTimeMillis();
        create(view(db, "mv", true, sent));
        Table plain = table(db, "plain");
        plain.setCreationMetadata(metadata(db, "plain", db + ".src"));
        create(plain);

        CreationMetadata kept = read(db, "mv").getCreationMetadata();
        assertThat(kept.getTablesUsed()).containsExactly(db + ".src");
        assertThat(kept.getValidTxnList()).isEqualTo("123:9223372036854775807::");
        assertThat(kept.getCatName()).isEqualTo("hive");
        assertThat(kept.getDbName()).isEqualTo(db);
        assertThat(kept.getTblName()).isEqualTo("mv");
        assertThat(kept.getMaterializationTime()).isBetween(before - 60_000, System.currentTimeMillis() + 60_000);
        assertThat(read(db, "plain").isSetCreationMetadata()).isFalse();
    }

    @Test
    void updateCreationMetadataReplacesWhatTheViewWasBuiltFrom() throws Exception {
        String db = databaseWithSource();
        create(view(db, "mv", true, metadata(db, "mv", db + ".src")));
        CreationMetadata rebuilt = metadata("other", "names", db + ".src", db + ".src2");
        rebuilt.setValidTxnList("456:9223372036854775807::");
        raw("update_creation_metadata", s -> {
            s.update_creation_metadata("hive", db, "MV", rebuilt);
            return null;
        });

        CreationMetadata kept = read(db, "mv").getCreationMetadata();
        assertThat(kept.getTablesUsed()).containsExactlyInAnyOrder(db + ".src", db + ".src2");
        assertThat(kept.getValidTxnList()).isEqualTo("456:9223372036854775807::");
        assertThat(kept.getDbName()).isEqualTo(db);
        assertThat(kept.getTblName()).isEqualTo("mv");
    }

    @Test
    void updateCreationMetadataOfAViewWithoutOneFails() throws Exception {
        String db = databaseWithSource();
        create(view(db, "bare", true, null));
        // HMS fails inside its store (3.1.3 closes the connection, 4.0.1 answers an internal error); Lakegate
        // answers the method's MetaException (NO_INTERNAL_FAULTS). Last call: 3.1.3's connection is gone after.
        Outcome failed = rawOutcome("update_creation_metadata of a view without one", s -> {
            s.update_creation_metadata("hive", db, "bare", metadata(db, "bare", db + ".src"));
            return null;
        });
        assertThat(failed.failed()).as(failed.toString()).isTrue();
        if (onLakegate()) {
            assertThat(failed.exceptionType()).isEqualTo("MetaException");
        }
    }

    @Test
    void updateCreationMetadataOfAMissingViewFails() throws Exception {
        String db = databaseWithSource();
        Outcome failed = rawOutcome("update_creation_metadata of a missing view", s -> {
            s.update_creation_metadata("hive", db, "nope", metadata(db, "nope", db + ".src"));
            return null;
        });
        assertThat(failed.failed()).as(failed.toString()).isTrue();
        if (onLakegate()) {
            assertThat(failed.exceptionType()).isEqualTo("MetaException");
            assertThat(failed.message()).contains(db + ".nope");
        }
    }
}
