package dev.lakegate.translator.events;

import dev.lakegate.catalog.v1.AcidTransactionsChange;
import dev.lakegate.catalog.v1.Event;
import java.util.List;

/**
 * The messages of Hive's transaction events, with the fields HMS 3.1's DbNotificationListener writes
 * (JSONOpenTxnMessage, JSONCommitTxnMessage, JSONAbortTxnMessage, JSONAllocWriteIdMessage): an open names
 * its range of ids (its list of ids is null, as HMS leaves it), a commit or abort its one transaction, an
 * allocation its table and each transaction's write id. HMS's listener writes these events by SQL of its own,
 * which puts a blank table name (one space) on each; the allocation alone names its database.
 */
final class TransactionMessages {

    /** The table name HMS's listener gives every transaction event. */
    static final String NO_TABLE = " ";

    record Message(HiveEventType type, String json) {}

    private final String server;
    private final String servicePrincipal;

    TransactionMessages(String server, String servicePrincipal) {
        this.server = server;
        this.servicePrincipal = servicePrincipal;
    }

    Message of(Event event, long timestamp) {
        AcidTransactionsChange change = event.getAcidTransactionsChange();
        List<Long> ids = change.getTransactionIdsList();
        return switch (event.getType()) {
            case ACID_OPENED ->
                new Message(
                        HiveEventType.OPEN_TXN,
                        new MessageJson()
                                .numbers("txnIds", null)
                                .number("timestamp", timestamp)
                                .number("fromTxnId", ids.get(0))
                                .number("toTxnId", ids.get(ids.size() - 1))
                                .string("server", server)
                                .string("servicePrincipal", servicePrincipal)
                                .build());
            case ACID_COMMITTED -> new Message(HiveEventType.COMMIT_TXN, ended(ids.get(0), timestamp));
            case ACID_ABORTED -> new Message(HiveEventType.ABORT_TXN, ended(ids.get(0), timestamp));
            case ACID_WRITE_IDS_ALLOCATED ->
                new Message(
                        HiveEventType.ALLOC_WRITE_ID_EVENT,
                        new MessageJson()
                                .string("server", server)
                                .string("servicePrincipal", servicePrincipal)
                                .string("dbName", event.getNamespace())
                                .string("tableName", event.getTable())
                                .numbers("txnIdList", ids)
                                .numbers("writeIdList", change.getWriteIdsList())
                                .number("timestamp", timestamp)
                                .build());
            default -> throw new IllegalArgumentException("a " + event.getType() + " event carries no transactions");
        };
    }

    private String ended(long id, long timestamp) {
        return new MessageJson()
                .number("txnid", id)
                .number("timestamp", timestamp)
                .string("server", server)
                .string("servicePrincipal", servicePrincipal)
                .build();
    }
}
