package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.CompactionWork;
import dev.lakegate.catalog.server.model.MaterializedViewSource;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** {@link CompactionQueueStore} in the catalog's database, so that every gateway on it sees one queue. */
final class CompactionQueueRows implements CompactionQueueStore {

    /** What a request enqueues. */
    private static final String REQUESTED = "id, catalog, namespace, table_name, partition_name, state, type,"
            + " enqueue_time, run_as, properties, pool_name, number_of_buckets, order_by, initiator_id,"
            + " initiator_version";
    /** With what the Worker that took an entry recorded. */
    private static final String COLUMNS = REQUESTED + ", worker_id, worker_version, start_time, txn_id,"
            + " highest_write_id, hadoop_job_id, error_message, end_time, next_txn_id, commit_time";

    private static final String ACTIVE =
            "('" + Compaction.State.INITIATED.code() + "', '" + Compaction.State.WORKING.code() + "')";

    /** The states of HMS's COMPACTION_QUEUE (the others are in its COMPLETED_COMPACTIONS). */
    private static final Set<String> QUEUED = Set.of(
            String.valueOf(Compaction.State.INITIATED.code()),
            String.valueOf(Compaction.State.WORKING.code()),
            String.valueOf(Compaction.State.READY_FOR_CLEANING.code()));

    private record Compacted(String state, Long highestWriteId) {}

    private final Jdbc jdbc;
    private final CompactionMetricRows metrics;

    CompactionQueueRows(Jdbc jdbc) {
        this.jdbc = jdbc;
        this.metrics = new CompactionMetricRows(jdbc);
    }

    @Override
    public CompactionMetricStore metrics() {
        return metrics;
    }

    @Override
    public void lockScheduling() {
        jdbc.queryLong("SELECT id FROM compaction_scheduler WHERE id = 1 FOR UPDATE");
    }

    @Override
    public long nextId() {
        return jdbc.queryLong(jdbc.dialect().nextValue("compaction_ids"));
    }

    @Override
    public Optional<Compaction> findActive(TableIdentifier table, Optional<String> partition) {
        List<Object> parameters = new ArrayList<>(List.of(table.catalog(), table.namespace(), table.name()));
        String place = " AND partition_name IS NULL";
        if (partition.isPresent()) {
            place = " AND partition_name = ?";
            parameters.add(partition.get());
        }
        return jdbc.first(
                "SELECT " + COLUMNS + " FROM compaction_queue WHERE catalog = ? AND namespace = ? AND table_name = ?"
                        + place + " AND state IN " + ACTIVE + " ORDER BY id LIMIT 1",
                CompactionQueueRows::read,
                parameters);
    }

    /** The table's compactions and compaction metrics go with it to its new name, as HMS's onRename moves them. */
    void rename(TableIdentifier from, TableIdentifier to) {
        for (String rows : List.of("compaction_queue", "compaction_metrics")) {
            jdbc.update(
                    "UPDATE " + rows + " SET catalog = ?, namespace = ?, table_name = ?"
                            + " WHERE catalog = ? AND namespace = ? AND table_name = ?",
                    AcidWriteIdRows.renaming(from, to));
        }
    }

    /** A dropped table's compactions and compaction metrics go with it, as HMS's drop cleans them. */
    void forget(TableIdentifier table) {
        for (String rows : List.of("compaction_queue", "compaction_metrics")) {
            jdbc.sendLater(
                    "DELETE FROM " + rows + " WHERE catalog = ? AND namespace = ? AND table_name = ?",
                    table.catalog(),
                    table.namespace(),
                    table.name());
        }
    }

    @Override
    public void insert(Compaction compaction) {
        CompactionRequest request = compaction.request();
        TableIdentifier table = request.table();
        jdbc.update(
                "INSERT INTO compaction_queue (" + REQUESTED + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                compaction.id(),
                table.catalog(),
                table.namespace(),
                table.name(),
                request.partition().isPresent() ? request.partition().get() : new Jdbc.Null(Types.VARCHAR),
                String.valueOf(compaction.state().code()),
                String.valueOf(request.type().code()),
                compaction.enqueueTime(),
                text(request.runAs()),
                request.properties().isEmpty() ? new Jdbc.Null(Types.VARCHAR) : StoreJson.write(request.properties()),
                text(request.poolName()),
                request.numberOfBuckets() == 0 ? new Jdbc.Null(Types.INTEGER) : request.numberOfBuckets(),
                text(request.orderBy()),
                text(request.initiatorId()),
                text(request.initiatorVersion()));
    }

