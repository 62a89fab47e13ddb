package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.EventChange.AcidTransactionsChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableWriteId;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Instant;
import java.util.List;

/**
 * The events of Hive's transactions, recorded in the store transaction that makes the change, where HMS's
 * transactional listener writes them: one for the transactions one call opened, one per transaction
 * committed or aborted (an event names one), one per write id allocation. A transaction that ends without
 * a caller asking (its ttl passed, or its commit lost a write conflict) gets none, as in HMS 3.1.
 */
final class TransactionEvents {

    /**
     * Whether they are logged at all. HMS logs them only with a transactional listener configured (none by
     * default, as replication and Impala's event processor set one up): each then takes the notification
     * log's counter, which orders every logged change, until its commit, so calls that log one run one at a
     * time.
     */
    private final boolean logged;

    TransactionEvents(boolean logged) {
        this.logged = logged;
    }

    /** Whether transaction events are logged, as HMS logs them with its transactional listener. */
    boolean logged() {
        return logged;
    }

    void opened(StoreTransaction tx, Instant now, String user, List<Long> ids) {
        record(tx, now, user, EventType.ACID_OPENED, AcidTransactionsChange.of(ids));
    }

    void committed(StoreTransaction tx, Instant now, long id) {
        record(tx, now, "", EventType.ACID_COMMITTED, AcidTransactionsChange.of(List.of(id)));
    }

    void aborted(StoreTransaction tx, Instant now, List<Long> ids) {
        for (long id : ids) {
            record(tx, now, "", EventType.ACID_ABORTED, AcidTransactionsChange.of(List.of(id)));
        }
    }

    void writeIdsAllocated(StoreTransaction tx, Instant now, TableIdentifier table, List<TableWriteId> given) {
        if (!logged) {
            return;
        }
        tx.recordEvent(
                now,
                "",
                EventType.ACID_WRITE_IDS_ALLOCATED,
                table.catalog(),
                table.namespace(),
                table.name(),
                "",
                new AcidTransactionsChange(
                        given.stream().map(TableWriteId::transactionId).toList(),
                        given.stream().map(TableWriteId::writeId).toList()));
    }

    private void record(
            StoreTransaction tx, Instant now, String principal, EventType type, AcidTransactionsChange change) {
        if (!logged) {
            return;
        }
        tx.recordEvent(now, principal, type, NamedCatalog.DEFAULT, "", "", "", change);
    }
}
