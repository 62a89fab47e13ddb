package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/**
 * A parameter a transaction's commit sets on a table (HMS 4's CommitTxnKeyValue): the table by the numeric id
 * HMS 4 clients know it by, the key and its new value.
 */
public record AcidCommitKeyValue(long tableId, String key, String value) {

    public AcidCommitKeyValue {
        requireNonNull(key, "key is null");
        requireNonNull(value, "value is null");
    }
}
