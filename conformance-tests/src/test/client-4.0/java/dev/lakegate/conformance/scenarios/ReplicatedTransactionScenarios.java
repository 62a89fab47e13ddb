package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.hadoop.hive.metastore.api.AbortTxnRequest;
import org.apache.hadoop.hive.metastore.api.AbortTxnsRequest;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.CommitTxnKeyValue;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MaxAllocatedTableWriteIdRequest;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.ReplLastIdInfo;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TxnInfo;
import org.apache.hadoop.hive.metastore.api.TxnState;
import org.apache.hadoop.hive.metastore.api.TxnToWriteId;
import org.apache.hadoop.hive.metastore.api.TxnType;
import org.apache.hadoop.hive.metastore.api.WriteEventInfo;
import org.junit.jupiter.api.Test;

/**
 * Replication's replay of a source's transactions, as Hive 4's REPL LOAD sends it: open_txns of type REPL_CREATED
 * with a policy and the source's ids, then commit_txn, abort_txn and allocate_table_write_ids naming source ids,
 * which the metastore maps to its own (HMS's REPL_TXN_MAP). On the target alone, asserting facts, as {@link
 * TransactionScenarios}. Source ids are made unique per run, as the reference's store outlives a run.
 */
public abstract class ReplicatedTransactionScenarios extends ScenarioSupport {

    private static final long RUN = System.currentTimeMillis() * 1000;
    private static final AtomicLong SOURCES = new AtomicLong(RUN);

    private static String policy() {
        return unique("repl_db").toLowerCase(Locale.ROOT) + "_" + RUN + ".*";
    }

    /** A source transaction id no other scenario of this or an earlier run names. */
    private static long source() {
        return SOURCES.incrementAndGet();
    }

    private List<Long> replay(String policy, List<Long> sources) throws Exception {
        OpenTxnRequest request = new OpenTxnRequest(sources.size(), "repl-user", "repl-host");
        request.setTxn_type(TxnType.REPL_CREATED);
        request.setReplPolicy(policy);
        request.setReplSrcTxnIds(sources);
        return hms().open_txns(request).getTxn_ids();
    }

    private Outcome commitSource(String policy, long source, List<WriteEventInfo> writes) {
        return commitSource(policy, source, request -> {
            if (!writes.isEmpty()) {
                request.setWriteEventInfos(writes);
            }
        });
    }

    /** A replayed commit of the source, {@code with} what else it carries. */
    private Outcome commitSource(String policy, long source, Consumer<CommitTxnRequest> with) {
        return outcome(direct, c -> {
            CommitTxnRequest request = new CommitTxnRequest(source);
            request.setReplPolicy(policy);
            request.setTxn_type(TxnType.REPL_CREATED);
            with.accept(request);
            stub(c).commit_txn(request);
            return "done";
        });
    }

    private Outcome abortSource(String policy, long source) {
        return outcome(direct, c -> {
            AbortTxnRequest request = new AbortTxnRequest(source);
            request.setReplPolicy(policy);
            request.setTxn_type(TxnType.REPL_CREATED);
            stub(c).abort_txn(request);
            return "done";
        });
    }

    private TxnInfo info(long id) throws Exception {
        return hms().get_open_txns_info().getOpen_txns().stream()
                .filter(txn -> txn.getId() == id)
                .findFirst()
                .orElse(null);
    }

    @Test
    void aReplayedOpenMapsTheSourcesAndAReopenAnswersTheSameTransactions() throws Exception {
        String policy = policy();
        List<Long> sources = List.of(source(), source());
        List<Long> targets = replay(policy, sources);
        assertThat(targets).hasSize(2);
        for (long id : targets) {
            assertThat(info(id).getState()).isEqualTo(TxnState.OPEN);
        }
        long highWaterMark = hms().get_open_txns_info().getTxn_high_water_mark();
        assertThat(replay(policy, sources)).as("a retried replay").containsExactlyInAnyOrderElementsOf(targets);
        assertThat(hms().get_open_txns_info().getTxn_high_water_mark())
                .as("nothing opened")
                .isEqualTo(highWaterMark);
        assertThat(replay(policy(), List.of(sources.get(0))))
                .as("another policy maps apart")
                .doesNotContainAnyElementsOf(targets);
    }