    @Override
    public void insertEnded(Compaction compaction) {
        insert(compaction);
        CompactionWork work = compaction.work();
        jdbc.update(
                "UPDATE compaction_queue SET worker_id = ?, start_time = ?, highest_write_id = ?, error_message = ?,"
                        + " end_time = ? WHERE id = ?",
                text(work.workerId().orElse("")),
                work.start().isPresent() ? work.start().get() : new Jdbc.Null(Types.TIMESTAMP_WITH_TIMEZONE),
                work.highestWriteId(),
                text(work.errorMessage().orElse("")),
                work.end().isPresent() ? work.end().get() : new Jdbc.Null(Types.TIMESTAMP_WITH_TIMEZONE),
                compaction.id());
    }

    @Override
    public Optional<Compaction> find(long id) {
        return jdbc.first("SELECT " + COLUMNS + " FROM compaction_queue WHERE id = ?", CompactionQueueRows::read, id);
    }

    @Override
    public List<Compaction> initiated(String pool, Instant unclaimedBefore) {
        String initiated = "SELECT " + COLUMNS + " FROM compaction_queue WHERE state = '"
                + Compaction.State.INITIATED.code() + "'";
        if (!pool.isEmpty()) {
            return jdbc.query(initiated + " AND pool_name = ? ORDER BY id", CompactionQueueRows::read, pool);
        }
        return jdbc.query(
                initiated + " AND (pool_name IS NULL OR enqueue_time < ?) ORDER BY id",
                CompactionQueueRows::read,
                unclaimedBefore);
    }

    @Override
    public boolean start(long id, String workerId, String workerVersion, Instant now) {
        return jdbc.update(
                        "UPDATE compaction_queue SET worker_id = ?, worker_version = ?, start_time = ?, state = ?"
                                + " WHERE id = ? AND state = ?",
                        text(workerId),
                        text(workerVersion),
                        now,
                        String.valueOf(Compaction.State.WORKING.code()),
                        id,
                        String.valueOf(Compaction.State.INITIATED.code()))
                == 1;
    }

    @Override
    public boolean recordCompactor(long id, long txnId, long highestWriteId, String runAs) {
        return jdbc.update(
                        "UPDATE compaction_queue SET highest_write_id = ?, run_as = ?, txn_id = ? WHERE id = ?",
                        highestWriteId,
                        text(runAs),
                        txnId,
                        id)
                == 1;
    }

    @Override
    public void recordCompactorWrites(long id, long txnId, long highestWriteId) {
        // sent with the next statement: no entry, no row
        jdbc.sendLater(
                "INSERT INTO acid_compactor_writes"
                        + " (txn_id, catalog, namespace, table_name, partition_name, highest_write_id)"
                        + " SELECT ?, catalog, namespace, table_name, partition_name, ? FROM compaction_queue"
                        + " WHERE id = ?",
                txnId,
                highestWriteId,
                id);
    }

    @Override
    public int forgetCleanedCompactorWrites(TableIdentifier table, Optional<String> partition, long highestWriteId) {
        List<Object> parameters = new ArrayList<>(List.of(table.catalog(), table.namespace(), table.name()));
        partition.ifPresent(parameters::add);
        parameters.add(highestWriteId);
        return jdbc.update(
                "DELETE FROM acid_compactor_writes WHERE catalog = ? AND namespace = ? AND table_name = ?"
                        + (partition.isPresent() ? " AND partition_name = ?" : "")
                        + " AND highest_write_id <= ?"
                        + " AND txn_id IN (SELECT id FROM acid_transactions WHERE state = 'a')",
                parameters);
    }

