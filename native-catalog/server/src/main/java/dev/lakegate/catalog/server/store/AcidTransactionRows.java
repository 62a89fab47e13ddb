package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.AcidTransaction;
import dev.lakegate.catalog.server.model.AcidTransaction.State;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link AcidTransactionStore} in the catalog's database, so that every gateway on it sees the same ones. */
final class AcidTransactionRows implements AcidTransactionStore {

    private static final String COLUMNS =
            "id, state, txn_type, txn_user, host, agent_info, start_time, last_heartbeat_time, expire_time, ttl_nanos";

    private final Jdbc jdbc;

    AcidTransactionRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public List<Long> nextIds(int count) {
        return jdbc.query(jdbc.dialect().nextValues("acid_transaction_ids"), row -> row.getLong(1), count);
    }

    @Override
    public void restartIds(long next) {
        // Both databases restart a sequence with this statement; the value is a number, not text.
        jdbc.update("ALTER SEQUENCE acid_transaction_ids RESTART WITH " + next);
    }

    @Override
    public void insert(List<AcidTransaction> transactions) {
        List<Object[]> rows = new ArrayList<>(transactions.size());
        for (AcidTransaction t : transactions) {
            rows.add(new Object[] {
                t.id(),
                code(t.state()),
                t.type(),
                t.user(),
                t.host(),
                t.agentInfo(),
                t.startTime(),
                t.lastHeartbeatTime(),
                t.expireTime(),
                t.ttl().toNanos(),
                t.id(),
                t.id()
            });
        }
        // The lowest open id is taken in the statement that inserts, one round trip: an open transaction is
        // seen once its opening has committed, so one opened concurrently with a lower id may be missed (a
        // window of one statement, against HMS 4.0.1's default which keeps nothing for readers at all).
        String insert = "INSERT INTO acid_transactions (" + COLUMNS + ", lowest_open_seen)"
                + " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, LEAST(COALESCE(MIN(id), ?), ?)"
                + " FROM acid_transactions WHERE state = 'o'";
        if (rows.size() == 1) {
            jdbc.sendLater(insert, rows.get(0));
        } else {
            jdbc.batch(insert, rows);
        }
    }

    @Override
    public Optional<AcidTransaction> findForUpdate(long id) {
        return jdbc.first(
                "SELECT " + COLUMNS + " FROM acid_transactions WHERE id = ? FOR UPDATE", AcidTransactionRows::read, id);
    }

    @Override
    public List<AcidTransaction> findForUpdate(long first, long last) {
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM acid_transactions WHERE id BETWEEN ? AND ? ORDER BY id FOR UPDATE",
                AcidTransactionRows::read,
                first,
                last);
    }

    @Override
    public List<AcidTransaction> findForUpdate(List<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM acid_transactions WHERE id IN (" + Jdbc.placeholders(ids.size())
                        + ") ORDER BY id FOR UPDATE",
                AcidTransactionRows::read,
                new ArrayList<Object>(ids));
    }

    @Override
    public void update(List<AcidTransaction> transactions) {
        List<Object[]> rows = new ArrayList<>(transactions.size());
        for (AcidTransaction t : transactions) {
            rows.add(new Object[] {code(t.state()), t.lastHeartbeatTime(), t.expireTime(), t.id()});
        }
        String update = "UPDATE acid_transactions SET state = ?, last_heartbeat_time = ?, expire_time = ? WHERE id = ?";
        if (rows.size() == 1) {
            jdbc.sendLater(update, rows.get(0));
        } else {
            jdbc.batch(update, rows);
        }
    }

    @Override
    public List<AcidTransaction> listNotCommitted() {
        return jdbc.query(
                "SELECT " + COLUMNS + " FROM acid_transactions WHERE state IN ('o', 'a') ORDER BY id",
                AcidTransactionRows::read);
    }

    @Override
    public long highWaterMark() {
        return jdbc.queryLong("SELECT COALESCE(MAX(id), 0) FROM acid_transactions");
    }

    @Override
    public long lowestOpenId(long otherwise) {
        return jdbc.queryLong("SELECT COALESCE(MIN(id), ?) FROM acid_transactions WHERE state = 'o'", otherwise);
    }

    @Override
    public long lowestSeenByAReader() {
        // The lowest id an open transaction's reader may name as not committed, the lowest aborted one (its
        // writes stay invalid to every reader), and past the highest id when there are neither.
        return jdbc.queryLong("SELECT COALESCE(MIN(b), 0) FROM ("
                + "SELECT MIN(COALESCE(lowest_open_seen, id)) AS b FROM acid_transactions WHERE state = 'o'"
                + " UNION ALL SELECT MIN(id) FROM acid_transactions WHERE state = 'a'"
                + " UNION ALL SELECT MAX(id) + 1 FROM acid_transactions) bounds");
    }

    @Override
    public List<Long> expiredOpen(Instant now, int limit) {
        return jdbc.query(
                "SELECT id FROM acid_transactions WHERE state = 'o' AND expire_time < ? ORDER BY id LIMIT ?",
                row -> row.getLong(1),
                now,
                limit);
    }

    @Override
    public int forgetCommittedBelow(long bound, int limit) {
        return jdbc.update(
                "DELETE FROM acid_transactions WHERE id IN (SELECT id FROM acid_transactions"
                        + " WHERE state = 'c' AND id < ? ORDER BY id LIMIT ?)",
                bound,
                limit);
    }

    @Override
    public int forgetAbortedWithoutWritesBelow(long bound, int limit) {
        return jdbc.update(
                "DELETE FROM acid_transactions WHERE id IN (SELECT t.id FROM acid_transactions t"
                        + " WHERE t.state = 'a' AND t.id < ?"
                        + " AND NOT EXISTS (SELECT 1 FROM acid_write_ids w WHERE w.txn_id = t.id)"
                        + " AND NOT EXISTS (SELECT 1 FROM acid_compactor_writes c WHERE c.txn_id = t.id)"
                        + " ORDER BY t.id LIMIT ?)",
                bound,
                limit);
    }

    @Override
    public void releaseLeases(long id) {
        // one statement for all of them: their resources go with them (ON DELETE CASCADE)
        jdbc.sendLater("DELETE FROM leases WHERE txn_id = ?", id);
    }

    @Override
    public void extendLeases(long id, Instant expireTime) {
        jdbc.update("UPDATE leases SET expire_time = ? WHERE txn_id = ?", expireTime, id);
    }

    private static String code(State state) {
        return switch (state) {
            case OPEN -> "o";
            case ABORTED -> "a";
            case COMMITTED -> "c";
        };
    }

    private static State state(String code) {
        return switch (code) {
            case "o" -> State.OPEN;
            case "a" -> State.ABORTED;
            case "c" -> State.COMMITTED;
            default -> throw new IllegalStateException("unknown transaction state '" + code + "' in the store");
        };
    }

    private static AcidTransaction read(ResultSet row) throws SQLException {
        return new AcidTransaction(
                row.getLong("id"),
                state(row.getString("state")),
                row.getString("txn_type"),
                row.getString("txn_user"),
                row.getString("host"),
                row.getString("agent_info"),
                Jdbc.instant(row, "start_time"),
                Jdbc.instant(row, "last_heartbeat_time"),
                Jdbc.instant(row, "expire_time"),
                Duration.ofNanos(row.getLong("ttl_nanos")));
    }
}