    @Test
    void aCommitBySourceIdCommitsTheTransactionReplayingIt() throws Exception {
        String policy = policy();
        long source = source();
        long target = replay(policy, List.of(source)).get(0);
        expect("commit by source id", commitSource(policy, source, List.of()), Outcome.value("done"));
        assertThat(info(target)).as("committed").isNull();
        expect("commit again (the map forgot it)", commitSource(policy, source, List.of()), Outcome.value("done"));
        assertThat(replay(policy, List.of(source))).as("a new replay").doesNotContain(target);
    }

    @Test
    void aWriteEventNamingNoTableFailsTheCommitAndLeavesTheTransactionOpen() throws Exception {
        String policy = policy();
        long source = source();
        long target = replay(policy, List.of(source)).get(0);
        String db = unique("repl_no_db").toLowerCase(Locale.ROOT);
        Outcome commit = commitSource(policy, source, List.of(new WriteEventInfo(1, db, "t", "f1")));
        expect(
                "commit with a write event of no table",
                commit,
                new Outcome(null, "org.apache.thrift.TApplicationException", "Internal error processing commit_txn"));
        assertThat(info(target).getState()).as("left open").isEqualTo(TxnState.OPEN);
        expect("commit", commitSource(policy, source, List.of()), Outcome.value("done"));
    }

    @Test
    void anAbortBySourceIdAbortsTheTransactionReplayingIt() throws Exception {
        String policy = policy();
        long source = source();
        long target = replay(policy, List.of(source)).get(0);
        expect("abort by source id", abortSource(policy, source), Outcome.value("done"));
        assertThat(info(target).getState()).isEqualTo(TxnState.ABORTED);
        expect("abort again (the map forgot it)", abortSource(policy, source), Outcome.value("done"));
    }

    @Test
    void aSourceIdThePolicyDoesNotMapChangesNothingAndIsNoFailure() throws Exception {
        String policy = policy();
        long mapped = source();
        long target = replay(policy, List.of(mapped)).get(0);
        long other = source();
        expect("commit of an unmapped source", commitSource(policy, other, List.of()), Outcome.value("done"));
        expect("abort of an unmapped source", abortSource(policy, other), Outcome.value("done"));
        expect("commit under another policy", commitSource(policy(), mapped, List.of()), Outcome.value("done"));
        assertThat(info(target).getState()).as("untouched").isEqualTo(TxnState.OPEN);
        expect("abort", abortSource(policy, mapped), Outcome.value("done"));
    }

    @Test
    void writeIdsAreGivenFromTheSourcesAndTheTableFollowsThem() throws Exception {
        String policy = policy();
        String db = unique("repl_wid_db").toLowerCase(Locale.ROOT);
        List<Long> sources = List.of(source(), source());
        List<Long> targets = replay(policy, sources);
        AllocateTableWriteIdsRequest request = new AllocateTableWriteIdsRequest(db, "t");
        request.setReplPolicy(policy);
        request.setSrcTxnToWriteIdList(
                List.of(new TxnToWriteId(sources.get(0), 5), new TxnToWriteId(sources.get(1), 6)));
        List<Long> sorted = targets.stream().sorted().toList();
        assertThat(hms().allocate_table_write_ids(request).getTxnToWriteIds())
                .containsExactly(new TxnToWriteId(sorted.get(0), 5), new TxnToWriteId(sorted.get(1), 6));
        assertThat(hms().get_max_allocated_table_write_id(new MaxAllocatedTableWriteIdRequest(db, "t"))
                        .getMaxWriteId())
                .isEqualTo(6);
        AllocateTableWriteIdsRequest unmapped = new AllocateTableWriteIdsRequest(db, "t");
        unmapped.setReplPolicy(policy);
        unmapped.setSrcTxnToWriteIdList(List.of(new TxnToWriteId(source(), 7)));
        assertThat(hms().allocate_table_write_ids(unmapped).getTxnToWriteIds())
                .as("an unmapped source id: none given")
                .isEmpty();
        for (long source : sources) {
            expect("commit", commitSource(policy, source, List.of()), Outcome.value("done"));
        }
    }