    @Override
    public int forgetEndedCompactorWrites(int limit) {
        return jdbc.update(
                "DELETE FROM acid_compactor_writes WHERE txn_id IN (SELECT w.txn_id FROM acid_compactor_writes w"
                        + " WHERE NOT EXISTS (SELECT 1 FROM acid_transactions t WHERE t.id = w.txn_id"
                        + " AND t.state <> 'c') ORDER BY w.txn_id LIMIT ?)",
                limit);
    }

    @Override
    public int stampCommit(long txnId, long nextTxnId, Instant commitTime) {
        return jdbc.update(
                "UPDATE compaction_queue SET next_txn_id = ?, commit_time = ? WHERE txn_id = ?",
                nextTxnId,
                commitTime,
                txnId);
    }

    @Override
    public boolean recordJob(long id, String hadoopJobId) {
        return jdbc.update("UPDATE compaction_queue SET hadoop_job_id = ? WHERE id = ?", text(hadoopJobId), id) == 1;
    }

    @Override
    public boolean markCompacted(long id) {
        return jdbc.update(
                        "UPDATE compaction_queue SET state = ?, worker_id = NULL WHERE id = ?",
                        String.valueOf(Compaction.State.READY_FOR_CLEANING.code()),
                        id)
                == 1;
    }

    @Override
    public boolean end(long id, Compaction.State state, String errorMessage, Instant end) {
        return jdbc.update(
                        "UPDATE compaction_queue SET state = ?, error_message = COALESCE(?, error_message),"
                                + " end_time = ? WHERE id = ?",
                        String.valueOf(state.code()),
                        text(errorMessage),
                        end,
                        id)
                == 1;
    }

    @Override
    public boolean markCleaned(long id, Instant end) {
        return jdbc.update(
                        "UPDATE compaction_queue SET state = ?, end_time = ? WHERE id = ?",
                        String.valueOf(Compaction.State.SUCCEEDED.code()),
                        end,
                        id)
                == 1;
    }

    @Override
    public int removeAbortCleanups(TableIdentifier table, Optional<String> partition) {
        List<Object> parameters = new ArrayList<>(List.of(
                table.catalog(),
                table.namespace(),
                table.name(),
                String.valueOf(Compaction.Type.ABORT_TXN_CLEANUP.code())));
        partition.ifPresent(parameters::add);
        return jdbc.update(
                "DELETE FROM compaction_queue WHERE catalog = ? AND namespace = ? AND table_name = ? AND type = ?"
                        + (partition.isPresent() ? " AND partition_name = ?" : ""),
                parameters);
    }

    @Override
    public boolean remove(long id) {
        return jdbc.update("DELETE FROM compaction_queue WHERE id = ?", id) == 1;
    }

    @Override
    public boolean abort(long id, String errorMessage, Instant end) {
        return jdbc.update(
                        "UPDATE compaction_queue SET state = ?, error_message = ?, end_time = ?"
                                + " WHERE id = ? AND state = ?",
                        String.valueOf(Compaction.State.ABORTED.code()),
                        errorMessage,
                        end,
                        id,
                        String.valueOf(Compaction.State.INITIATED.code()))
                == 1;
    }

    /**
     * HMS 4.0.1's order of show_compact: the latest of end, start and commit time first, as its CASE reads them,
     * then the oldest enqueued. A comparison with a missing time is not true, so such an entry falls through to
     * its commit time, and an entry with none comes first (PostgreSQL's NULLs in a descending order). HMS writes
     * an entry it fails or refuses from what it read of it, a missing start or commit time as 0, but copies a
     * cleaned one's as they were: {@link #timeAsShown} gives those ended entries the epoch for a missing time.
     */
    private static final String SHOWN_ORDER = " ORDER BY CASE WHEN end_time > " + timeAsShown("start_time")
            + " AND end_time > " + timeAsShown("commit_time") + " THEN end_time WHEN " + timeAsShown("start_time")
            + " > " + timeAsShown("commit_time") + " THEN " + timeAsShown("start_time") + " ELSE "
            + timeAsShown("commit_time") + " END DESC NULLS FIRST, enqueue_time, id";

    private static String timeAsShown(String column) {
        return "CASE WHEN end_time IS NULL OR state = '" + Compaction.State.SUCCEEDED.code() + "' THEN " + column
                + " ELSE COALESCE(" + column + ", TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00:00') END";
    }

