package dev.lakegate.catalog.server.model;

/**
 * What a materialized view counts of one source's writes since it was built (Hive 4's {@code SourceTable}
 * counts): the rows inserted, updated and deleted; the source by Hive's table id ({@code Table.id}). As a
 * change, the rows one transaction wrote.
 */
public record MaterializedViewSourceCount(long sourceTableId, long inserted, long updated, long deleted) {}