    private String incompatible(String db) throws Exception {
        return hms().get_database(db).getParameters() == null
                ? null
                : hms().get_database(db).getParameters().get("repl.incompatible");
    }

    /**
     * A transaction replaying a source's, aborted other than by its replay (by its own id, by abort_txns), marks
     * the database its policy names (up to its first dot) as incompatible with replication: HMS 4.0.1's
     * AbortTxnsFunction sets the database parameter repl.incompatible to true. The replay's own abort does not,
     * nor does a commit.
     */
    @Test
    void anAbortOfAReplayingTransactionOtherThanByTheReplayMarksItsDatabase() throws Exception {
        String byId = newDatabase("repl_abort_id");
        Database withParameters = hms().get_database(byId);
        withParameters.putToParameters("kept", "yes");
        hms().alter_database(byId, withParameters);
        String byList = newDatabase("repl_abort_list");
        String byReplay = newDatabase("repl_abort_replay");
        try {
            long first = replay(byId + ".*", List.of(source())).get(0);
            long second = replay(byList + ".'t1|t2'", List.of(source())).get(0);
            long replayed = source();
            replay(byReplay, List.of(replayed));
            long committed = source();
            replay(byReplay, List.of(committed));

            hms().abort_txn(new AbortTxnRequest(first));
            hms().abort_txns(new AbortTxnsRequest(List.of(second)));
            expect("abort by source id", abortSource(byReplay, replayed), Outcome.value("done"));
            expect("commit by source id", commitSource(byReplay, committed, List.of()), Outcome.value("done"));

            assertThat(incompatible(byId)).isEqualTo("true");
            assertThat(hms().get_database(byId).getParameters()).containsEntry("kept", "yes");
            assertThat(incompatible(byList)).isEqualTo("true");
            assertThat(incompatible(byReplay)).as("ended by its replay").isNull();
            assertThat(info(first).getState()).isEqualTo(TxnState.ABORTED);
            assertThat(info(second).getState()).isEqualTo(TxnState.ABORTED);
        } finally {
            dropEverywhere(byId);
            dropEverywhere(byList);
            dropEverywhere(byReplay);
        }
    }

    private Outcome commitWith(long txn, ReplLastIdInfo info) {
        return outcome(direct, c -> {
            CommitTxnRequest request = new CommitTxnRequest(txn);
            request.setReplLastIdInfo(info);
            stub(c).commit_txn(request);
            return "done";
        });
    }

    /** A new database whose repl.last.id is 1. */
    private String databaseWithLastId(String prefix) throws Exception {
        String db = unique(prefix).toLowerCase(Locale.ROOT);
        Database withLastId = database(db);
        withLastId.putToParameters("repl.last.id", "1");
        client.createDatabase(withLastId);
        return db;
    }

