package dev.lakegate.catalog.server.model;

/** The write id a table gave one of Hive's transactions: the transaction's writes to it carry this number. */
public record TableWriteId(long transactionId, long writeId) {}
