package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.PrivilegeGrant;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.PrivilegeObjectKind;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The rows of {@code privilege_grants}; a table's grants are read with its current names (joined on its id). */
final class PrivilegeRows implements PrivilegeStore {

    private static final String SELECT = "SELECT g.id, g.object_kind, g.catalog, g.namespace, g.partition_values, "
            + "g.column_name, g.principal_name, g.principal_kind, g.privilege, g.grant_option, g.grantor_name, "
            + "g.grantor_kind, g.grant_time, g.authorizer, t.catalog AS table_catalog, t.namespace AS table_namespace, "
            + "t.name AS table_name FROM privilege_grants g LEFT JOIN tables t ON t.id = g.table_id";

    /** Every object: by kind (GLOBAL first), a table's columns before its partitions' columns, then by grant. */
    private static final String EVERY_OBJECT_ORDER = " ORDER BY CASE g.object_kind WHEN 'GLOBAL' THEN 0 "
            + "WHEN 'NAMESPACE' THEN 1 WHEN 'TABLE' THEN 2 WHEN 'PARTITION' THEN 3 ELSE 4 END, "
            + "CASE WHEN g.partition_values = '' THEN 0 ELSE 1 END, g.id";

    private final Jdbc jdbc;
    private final AccessVersionRows version;

    PrivilegeRows(Jdbc jdbc, AccessVersionRows version) {
        this.jdbc = jdbc;
        this.version = version;
    }

    @Override
    public void insert(PrivilegeTarget target, PrivilegeGrant grant) {
        jdbc.update(
                "INSERT INTO privilege_grants (object_kind, catalog, namespace, table_id, partition_values, "
                        + "column_name, principal_name, principal_kind, privilege, grant_option, grantor_name, "
                        + "grantor_kind, grant_time, authorizer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                target.kind().name(),
                target.catalog(),
                target.namespace(),
                target.tableId().<Object>map(id -> id).orElse(new Jdbc.Null(Types.OTHER)),
                values(target.partitionValues()),
                target.column(),
                grant.principal().name(),
                grant.principal().kind().name(),
                grant.privilege(),
                grant.grantOption(),
                grant.grantor().<Object>map(Principal::name).orElse(new Jdbc.Null(Types.VARCHAR)),
                grant.grantor().<Object>map(p -> p.kind().name()).orElse(new Jdbc.Null(Types.VARCHAR)),
                grant.grantTime(),
                grant.authorizer());
        version.move();
    }

    @Override
    public List<StoredPrivilege> find(PrivilegeTarget target, Principal principal, String privilege) {
        List<Object> parameters = new ArrayList<>();
        String where = targetCondition(target, parameters)
                + " AND g.principal_name = ? AND g.principal_kind = ? AND g.privilege = ?";
        parameters.add(principal.name());
        parameters.add(principal.kind().name());
        parameters.add(privilege);
        return jdbc.query(SELECT + " WHERE " + where + " ORDER BY g.id", PrivilegeRows::read, parameters);
    }

    @Override
    public List<StoredPrivilege> list(Optional<PrivilegeTarget> target, List<Principal> principals) {
        List<Object> parameters = new ArrayList<>();
        List<String> conditions = new ArrayList<>();
        target.ifPresent(t -> conditions.add(targetCondition(t, parameters)));
        if (!principals.isEmpty()) {
            List<String> any = new ArrayList<>();
            for (Principal principal : principals) {
                any.add("(g.principal_name = ? AND g.principal_kind = ?)");
                parameters.add(principal.name());
                parameters.add(principal.kind().name());
            }
            conditions.add("(" + String.join(" OR ", any) + ")");
        }
        String where = conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
        String order = target.isPresent() ? " ORDER BY g.id" : EVERY_OBJECT_ORDER;
        return jdbc.query(SELECT + where + order, PrivilegeRows::read, parameters);
    }

    @Override
    public void updateGrantOption(long id, boolean grantOption) {
        jdbc.update("UPDATE privilege_grants SET grant_option = ? WHERE id = ?", grantOption, id);
        version.move();
    }

    @Override
    public void delete(long id) {
        jdbc.update("DELETE FROM privilege_grants WHERE id = ?", id);
        version.move();
    }

    @Override
    public void deleteOfPrincipal(Principal principal) {
        jdbc.update(
                "DELETE FROM privilege_grants WHERE principal_name = ? AND principal_kind = ?",
                principal.name(),
                principal.kind().name());
        version.move();
    }

    @Override
    public void deleteOfNamespace(String catalog, String namespace) {
        version.moveIfNamespaceGranted(catalog, namespace, PrivilegeObjectKind.NAMESPACE.name());
        jdbc.update(
                "DELETE FROM privilege_grants WHERE catalog = ? AND namespace = ? AND object_kind = ?",
                catalog,
                namespace,
                PrivilegeObjectKind.NAMESPACE.name());
    }

    @Override
    public void deleteOfTable(UUID tableId) {
        version.moveIfTableGranted(tableId);
        jdbc.sendLater("DELETE FROM privilege_grants WHERE table_id = ?", tableId);
    }

    @Override
    public void deleteOfPartitions(UUID tableId, List<List<String>> values) {
        if (!values.isEmpty()) {
            version.moveIfPartitionGranted(tableId);
        }
        jdbc.batch(
                "DELETE FROM privilege_grants WHERE table_id = ? AND partition_values = ?",
                values.stream().map(v -> new Object[] {tableId, values(v)}).toList());
    }

    private static String targetCondition(PrivilegeTarget target, List<Object> parameters) {
        parameters.add(target.kind().name());
        if (target.tableId().isPresent()) {
            parameters.add(target.tableId().get());
            parameters.add(values(target.partitionValues()));
            parameters.add(target.column());
            return "g.object_kind = ? AND g.table_id = ? AND g.partition_values = ? AND g.column_name = ?";
        }
        parameters.add(target.catalog());
        parameters.add(target.namespace());
        return "g.object_kind = ? AND g.catalog = ? AND g.namespace = ? AND g.table_id IS NULL";
    }

    /** A partition's values as one comparable text; '' for none. */
    private static String values(List<String> values) {
        return values.isEmpty() ? "" : StoreJson.write(values);
    }

    private static StoredPrivilege read(ResultSet row) throws SQLException {
        PrivilegeObjectKind kind = PrivilegeObjectKind.valueOf(row.getString("object_kind"));
        String partition = row.getString("partition_values");
        String tableName = row.getString("table_name");
        PrivilegeObject object = new PrivilegeObject(
                kind,
                tableName == null ? row.getString("catalog") : row.getString("table_catalog"),
                tableName == null ? row.getString("namespace") : row.getString("table_namespace"),
                tableName == null ? "" : tableName,
                partition.isEmpty() ? List.of() : StoreJson.readStrings(partition),
                row.getString("column_name"));
        String grantor = row.getString("grantor_name");
        String grantorKind = row.getString("grantor_kind");
        PrivilegeGrant grant = new PrivilegeGrant(
                object,
                new Principal(row.getString("principal_name"), PrincipalType.valueOf(row.getString("principal_kind"))),
                row.getString("privilege"),
                row.getBoolean("grant_option"),
                grantor == null || grantorKind == null
                        ? Optional.empty()
                        : Optional.of(new Principal(grantor, PrincipalType.valueOf(grantorKind))),
                Jdbc.instant(row, "grant_time"),
                row.getString("authorizer"));
        return new StoredPrivilege(row.getLong("id"), grant);
    }
}
