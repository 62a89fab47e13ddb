package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.api.HiveTableIds;
import dev.lakegate.catalog.server.model.AcidCommitKeyValue;
import dev.lakegate.catalog.server.model.AcidCommitReplLastId;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import dev.lakegate.catalog.server.model.AcidTransactionList;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * commit_txn's key value on a real store, as HMS 4.0.1's CommitTxnFunction updates TABLE_PARAMS: the commit
 * sets a {@code _meta} parameter the table of that HMS id holds already, in the commit's store transaction; a
 * refusal refuses the whole commit, so the transaction stays open.
 */
abstract class AcidCommitKeyValueTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(30);
    private static final AtomicInteger NAMESPACES = new AtomicInteger();
    private static final String KEY = "_meta_state";

    private final RequestContext context = RequestContext.of("tester");

    /** A table of a namespace of its own that holds {@value #KEY}. */
    private Table table() {
        String namespace = "kv" + NAMESPACES.incrementAndGet();
        catalog.createNamespace(Namespace.of(namespace), context);
        Table table = catalog.createTable(CatalogFixtures.hiveTable(namespace, "t"), context);
        return catalog.commitTable(
                new TableCommit(
                        table.identifier(),
                        List.of(),
                        List.of(new TableUpdate.SetProperties(Map.of(KEY, "before", "other", "kept")))),
                context);
    }

    private long open() {
        return catalog.acidTransactions()
                .open(1, "", "alice", "host", "agent", TTL)
                .get(0);
    }

    private Optional<State> stateOf(long id) {
        AcidTransactionList list = catalog.acidTransactions().list();
        return list.transactions().stream()
                .filter(transaction -> transaction.id() == id)
                .map(transaction -> transaction.state())
                .findFirst();
    }

    private Table reread(Table table) {
        return catalog.getTable(table.identifier(), TableView.BASIC);
    }

    private void commit(long id, long tableId, String key, String value) {
        catalog.acidTransactions().commit(id, true, Optional.of(new AcidCommitKeyValue(tableId, key, value)));
    }

    @Test
    void theCommitSetsTheParameterOfTheTableOfThatHmsIdAsItsNextVersion() {
        Table table = table();
        long id = open();

        commit(id, HiveTableIds.of(table.id()), KEY, "after");

        assertThat(stateOf(id)).as("committed").isEmpty();
        Table after = reread(table);
        assertThat(after.properties()).containsEntry(KEY, "after").containsEntry("other", "kept");
        assertThat(after.version()).isEqualTo(table.version() + 1);
    }

    @Test
    void aKeyNotStartingWithMetaIsRefusedAndTheTransactionStaysOpen() {
        Table table = table();
        long id = open();
        long tableId = HiveTableIds.of(table.id());

        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> commit(id, tableId, "other", "changed"));

        assertThat(stateOf(id)).contains(State.OPEN);
        assertThat(reread(table).properties()).containsEntry("other", "kept");
        assertThat(reread(table).version()).isEqualTo(table.version());
        catalog.acidTransactions().abort(List.of(id));
    }

    @Test
    void aParameterTheTableDoesNotHoldOrNoTableOfThatIdIsRefusedAndTheTransactionStaysOpen() {
        Table table = table();
        long id = open();
        long tableId = HiveTableIds.of(table.id());

        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> commit(id, tableId, "_meta_absent", "v"));
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> commit(id, tableId == 1 ? 2 : tableId - 1, KEY, "v"));

        assertThat(stateOf(id)).contains(State.OPEN);
        assertThat(reread(table).properties()).doesNotContainKey("_meta_absent").containsEntry(KEY, "before");
        commit(id, tableId, KEY, "at last");
        assertThat(reread(table).properties()).containsEntry(KEY, "at last");
    }

    @Test
    void aCommittedOrAbortedTransactionSetsNothing() {
        Table table = table();
        long tableId = HiveTableIds.of(table.id());
        long committed = open();
        catalog.acidTransactions().commit(committed, true);
        long aborted = open();
        catalog.acidTransactions().abort(List.of(aborted));

        commit(committed, tableId, KEY, "retried");
        commit(aborted, tableId, KEY, "aborted");

        assertThat(reread(table).properties()).containsEntry(KEY, "before");
    }

    private void commitReplLastId(long id, String namespace, long lastId, Optional<String> table) {
        catalog.acidTransactions()
                .commit(
                        id,
                        true,
                        Optional.empty(),
                        Optional.of(new AcidCommitReplLastId("hive", namespace, lastId, table, List.of())));
    }

    /** HMS 4.0.1's updateReplId: the database's repl.last.id in the commit, or no commit at all. */
    @Test
    void theCommitSetsReplicationsLastIdOfTheDatabaseOrFailsWhole() {
        Table table = table();
        String bare = table.identifier().namespace();
        long versionBefore = catalog.getNamespace(bare).version();
        String other = "kv" + NAMESPACES.incrementAndGet();
        catalog.createNamespace(Namespace.of(other).withProperties(Map.of("purpose", "test")), context);
        long refused = open();

        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> commitReplLastId(refused, other, 7, Optional.empty()));
        assertThat(stateOf(refused)).as("left open").contains(State.OPEN);

        long id = open();
        commitReplLastId(id, bare, 7, Optional.empty());
        assertThat(stateOf(id)).as("committed").isEmpty();
        assertThat(catalog.getNamespace(bare).properties()).isEqualTo(Map.of(CommitReplLastIds.KEY, "7"));
        assertThat(catalog.getNamespace(bare).version()).isEqualTo(versionBefore + 1);

        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE,
                () -> commitReplLastId(
                        refused, bare, 8, Optional.of(table.identifier().name())));
        assertThat(catalog.getNamespace(bare).properties())
                .as("rolled back with the commit: the table has parameters")
                .containsEntry(CommitReplLastIds.KEY, "7");
        assertCatalogError(
                ErrorCode.INVALID_STATE_CHANGE, () -> commitReplLastId(refused, bare, 8, Optional.of("nosuch")));
        assertThat(stateOf(refused)).contains(State.OPEN);
        commitReplLastId(refused, bare, 8, Optional.empty());
        assertThat(catalog.getNamespace(bare).properties()).containsEntry(CommitReplLastIds.KEY, "8");
    }
}
