package dev.lakegate.catalog.server.model;

import java.util.List;

/**
 * The transactions a reader must know about, open and aborted, by id, and the highest id ever given
 * (every id at or below it that is not listed committed).
 */
public record AcidTransactionList(long highWaterMark, List<AcidTransaction> transactions) {

    public AcidTransactionList {
        transactions = List.copyOf(transactions);
    }
}
