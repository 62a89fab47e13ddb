package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.junit.jupiter.api.Test;

/**
 * Hive's optimizer asks, before it rebuilds a materialized view incrementally or answers a query from it,
 * whether the view's sources were updated or deleted in since its build (get_materialization_invalidation_info):
 * a committed update or delete of a write id the build's list of valid write ids did not see, for a reader with
 * the given valid-transaction list. Ids are the target's own, so these run on the target alone ({@link #direct})
 * and assert facts, as {@link WriteIdScenarios}. The build's list is written here as Hive 3 writes it (the
 * text of a {@code ValidTxnWriteIdList}), which HMS 3.1.3 and 4.0.1 both read. HMS 3.1.3 fails the check of a
 * build that did not see some write ids (its SQL lists them wrongly); Lakegate answers as 4.0.1.
 */
public abstract class MaterializationInvalidationScenarios extends ScenarioSupport {

    private static final String NO_ANSWER = "org.apache.thrift.TApplicationException";

    /** A committed transaction that writes {@code db.t} with {@code operation}, as Hive's writers do: its write id. */
    static long write(ThriftHiveMetastore.Iface hms, String db, DataOperationType operation) throws Exception {
        long txn = hms.open_txns(new OpenTxnRequest(1, "txn-user", "txn-host"))
                .getTxn_ids()
                .get(0);
        AllocateTableWriteIdsRequest allocation = new AllocateTableWriteIdsRequest(db, "t");
        allocation.setTxnIds(List.of(txn));
        long writeId = hms.allocate_table_write_ids(allocation)
                .getTxnToWriteIds()
                .get(0)
                .getWriteId();
        hms.lock(WriteConflictScenarios.writing(txn, db, null, operation));
        hms.commit_txn(new CommitTxnRequest(txn));
        return writeId;
    }

    private long write(String db, DataOperationType operation) throws Exception {
        return write(hms(), db, operation);
    }

    /** The build's metadata: it saw {@code db.t}'s writes up to {@code highWaterMark} but {@code unseen}. */
    private static CreationMetadata built(String db, long highWaterMark, String unseen, String... tablesUsed) {
        CreationMetadata metadata = new CreationMetadata("hive", db, "mv", new HashSet<>(Set.of(tablesUsed)));
        metadata.setValidTxnList("1$" + db + ".t:" + highWaterMark + ":" + Long.MAX_VALUE + ":" + unseen + ":");
        return metadata;
    }

    /** A reader's list that sees every transaction opened so far committed (ours are). */
    static String everythingSoFar(ThriftHiveMetastore.Iface hms) throws Exception {
        return hms.get_open_txns_info().getTxn_high_water_mark() + ":" + Long.MAX_VALUE + "::";
    }

    private String everythingSoFar() throws Exception {
        return everythingSoFar(hms());
    }

    private Outcome invalidation(CreationMetadata metadata, String validTxnList) {
        return outcome(
                direct,
                c -> "updated or deleted: "
                        + stub(c).get_materialization_invalidation_info(metadata, validTxnList)
                                .isSourceTablesUpdateDeleteModified());
    }

    private static Outcome changed(boolean updatedOrDeleted) {
        return Outcome.value("updated or deleted: " + updatedOrDeleted);
    }

    /** HMS answers nothing: its client reports a missing result. */
    static Outcome noAnswer() {
        return new Outcome(null, NO_ANSWER, "get_materialization_invalidation_info failed: unknown result");
    }

    private String databaseWithTable(String name) throws Exception {
        String db = newDatabase(name);
        Outcome created = creating(table(db, "t"));
        assertThat(created.failed()).as(created.toString()).isFalse();
        return db;
    }

    @Test
    void anUpdateOrDeleteTheBuildDidNotSeeInvalidatesTheView() throws Exception {
        String db = databaseWithTable("mvinval");
        long inserted = write(db, DataOperationType.INSERT);
        expect(
                "an insert after the build",
                invalidation(built(db, 0, "", db + ".t"), everythingSoFar()),
                changed(false));
        long updated = write(db, DataOperationType.UPDATE);
        expect(
                "an update after the build",
                invalidation(built(db, inserted, "", db + ".t"), everythingSoFar()),
                changed(true));
        expect(
                "an update the build saw",
                invalidation(built(db, updated, "", db + ".t"), everythingSoFar()),
                changed(false));
        if (Reference.version().startsWith("4.")) {
            // HMS 3.1.3 writes this query with a list of write ids wrongly: PostgreSQL refuses it (a MetaException)
            expect(
                    "an update open at the build",
                    invalidation(built(db, updated, String.valueOf(updated), db + ".t"), everythingSoFar()),
                    changed(true));
        }
        String before = everythingSoFar();
        write(db, DataOperationType.DELETE);
        expect(
                "a delete after the build, for a reader that began before it committed",
                invalidation(built(db, updated, "", db + ".t"), before),
                changed(false));
        expect(
                "a delete after the build, for a reader after it",
                invalidation(built(db, updated, "", db + ".t"), everythingSoFar()),
                changed(true));
    }

    @Test
    void metadataWithoutTablesOrWithoutATablesWriteIdsHasNoAnswer() throws Exception {
        String db = databaseWithTable("mvnone");
        expect("no table used", invalidation(built(db, 0, ""), everythingSoFar()), noAnswer());
        expect(
                "a used table the build's list lacks",
                invalidation(built(db, 0, "", db + ".t", db + ".other"), everythingSoFar()),
                noAnswer());
    }
}
