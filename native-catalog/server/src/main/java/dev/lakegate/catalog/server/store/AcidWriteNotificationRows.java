package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.AcidWriteNotification;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link AcidWriteNotificationStore} in the catalog's database ({@code acid_write_notifications}). */
final class AcidWriteNotificationRows implements AcidWriteNotificationStore {

    private static final String KEY_COLUMNS = "txn_id, catalog, namespace, table_name, partition_name";
    private static final String KEY =
            "txn_id = ? AND catalog = ? AND namespace = ? AND table_name = ?" + " AND partition_name = ?";

    private final Jdbc jdbc;
    private final String insertIfAbsent;

    AcidWriteNotificationRows(Jdbc jdbc) {
        this.jdbc = jdbc;
        this.insertIfAbsent = jdbc.dialect()
                .insertIfAbsent(
                        "acid_write_notifications",
                        List.of(
                                "txn_id",
                                "catalog",
                                "namespace",
                                "table_name",
                                "partition_name",
                                "write_id",
                                "table_object",
                                "partition_object",
                                "files",
                                "reported_at"),
                        List.of("txn_id", "catalog", "namespace", "table_name", "partition_name"));
    }

    @Override
    public boolean insertIfAbsent(AcidWriteNotification notification, Instant now) {
        TableIdentifier table = notification.table();
        // the key is the place: of two reports of it at once, one inserts and the other merges into it
        return jdbc.update(
                        insertIfAbsent,
                        notification.transactionId(),
                        table.catalog(),
                        table.namespace(),
                        table.name(),
                        notification.partition(),
                        notification.writeId(),
                        notification.tableObject(),
                        partitionObject(notification),
                        notification.files(),
                        now)
                == 1;
    }

    @Override
    public Optional<String> lockFiles(AcidWriteNotification notification) {
        List<Object> key = key(notification);
        return jdbc.first(
                "SELECT files FROM acid_write_notifications WHERE " + KEY + " FOR UPDATE",
                row -> row.getString("files"),
                key);
    }

    @Override
    public void replace(AcidWriteNotification notification, Instant now) {
        List<Object> parameters = new ArrayList<>(
                List.of(notification.tableObject(), partitionObject(notification), notification.files(), now));
        parameters.addAll(key(notification));
        jdbc.update(
                "UPDATE acid_write_notifications SET table_object = ?, partition_object = ?, files = ?,"
                        + " reported_at = ? WHERE " + KEY,
                parameters);
    }

    @Override
    public List<AcidWriteNotification> list(long transactionId, Optional<String> namespace, Optional<String> table) {
        StringBuilder sql = new StringBuilder("SELECT * FROM acid_write_notifications WHERE txn_id = ?");
        List<Object> parameters = new ArrayList<>(List.of(transactionId));
        namespace.ifPresent(name -> {
            sql.append(" AND namespace = ?");
            parameters.add(name);
        });
        table.ifPresent(name -> {
            sql.append(" AND table_name = ?");
            parameters.add(name);
        });
        sql.append(" ORDER BY namespace, table_name, partition_name, catalog");
        return jdbc.query(sql.toString(), AcidWriteNotificationRows::read, parameters);
    }

    @Override
    public int forgetReportedBefore(Instant bound, int limit) {
        return jdbc.update(
                "DELETE FROM acid_write_notifications WHERE (" + KEY_COLUMNS + ") IN (SELECT " + KEY_COLUMNS
                        + " FROM acid_write_notifications WHERE reported_at < ? ORDER BY reported_at LIMIT ?)",
                bound,
                limit);
    }

    private static List<Object> key(AcidWriteNotification notification) {
        TableIdentifier table = notification.table();
        return List.of(
                notification.transactionId(),
                table.catalog(),
                table.namespace(),
                table.name(),
                notification.partition());
    }

    private static Object partitionObject(AcidWriteNotification notification) {
        return notification.partitionObject().<Object>map(json -> json).orElse(new Jdbc.Null(Types.VARCHAR));
    }

    private static AcidWriteNotification read(ResultSet row) throws SQLException {
        return new AcidWriteNotification(
                row.getLong("txn_id"),
                row.getLong("write_id"),
                new TableIdentifier(row.getString("catalog"), row.getString("namespace"), row.getString("table_name")),
                row.getString("partition_name"),
                row.getString("table_object"),
                Optional.ofNullable(row.getString("partition_object")),
                row.getString("files"));
    }
}