    @Override
    public List<Compaction> list(CompactionFilter filter) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM compaction_queue WHERE 1 = 1");
        List<Object> parameters = new ArrayList<>();
        if (filter.id() != 0) {
            sql.append(" AND id = ?");
            parameters.add(filter.id());
        }
        equal(sql, parameters, "pool_name", filter.poolName());
        equal(sql, parameters, "namespace", filter.namespace());
        equal(sql, parameters, "table_name", filter.table());
        filter.partition().ifPresent(partition -> equal(sql, parameters, "partition_name", partition));
        filter.type().ifPresent(type -> equal(sql, parameters, "type", String.valueOf(type.code())));
        filter.state().ifPresent(state -> equal(sql, parameters, "state", String.valueOf(state.code())));
        if (filter.committed()) {
            sql.append(" AND state IN ('")
                    .append(Compaction.State.SUCCEEDED.code())
                    .append("', '")
                    .append(Compaction.State.READY_FOR_CLEANING.code())
                    .append("')");
        }
        if (filter.afterId() > 0) {
            sql.append(" AND id > ?");
            parameters.add(filter.afterId());
        }
        if (filter.inIdOrder()) {
            sql.append(filter.newestFirst() ? " ORDER BY id DESC" : " ORDER BY id");
        } else {
            sql.append(SHOWN_ORDER);
        }
        if (filter.limit() > 0) {
            sql.append(" LIMIT ").append(filter.limit());
        }
        return jdbc.query(sql.toString(), CompactionQueueRows::read, parameters);
    }

    private static void equal(StringBuilder sql, List<Object> parameters, String column, String value) {
        if (!value.isEmpty()) {
            sql.append(" AND ").append(column).append(" = ?");
            parameters.add(value);
        }
    }

    private static Object text(String value) {
        return value.isEmpty() ? new Jdbc.Null(Types.VARCHAR) : value;
    }

    private static String text(ResultSet row, String column) throws SQLException {
        String value = row.getString(column);
        return value == null ? "" : value;
    }

    private static Compaction read(ResultSet row) throws SQLException {
        String properties = row.getString("properties");
        CompactionRequest request = new CompactionRequest(
                new TableIdentifier(row.getString("catalog"), row.getString("namespace"), row.getString("table_name")),
                Optional.ofNullable(row.getString("partition_name")),
                Compaction.Type.ofCode(row.getString("type").charAt(0)),
                text(row, "run_as"),
                properties == null ? Map.of() : StoreJson.readStringMap(properties),
                text(row, "pool_name"),
                row.getInt("number_of_buckets"),
                text(row, "order_by"),
                text(row, "initiator_id"),
                text(row, "initiator_version"));
        return new Compaction(
                row.getLong("id"),
                request,
                Compaction.State.ofCode(row.getString("state").charAt(0)),
                Jdbc.instant(row, "enqueue_time"),
                work(row));
    }

    private static CompactionWork work(ResultSet row) throws SQLException {
        return new CompactionWork(
                Optional.ofNullable(row.getString("worker_id")),
                Optional.ofNullable(row.getString("worker_version")),
                Optional.ofNullable(Jdbc.instant(row, "start_time")),
                row.getLong("txn_id"),
                row.getLong("highest_write_id"),
                Optional.ofNullable(row.getString("hadoop_job_id")),
                Optional.ofNullable(row.getString("error_message")),
                Optional.ofNullable(Jdbc.instant(row, "end_time")),
                row.getLong("next_txn_id"),
                Optional.ofNullable(Jdbc.instant(row, "commit_time")));
    }

    @Override
    public boolean compactedSince(MaterializedViewSource source) {
        List<Compacted> entries = jdbc.query(
                "SELECT state, highest_write_id FROM compaction_queue"
                        + " WHERE catalog = ? AND namespace = ? AND table_name = ?",
                row -> new Compacted(row.getString("state"), row.getObject("highest_write_id", Long.class)),
                source.table().catalog(),
                source.table().namespace(),
                source.table().name());
        return entries.stream()
                .anyMatch(entry -> QUEUED.contains(entry.state())
                        || (entry.highestWriteId() != null && source.unseen(entry.highestWriteId())));
    }
}
