package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Lease;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Leases taken inside Hive's transactions on a real store: they need the transaction open, end with its
 * commit or abort (letting a waiter in), live by its heartbeats and lapse with it.
 */
abstract class TransactionLeaseTest extends ServiceOnScratchStore {

    private static final Duration TTL = Duration.ofSeconds(10);

    private long open() {
        return catalog.acidTransactions()
                .open(1, "", "alice", "host", "agent", TTL)
                .get(0);
    }

    private static List<Lease.Resource> exclusive(String table) {
        return List.of(new Lease.Resource("db", table, Lease.Mode.EXCLUSIVE));
    }

    private Lease take(String table, long transaction) {
        return catalog.acquireLease(exclusive(table), "alice", Duration.ofMinutes(1), transaction);
    }

    @Test
    void aCommitReleasesTheTransactionsLeasesAndLetsAWaiterIn() {
        long transaction = open();
        Lease held = take("committed", transaction);
        assertThat(held.state()).isEqualTo(Lease.State.ACQUIRED);
        assertThat(held.transactionId()).isEqualTo(transaction);
        assertThat(held.ttl()).as("the transaction's").isEqualTo(TTL);
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> catalog.releaseLease(held.id()));
        Lease waiting = take("committed", 0);
        assertThat(catalog.getLease(waiting.id()).state()).isEqualTo(Lease.State.WAITING);
        catalog.acidTransactions().commit(transaction, true);
        assertCatalogError(ErrorCode.LEASE_NOT_FOUND, () -> catalog.getLease(held.id()));
        assertThat(catalog.getLease(waiting.id()).state()).isEqualTo(Lease.State.ACQUIRED);
        catalog.releaseLease(waiting.id());
    }

    @Test
    void anAbortReleasesTheTransactionsLeases() {
        long transaction = open();
        Lease held = take("aborted", transaction);
        catalog.acidTransactions().abort(List.of(transaction));
        assertCatalogError(ErrorCode.LEASE_NOT_FOUND, () -> catalog.getLease(held.id()));
    }

    @Test
    void onlyAnOpenTransactionTakesLeases() {
        long committed = open();
        catalog.acidTransactions().commit(committed, true);
        long aborted = open();
        catalog.acidTransactions().abort(List.of(aborted));
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> take("refused", committed));
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> take("refused", aborted));
        assertCatalogError(ErrorCode.INVALID_STATE_CHANGE, () -> take("refused", 987_654_321L));
        assertThat(catalog.listLeases("db", "refused")).isEmpty();
    }

    @Test
    void theTransactionsHeartbeatsKeepItsLeasesAndTheyLapseWithIt() {
        long transaction = open();
        Lease held = take("kept", transaction);
        clock.advance(Duration.ofSeconds(8));
        catalog.acidTransactions().heartbeat(transaction, transaction);
        clock.advance(Duration.ofSeconds(8));
        assertThat(catalog.getLease(held.id()).state())
                .as("alive by the heartbeat")
                .isEqualTo(Lease.State.ACQUIRED);
        clock.advance(Duration.ofSeconds(3));
        assertCatalogError(ErrorCode.LEASE_NOT_FOUND, () -> catalog.getLease(held.id()));
    }
}
