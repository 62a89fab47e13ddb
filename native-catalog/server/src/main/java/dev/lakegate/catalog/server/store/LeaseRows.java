package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Lease;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Leases and the resources they claim, in the database so that every process sees them. A lease's resources are
 * deleted with it by the database (V28's ON DELETE CASCADE), so that a release is one statement.
 */
final class LeaseRows implements LeaseStore {

    /** Resources of one lease inserted with the commit; more go as one batch of their own. */
    private static final int HELD_RESOURCES = 50;

    private final Jdbc jdbc;

    LeaseRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Held until the transaction ends; H2 and PostgreSQL both keep row locks of FOR UPDATE to commit. Nothing
     * reads the row, so on PostgreSQL it travels with the transaction's next statement, which then runs under it.
     */
    @Override
    public void lock() {
        jdbc.sendLater("SELECT id FROM lease_lock WHERE id = 1 FOR UPDATE");
    }

    /** Nothing reads what an insert did (the id is the sequence's): on PostgreSQL it goes with the commit. */
    @Override
    public void insert(Lease lease) {
        jdbc.sendLater(
                "INSERT INTO leases (id, holder, state, create_time, acquire_time, expire_time, ttl_nanos, txn_id) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                lease.id(),
                lease.holder(),
                lease.state(),
                lease.createTime(),
                acquireTime(lease),
                lease.expireTime(),
                lease.ttl().toNanos(),
                lease.transactionId());
        insertResources(lease);
    }

    /** The lease and its resources in one query: one round trip. */
    @Override
    public Optional<Lease> find(long id) {
        return withResources(
                        jdbc.query(WITH_RESOURCES + " WHERE l.id = ? ORDER BY r.ordinal", LeaseRows::readJoined, id))
                .stream()
                .findFirst();
    }

    @Override
    public List<Lease> list() {
        return withResources(jdbc.query(WITH_RESOURCES + " ORDER BY l.id, r.ordinal", LeaseRows::readJoined));
    }

    @Override
    public void update(Lease lease) {
        int updated = jdbc.update(
                "UPDATE leases SET holder = ?, state = ?, create_time = ?, acquire_time = ?, "
                        + "expire_time = ?, ttl_nanos = ? WHERE id = ?",
                lease.holder(),
                lease.state(),
                lease.createTime(),
                acquireTime(lease),
                lease.expireTime(),
                lease.ttl().toNanos(),
                lease.id());
        if (updated == 0) {
            throw new CatalogException(
                    ErrorCode.LEASE_NOT_FOUND,
                    "lease " + lease.id() + " does not exist",
                    Map.of("lease", Long.toString(lease.id())));
        }
        // the count above was read: what follows goes with the commit
        jdbc.sendLater("DELETE FROM lease_resources WHERE lease_id = ?", lease.id());
        insertResources(lease);
    }

    @Override
    public boolean extend(long id, Instant now, Instant expireTime) {
        return jdbc.update("UPDATE leases SET expire_time = ? WHERE id = ? AND expire_time > ?", expireTime, id, now)
                == 1;
    }

    /**
     * One statement, whatever the lease claims: its resources go with it (ON DELETE CASCADE). Its outcome is not
     * read (the caller found the lease under the lease lock): it goes with the commit.
     */
    @Override
    public void delete(long id) {
        jdbc.sendLater("DELETE FROM leases WHERE id = ?", id);
    }

    /** One statement, as {@link #delete}; their number is not read: on PostgreSQL it goes with the next one. */
    @Override
    public void deleteExpiredBefore(Instant now) {
        jdbc.sendLater("DELETE FROM leases WHERE expire_time < ?", now);
    }

    @Override
    public long nextId() {
        return jdbc.queryLong(jdbc.dialect().nextValue("lease_ids"));
    }

    private void insertResources(Lease lease) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < lease.resources().size(); i++) {
            Lease.Resource resource = lease.resources().get(i);
            rows.add(new Object[] {
                lease.id(), i, resource.catalog(), resource.namespace(), resource.table(), resource.mode()
            });
        }
        String insert = "INSERT INTO lease_resources (lease_id, ordinal, catalog, namespace, table_name, lease_mode) "
                + "VALUES (?, ?, ?, ?, ?, ?)";
        if (rows.size() > HELD_RESOURCES) {
            jdbc.batch(insert, rows);
        } else {
            // the usual lock of a table or two goes with the commit, in the same round trip
            rows.forEach(row -> jdbc.sendLater(insert, row));
        }
    }

    /** Leases and their resources (none: a row of nulls), in one query. */
    private static final String WITH_RESOURCES = "SELECT l.*, r.ordinal, r.catalog, r.namespace, r.table_name, "
            + "r.lease_mode FROM leases l LEFT JOIN lease_resources r ON r.lease_id = l.id";

    /** The joined rows of each lease, in their order, made into leases. */
    private static List<Lease> withResources(List<Joined> rows) {
        Map<Long, Header> headers = new LinkedHashMap<>();
        Map<Long, List<Lease.Resource>> resources = new LinkedHashMap<>();
        for (Joined row : rows) {
            headers.putIfAbsent(row.header().id(), row.header());
            List<Lease.Resource> of = resources.computeIfAbsent(row.header().id(), id -> new ArrayList<>());
            row.resource().ifPresent(of::add);
        }
        return headers.values().stream()
                .map(header -> header.with(resources.get(header.id())))
                .toList();
    }

    private static Object acquireTime(Lease lease) {
        return lease.acquireTime().<Object>map(time -> time).orElse(new Jdbc.Null(Types.TIMESTAMP_WITH_TIMEZONE));
    }

    private record Header(
            long id,
            String holder,
            Lease.State state,
            Instant createTime,
            Optional<Instant> acquireTime,
            Instant expireTime,
            Duration ttl,
            long transactionId) {
        Lease with(List<Lease.Resource> resources) {
            return new Lease(id, resources, holder, state, createTime, acquireTime, expireTime, ttl, transactionId);
        }
    }

    private record Joined(Header header, Optional<Lease.Resource> resource) {}

    private static Header readHeader(ResultSet row) throws SQLException {
        return new Header(
                row.getLong("id"),
                row.getString("holder"),
                Lease.State.valueOf(row.getString("state")),
                Jdbc.instant(row, "create_time"),
                Optional.ofNullable(Jdbc.instant(row, "acquire_time")),
                Jdbc.instant(row, "expire_time"),
                Duration.ofNanos(row.getLong("ttl_nanos")),
                row.getLong("txn_id"));
    }

    private static Joined readJoined(ResultSet row) throws SQLException {
        String mode = row.getString("lease_mode");
        return new Joined(
                readHeader(row),
                mode == null
                        ? Optional.empty()
                        : Optional.of(new Lease.Resource(
                                row.getString("namespace"),
                                row.getString("table_name"),
                                Lease.Mode.valueOf(mode),
                                row.getString("catalog"))));
    }
}
