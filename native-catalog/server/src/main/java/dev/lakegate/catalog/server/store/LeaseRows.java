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

/** Leases and the resources they claim, in the database so that every process sees them. */
final class LeaseRows {

    private final Jdbc jdbc;

    LeaseRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Held until the transaction ends; H2 and PostgreSQL both keep row locks of FOR UPDATE to commit. */
    void lock() {
        jdbc.first("SELECT id FROM lease_lock WHERE id = 1 FOR UPDATE", row -> row.getInt(1));
    }

    void insert(Lease lease) {
        jdbc.update(
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

    Optional<Lease> find(long id) {
        return jdbc.first("SELECT * FROM leases WHERE id = ?", LeaseRows::readHeader, id)
                .map(header -> header.with(jdbc
                        .query(
                                "SELECT * FROM lease_resources WHERE lease_id = ? ORDER BY ordinal",
                                LeaseRows::readResource,
                                id)
                        .stream()
                        .map(Owned::resource)
                        .toList()));
    }

    List<Lease> list() {
        Map<Long, List<Lease.Resource>> resources = new LinkedHashMap<>();
        for (Owned owned :
                jdbc.query("SELECT * FROM lease_resources ORDER BY lease_id, ordinal", LeaseRows::readResource)) {
            resources.computeIfAbsent(owned.leaseId(), id -> new ArrayList<>()).add(owned.resource());
        }
        return jdbc.query("SELECT * FROM leases ORDER BY id", LeaseRows::readHeader).stream()
                .map(header -> header.with(resources.getOrDefault(header.id(), List.of())))
                .toList();
    }

    void update(Lease lease) {
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
        jdbc.update("DELETE FROM lease_resources WHERE lease_id = ?", lease.id());
        insertResources(lease);
    }

    void delete(long id) {
        jdbc.update("DELETE FROM lease_resources WHERE lease_id = ?", id);
        jdbc.update("DELETE FROM leases WHERE id = ?", id);
    }

    int deleteExpiredBefore(Instant now) {
        jdbc.update("DELETE FROM lease_resources WHERE lease_id IN (SELECT id FROM leases WHERE expire_time < ?)", now);
        return jdbc.update("DELETE FROM leases WHERE expire_time < ?", now);
    }

    long nextId() {
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
        jdbc.batch(
                "INSERT INTO lease_resources (lease_id, ordinal, catalog, namespace, table_name, lease_mode) "
                        + "VALUES (?, ?, ?, ?, ?, ?)",
                rows);
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

    private record Owned(long leaseId, Lease.Resource resource) {}

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

    private static Owned readResource(ResultSet row) throws SQLException {
        return new Owned(
                row.getLong("lease_id"),
                new Lease.Resource(
                        row.getString("namespace"),
                        row.getString("table_name"),
                        Lease.Mode.valueOf(row.getString("lease_mode")),
                        row.getString("catalog")));
    }
}