    /**
     * A commit with replication's last event id (Hive 4's ReplLastIdInfo) sets it as repl.last.id of the
     * database, names normalized, as HMS 4.0.1's CommitTxnFunction does; where it cannot (a database with
     * parameters but not that one; a table with parameters, whose update HMS 4.0.1 fails for a parameter its SQL
     * does not bind) the whole commit fails with an unchecked exception, nothing set, the transaction left open.
     */
    @Test
    void aCommitSetsReplicationsLastIdOfTheDatabase() throws Exception {
        String db = databaseWithLastId("repl_last_id");
        String unmarked = newDatabase("repl_last_id_none");
        try {
            Table t = table(db, "t", new FieldSchema("p", "string", null));
            t.putToParameters("repl.last.id", "1");
            client.createTable(t);
            long txn = openTransactions(1).get(0);

            expect(
                    "commit with the last id",
                    commitWith(txn, new ReplLastIdInfo(" " + db.toUpperCase(Locale.ROOT), 42)),
                    Outcome.value("done"));

            assertThat(info(txn)).as("committed").isNull();
            assertThat(hms().get_database(db).getParameters())
                    .containsEntry("repl.last.id", "42")
                    .containsEntry("purpose", "conformance");

            long refused = openTransactions(1).get(0);
            Outcome internal = new Outcome(
                    null, "org.apache.thrift.TApplicationException", "Internal error processing commit_txn");
            expect(
                    "a database with parameters but no last id",
                    commitWith(refused, new ReplLastIdInfo(unmarked, 43)),
                    internal);
            ReplLastIdInfo withTable = new ReplLastIdInfo(db, 44);
            withTable.setTable("t");
            withTable.setPartitionList(List.of("p=1"));
            expect("a table with parameters", commitWith(refused, withTable), internal);
            assertThat(info(refused).getState()).as("left open").isEqualTo(TxnState.OPEN);
            assertThat(hms().get_database(unmarked).getParameters()).doesNotContainKey("repl.last.id");
            assertThat(hms().get_database(db).getParameters())
                    .as("rolled back with the commit")
                    .containsEntry("repl.last.id", "42");
            assertThat(client.getTable(db, "t").getParameters()).containsEntry("repl.last.id", "1");
            expect("commit", commitWith(refused, new ReplLastIdInfo(db, 45)), Outcome.value("done"));
            assertThat(hms().get_database(db).getParameters()).containsEntry("repl.last.id", "45");
        } finally {
            dropEverywhere(db);
            dropEverywhere(unmarked);
        }
    }

    /**
     * A replayed commit (REPL LOAD's) with replication's last event id sets it with the commit of the transaction
     * replaying the source, in the same database transaction: a commit whose source is no longer mapped sets
     * nothing, and one whose last id cannot be set fails as a plain commit does, the transaction left open. A key
     * value HMS 4.0.1 sets with a replayed commit as with a plain one.
     */
    @Test
    void aReplayedCommitSetsReplicationsLastIdWithTheCommitOfItsTarget() throws Exception {
        String db = databaseWithLastId("repl_replayed_id");
        String unmarked = newDatabase("repl_replayed_none");
        try {
            String policy = policy();
            long source = source();
            long target = replay(policy, List.of(source)).get(0);
            expect(
                    "replayed commit with the last id",
                    commitSource(policy, source, request -> request.setReplLastIdInfo(new ReplLastIdInfo(db, 50))),
                    Outcome.value("done"));
            assertThat(info(target)).as("committed").isNull();
            assertThat(hms().get_database(db).getParameters()).containsEntry("repl.last.id", "50");

            expect(
                    "the same commit again, its source mapped no more",
                    commitSource(policy, source, request -> request.setReplLastIdInfo(new ReplLastIdInfo(db, 60))),
                    Outcome.value("done"));
            assertThat(hms().get_database(db).getParameters())
                    .as("nothing set without a commit")
                    .containsEntry("repl.last.id", "50");

            long refusedSource = source();
            long refused = replay(policy, List.of(refusedSource)).get(0);
            expect(
                    "a database with parameters but no last id",
                    commitSource(
                            policy,
                            refusedSource,
                            request -> request.setReplLastIdInfo(new ReplLastIdInfo(unmarked, 61))),
                    new Outcome(
                            null, "org.apache.thrift.TApplicationException", "Internal error processing commit_txn"));
            assertThat(info(refused).getState()).as("left open").isEqualTo(TxnState.OPEN);
            expect("commit", commitSource(policy, refusedSource, List.of()), Outcome.value("done"));

            Table t = table(db, "t");
            t.putToParameters("_meta_state", "before");
            client.createTable(t);
            // the target's own id of the table, and its own parameters: the commit went to it alone
            long tableId = direct.getTable(db, "t").getId();
            long keyValueSource = source();
            replay(policy, List.of(keyValueSource));
            expect(
                    "replayed commit with a key value",
                    commitSource(
                            policy,
                            keyValueSource,
                            request -> request.setKeyValue(new CommitTxnKeyValue(tableId, "_meta_state", "replayed"))),
                    Outcome.value("done"));
            assertThat(direct.getTable(db, "t").getParameters()).containsEntry("_meta_state", "replayed");
        } finally {
            dropEverywhere(db);
            dropEverywhere(unmarked);
        }
    }
}
