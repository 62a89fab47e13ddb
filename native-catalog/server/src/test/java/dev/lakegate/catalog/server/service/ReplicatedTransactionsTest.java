package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.api.HiveTableIds;
import dev.lakegate.catalog.server.model.AcidCommitKeyValue;
import dev.lakegate.catalog.server.model.AcidCommitReplLastId;
import dev.lakegate.catalog.server.model.AcidTransaction;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.ReplicatedEnd;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.model.TableWriteId;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Replication's replay of a source's transactions on a real store (HMS's REPL_TXN_MAP): opened as REPL_CREATED
 * and mapped per policy, a retried open answered from the map, commit and abort by source id forgetting the
 * row, an abort by target id forgetting it too, and write ids given from the source's.
 */
abstract class ReplicatedTransactionsTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(10);
    private static final AtomicInteger POLICIES = new AtomicInteger();

    private ReplicatedTransactions replication() {
        return catalog.replicatedTransactions();
    }

    private List<Long> open(String onPolicy, List<Long> sources) {
        return replication().open(onPolicy, sources, sources.size(), "hive", "h", "repl", TTL);
    }

    private static String fresh() {
        return "repl_db_" + POLICIES.incrementAndGet();
    }

    private Optional<AcidTransaction> listed(long id) {
        return catalog.acidTransactions().list().transactions().stream()
                .filter(transaction -> transaction.id() == id)
                .findFirst();
    }

    @Test
    void anOpenMapsEachSourceAndAReopenAnswersTheTargetsWithoutOpening() {
        String p = fresh();
        List<Long> targets = open(p, List.of(901L, 902L));
        assertThat(targets).hasSize(2);
        assertThat(listed(targets.get(0)))
                .get()
                .extracting(AcidTransaction::type)
                .isEqualTo("REPL_CREATED");
        long highWaterMark = catalog.acidTransactions().list().highWaterMark();
        assertThat(open(p, List.of(902L, 901L))).containsExactly(targets.get(1), targets.get(0));
        assertThat(open(p, List.of(901L, 999L))).as("a partly mapped reopen").containsExactly(targets.get(0));
        assertThat(catalog.acidTransactions().list().highWaterMark()).isEqualTo(highWaterMark);
        assertThat(open(fresh(), List.of(901L))).as("another policy maps apart").doesNotContainAnyElementsOf(targets);
    }

    @Test
    void anOpenNamesASourceForEachTransaction() {
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> replication().open(fresh(), List.of(1L), 2, "hive", "h", "repl", TTL));
    }

    @Test
    void aCommitBySourceEndsTheTargetAndForgetsTheRow() {
        String p = fresh();
        long target = open(p, List.of(11L)).get(0);
        assertThat(replication().commit(p, 11L))
                .isEqualTo(new ReplicatedEnd(OptionalLong.of(target), Optional.of(State.OPEN)));
        assertThat(listed(target)).as("committed, no longer listed").isEmpty();
        assertThat(replication().commit(p, 11L)).isEqualTo(ReplicatedEnd.unmapped());
        assertThat(replication().commit(p, 12L)).isEqualTo(ReplicatedEnd.unmapped());
        assertThat(open(p, List.of(11L))).as("a new replay of the source").doesNotContain(target);
    }

    @Test
    void anAbortBySourceEndsTheTargetAndForgetsTheRow() {
        String p = fresh();
        long target = open(p, List.of(21L)).get(0);
        assertThat(replication().abort(p, 21L))
                .isEqualTo(new ReplicatedEnd(OptionalLong.of(target), Optional.of(State.OPEN)));
        assertThat(listed(target)).get().extracting(AcidTransaction::state).isEqualTo(State.ABORTED);
        assertThat(replication().abort(p, 21L)).isEqualTo(ReplicatedEnd.unmapped());
    }

    @Test
    void anAbortOfTheTargetByItsIdOrItsExpiryForgetsTheRow() {
        String p = fresh();
        List<Long> targets = open(p, List.of(31L, 32L));
        catalog.acidTransactions().abort(List.of(targets.get(0)));
        assertThat(replication().commit(p, 31L)).isEqualTo(ReplicatedEnd.unmapped());
        clock.advance(TTL.plusSeconds(1));
        assertThat(replication().commit(p, 32L))
                .as("expired: aborted now")
                .isEqualTo(new ReplicatedEnd(OptionalLong.of(targets.get(1)), Optional.of(State.ABORTED)));
        assertThat(replication().commit(p, 32L)).isEqualTo(ReplicatedEnd.unmapped());
    }

    /** HMS 4.0.1's CommitTxnFunction sets repl.last.id before it maps the source, in the commit's transaction. */
    @Test
    void aReplayedCommitSetsReplicationsLastIdOnlyWithTheCommitOfItsTarget() {
        String p = fresh();
        String bare = fresh();
        String withOthers = fresh();
        catalog.createNamespace(Namespace.of(bare), RequestContext.of("tester"));
        catalog.createNamespace(
                Namespace.of(withOthers).withProperties(Map.of("kept", "yes")), RequestContext.of("tester"));
        long target = open(p, List.of(41L)).get(0);
        long refused = open(p, List.of(42L)).get(0);

        replication().commit(p, 41L, lastId(bare, 50), Optional.empty());
        assertThat(catalog.getNamespace(bare).properties()).isEqualTo(Map.of(CommitReplLastIds.KEY, "50"));
        assertThat(listed(target)).as("committed").isEmpty();
        assertThat(replication().commit(p, 41L, lastId(bare, 60), Optional.empty()))
                .isEqualTo(ReplicatedEnd.unmapped());
        assertThat(catalog.getNamespace(bare).properties()).containsEntry(CommitReplLastIds.KEY, "50");

        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE,
                () -> replication().commit(p, 42L, lastId(withOthers, 61), Optional.empty()));
        assertThat(listed(refused)).get().extracting(AcidTransaction::state).isEqualTo(State.OPEN);
        assertThat(replication().commit(p, 42L))
                .as("still mapped")
                .isEqualTo(new ReplicatedEnd(OptionalLong.of(refused), Optional.of(State.OPEN)));
    }

    /** HMS 4.0.1's CommitTxnFunction sets a commit's key value for a replayed commit too, naming the source id. */
    @Test
    void aReplayedCommitSetsItsKeyValueOnlyWithTheCommitOfItsTarget() {
        String p = fresh();
        String namespace = fresh();
        RequestContext context = RequestContext.of("tester");
        catalog.createNamespace(Namespace.of(namespace), context);
        Table table = catalog.createTable(CatalogFixtures.hiveTable(namespace, "t"), context);
        table = catalog.commitTable(
                new TableCommit(
                        table.identifier(),
                        List.of(),
                        List.of(new TableUpdate.SetProperties(Map.of("_meta_state", "before")))),
                context);
        long tableId = HiveTableIds.of(table.id());
        open(p, List.of(71L));
        long refused = open(p, List.of(72L)).get(0);

        replication().commit(p, 71L, Optional.empty(), keyValue(tableId, "_meta_state", "replayed"));
        assertThat(catalog.getTable(table.identifier(), TableView.BASIC).properties())
                .containsEntry("_meta_state", "replayed");
        assertThat(replication().commit(p, 71L, Optional.empty(), keyValue(tableId, "_meta_state", "again")))
                .isEqualTo(ReplicatedEnd.unmapped());
        assertThat(catalog.getTable(table.identifier(), TableView.BASIC).properties())
                .containsEntry("_meta_state", "replayed");

        assertThatThrownBy(() -> replication().commit(p, 72L, Optional.empty(), keyValue(tableId, "state", "v")))
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining("txnId=72,");
        assertThat(listed(refused)).get().extracting(AcidTransaction::state).isEqualTo(State.OPEN);
    }

    private static Optional<AcidCommitKeyValue> keyValue(long tableId, String key, String value) {
        return Optional.of(new AcidCommitKeyValue(tableId, key, value));
    }

    private static Optional<AcidCommitReplLastId> lastId(String namespace, long id) {
        return Optional.of(new AcidCommitReplLastId("hive", namespace, id, Optional.empty(), List.of()));
    }

    private String parameter(String namespace) {
        return catalog.getNamespace(namespace).properties().get(ReplIncompatibility.KEY);
    }

    /** HMS 4.0.1's AbortTxnsFunction: an abort other than the replay's marks the policy's database. */
    @Test
    void anAbortOfTheTargetOtherThanByItsReplayMarksThePolicysDatabase() {
        String byId = fresh();
        String byExpiry = fresh();
        String byReplay = fresh();
        for (String namespace : List.of(byId, byExpiry, byReplay)) {
            catalog.createNamespace(
                    Namespace.of(namespace).withProperties(Map.of("kept", "yes")), RequestContext.of("tester"));
        }
        long versionBefore = catalog.getNamespace(byId).version();
        long first = open(byId + ".*", List.of(41L)).get(0);
        open(byExpiry + ".'t1|t2'", List.of(42L));
        open(byReplay, List.of(43L));
        open("repl_no_such_db_" + POLICIES.incrementAndGet() + ".*", List.of(44L));

        catalog.acidTransactions().abort(List.of(first));
        replication().abort(byReplay, 43L);
        clock.advance(TTL.plusSeconds(1));
        catalog.acidTransactions().sweep(100);

        assertThat(parameter(byId)).isEqualTo("true");
        assertThat(catalog.getNamespace(byId).properties()).containsEntry("kept", "yes");
        assertThat(catalog.getNamespace(byId).version()).isEqualTo(versionBefore + 1);
        assertThat(parameter(byExpiry)).as("timed out").isEqualTo("true");
        assertThat(parameter(byReplay)).as("aborted by its replay").isNull();
        catalog.acidTransactions().abort(List.of(first));
        assertThat(catalog.getNamespace(byId).version()).as("marked once").isEqualTo(versionBefore + 1);
    }

    @Test
    void aPolicysDatabaseIsWhatComesBeforeItsFirstDot() {
        assertThat(ReplIncompatibility.databaseOf("db.*")).isEqualTo("db");
        assertThat(ReplIncompatibility.databaseOf("db.'t1|t2'.'t3'")).isEqualTo("db");
        assertThat(ReplIncompatibility.databaseOf("db")).isEqualTo("db");
    }

    @Test
    void writeIdsAreGivenFromTheSourcesFirstAndTheTableFollowsThem() {
        String p = fresh();
        TableIdentifier table = TableIdentifier.inDefaultCatalog("db", "replicated_" + POLICIES.incrementAndGet());
        List<Long> targets = open(p, List.of(41L, 42L));
        assertThat(replication()
                        .allocateWriteIds(p, table, List.of(new TableWriteId(42L, 5), new TableWriteId(41L, 6))))
                .containsExactly(new TableWriteId(targets.get(0), 5), new TableWriteId(targets.get(1), 6));
        assertThat(catalog.acidWriteIds().lastWriteId(table)).isEqualTo(6);
        assertThat(replication().allocateWriteIds(p, table, List.of(new TableWriteId(41L, 9))))
                .as("held already")
                .containsExactly(new TableWriteId(targets.get(0), 5));
        long local = catalog.acidTransactions().open(1, "", "u", "h", "a", TTL).get(0);
        assertThat(catalog.acidWriteIds().allocate(table, List.of(local), false))
                .containsExactly(new TableWriteId(local, 7));
        assertThat(replication().allocateWriteIds(p, table, List.of(new TableWriteId(43L, 8))))
                .as("an unmapped source: nothing given")
                .isEmpty();
    }

    @Test
    void aFirstWriteIdThatIsNotTheTablesNextForgetsItsWriteIds() {
        String p = fresh();
        TableIdentifier table = TableIdentifier.inDefaultCatalog("db", "reset_" + POLICIES.incrementAndGet());
        long local = catalog.acidTransactions().open(1, "", "u", "h", "a", TTL).get(0);
        catalog.acidWriteIds().allocate(table, List.of(local), false);
        long target = open(p, List.of(51L)).get(0);
        assertThat(replication().allocateWriteIds(p, table, List.of(new TableWriteId(51L, 20))))
                .containsExactly(new TableWriteId(target, 20));
        assertThat(catalog.acidWriteIds().lastWriteId(table)).isEqualTo(20);
        assertThat(catalog.acidWriteIds().allocate(table, List.of(local), false))
                .as("its write id was forgotten: a new one")
                .containsExactly(new TableWriteId(local, 21));
    }
}
