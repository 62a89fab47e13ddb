package dev.lakegate.catalog.server.model;

/**
 * What happened to a materialized view's source tables since its build, as Hive's optimizer asks before it
 * rebuilds the view incrementally or answers a query from it: a committed update or delete the build did not
 * see, and a compaction that is queued or compacted write ids the build did not see.
 */
public record MaterializedViewSourceChanges(boolean updatedOrDeleted, boolean compacted) {}
