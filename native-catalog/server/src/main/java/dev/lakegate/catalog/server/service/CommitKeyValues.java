package dev.lakegate.catalog.server.service;

import dev.lakegate.catalog.server.model.AcidCommitKeyValue;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameter a transaction's commit sets on a table, inside the commit's store transaction, as HMS 4.0.1's
 * CommitTxnFunction updates TABLE_PARAMS: only keys starting with {@value #KEY_PREFIX}, and only a parameter
 * the table holds already (HMS updates exactly one existing row). A refusal throws, so that the whole commit
 * rolls back and the transaction stays open, as it does in HMS. The change is the table's next version (so
 * that every gateway's cache sees it) and records no event: HMS's row update notifies no listener either.
 */
final class CommitKeyValues {

    /** HMS's TxnStore.TXN_KEY_START. */
    static final String KEY_PREFIX = "_meta";

    private CommitKeyValues() {}

    static void apply(StoreTransaction tx, long transactionId, AcidCommitKeyValue keyValue) {
        if (!keyValue.key().startsWith(KEY_PREFIX)) {
            throw refused(
                    ErrorCode.INVALID_ARGUMENT, transactionId, keyValue, " key should start with " + KEY_PREFIX + ".");
        }
        List<Table> holding = tx.findTablesForUpdateByHiveId(keyValue.tableId()).stream()
                .filter(table -> table.properties().containsKey(keyValue.key()))
                .toList();
        if (holding.size() != 1) {
            throw refused(
                    ErrorCode.INVALID_STATE_CHANGE,
                    transactionId,
                    keyValue,
                    " Only one row should have been affected but " + holding.size() + " rows where affected.");
        }
        Table current = holding.get(0);
        Map<String, String> properties = new LinkedHashMap<>(current.properties());
        properties.put(keyValue.key(), keyValue.value());
        Table next = current.toBuilder()
                .properties(properties)
                .version(current.version() + 1)
                .build();
        // the row is locked since it was read, so no other change can have taken the version in between
        if (!tx.swapTable(current, next)) {
            throw new IllegalStateException("table " + current.identifier() + " changed under its row lock");
        }
    }

    /** HMS's words: "Error updating key/value in the sql backend with txnId=…, tableId=…, key=…, value=…." */
    private static CatalogException refused(
            ErrorCode code, long transactionId, AcidCommitKeyValue keyValue, String why) {
        return new CatalogException(
                code,
                "Error updating key/value in the sql backend with txnId=" + transactionId + ", tableId="
                        + keyValue.tableId() + ", key=" + keyValue.key() + ", value=" + keyValue.value() + "." + why,
                Map.of("transaction", Long.toString(transactionId), "table_id", Long.toString(keyValue.tableId())));
    }
}
