package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.SourceTable;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.UpdateTransactionalStatsRequest;
import org.junit.jupiter.api.Test;

/**
 * update_transaction_statistics (Hive 4's writers report a transaction's inserted, updated and deleted rows of a
 * table by its id): HMS 4.0.1 adds them to the counts every materialized view keeps of that source (its
 * MV_TABLES_USED rows), which a view's creation metadata hands out ({@code sourceTables}); writing the
 * metadata again starts the counts from what it carries. Table ids are the target's own: these run on the
 * target alone and assert facts.
 */
public abstract class TransactionStatisticsScenarios extends ScenarioSupport {

    private void create(Table table) {
        Outcome created = creating(table);
        assertThat(created.failed()).as(created.toString()).isFalse();
    }

    private static CreationMetadata using(String db, String view, String... sources) {
        Set<String> used = new HashSet<>();
        for (String source : sources) {
            used.add(db + "." + source);
        }
        return new CreationMetadata("hive", db, view, used);
    }

    private void view(String db, String name, String... sources) {
        Table view = table(db, name);
        view.setTableType("MATERIALIZED_VIEW");
        view.setViewOriginalText("select id from " + sources[0]);
        view.setViewExpandedText("select `id` from `" + db + "`.`" + sources[0] + "`");
        view.setCreationMetadata(using(db, name, sources));
        create(view);
    }

    /** A database with tables t and u, and a materialized view mv of both. */
    private String sourcesAndAView(String base) throws Exception {
        String db = newDatabase(base);
        create(table(db, "t"));
        create(table(db, "u"));
        view(db, "mv", "t", "u");
        return db;
    }

    private Table read(String db, String name) throws Exception {
        return hms().get_table_req(new GetTableRequest(db, name)).getTable();
    }

    /** The view's counts by source name: inserted/updated/deleted. */
    private Map<String, String> counts(String db, String view) throws Exception {
        Map<String, String> counts = new TreeMap<>();
        for (SourceTable source : read(db, view).getCreationMetadata().getSourceTables()) {
            counts.put(
                    source.getTable().getTableName(),
                    source.getInsertedCount() + "/" + source.getUpdatedCount() + "/" + source.getDeletedCount());
        }
        return counts;
    }

    private void report(long tableId, long inserted, long updated, long deleted) throws Exception {
        hms().update_transaction_statistics(new UpdateTransactionalStatsRequest(tableId, inserted, updated, deleted));
    }

    @Test
    void aTransactionsCountsAddUpInEveryViewOfTheTable() throws Exception {
        String db = sourcesAndAView("txnstats");
        view(db, "mv2", "t");
        long t = read(db, "t").getId();
        assertThat(counts(db, "mv")).isEqualTo(Map.of("t", "0/0/0", "u", "0/0/0"));

        report(t, 3, 2, 1);
        report(t, 3, 2, 1);
        assertThat(counts(db, "mv")).isEqualTo(Map.of("t", "6/4/2", "u", "0/0/0"));
        assertThat(counts(db, "mv2")).isEqualTo(Map.of("t", "6/4/2"));
        report(read(db, "u").getId(), 0, 0, 7);
        assertThat(counts(db, "mv")).isEqualTo(Map.of("t", "6/4/2", "u", "0/0/7"));
    }

    @Test
    void anIdNoViewCountsChangesNothingAndIsNoFailure() throws Exception {
        String db = newDatabase("txnstatsnone");
        create(table(db, "t"));
        create(table(db, "plain"));
        view(db, "mv", "t");
        Outcome unknown = outcome(direct, c -> {
            stub(c).update_transaction_statistics(new UpdateTransactionalStatsRequest(Long.MAX_VALUE - 11, 1, 1, 1));
            return "done";
        });
        assertThat(unknown.failed()).as(unknown.toString()).isFalse();
        report(read(db, "plain").getId(), 5, 5, 5);
        assertThat(counts(db, "mv")).isEqualTo(Map.of("t", "0/0/0"));
    }

    @Test
    void writingTheCreationMetadataAgainCountsFromWhatItCarries() throws Exception {
        String db = sourcesAndAView("txnstatsreset");
        long t = read(db, "t").getId();
        report(t, 4, 0, 0);
        hms().update_creation_metadata("hive", db, "mv", using(db, "mv", "t", "u"));
        assertThat(counts(db, "mv")).as("no counts carried").isEqualTo(Map.of("t", "0/0/0", "u", "0/0/0"));

        CreationMetadata carrying = using(db, "mv", "t", "u");
        carrying.setSourceTables(
                List.of(new SourceTable(read(db, "t"), 9, 8, 7), new SourceTable(read(db, "u"), 1, 0, 0)));
        hms().update_creation_metadata("hive", db, "mv", carrying);
        assertThat(counts(db, "mv")).isEqualTo(Map.of("t", "9/8/7", "u", "1/0/0"));
        report(t, 1, 1, 1);
        assertThat(counts(db, "mv")).isEqualTo(Map.of("t", "10/9/8", "u", "1/0/0"));
    }
}
