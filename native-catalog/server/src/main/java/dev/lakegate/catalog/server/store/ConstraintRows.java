package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.ConstraintKind;
import dev.lakegate.catalog.server.model.ConstraintOf;
import dev.lakegate.catalog.server.model.TableConstraint;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The constraints tables declare. A foreign key's row names its parent table by id; the parent's
 * name in the answer is read from {@code tables}, so that a renamed parent is answered by its new name.
 */
final class ConstraintRows {

    private static final String SELECT =
            "SELECT c.doc, p.catalog AS parent_catalog, p.namespace AS parent_namespace, p.name AS parent_name,"
                    + " t.catalog AS table_catalog, t.namespace AS table_namespace, t.name AS table_name"
                    + " FROM table_constraints c"
                    + " JOIN tables t ON t.id = c.table_id LEFT JOIN tables p ON p.id = c.parent_table_id";

    private final Jdbc jdbc;

    ConstraintRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    void insert(UUID tableId, List<TableConstraint> constraints, List<Optional<UUID>> parentTableIds) {
        String sql =
                "INSERT INTO table_constraints (table_id, name, kind, parent_table_id, doc) VALUES (?, ?, ?, ?, ?)";
        Object[][] rows = new Object[constraints.size()][];
        for (int i = 0; i < constraints.size(); i++) {
            TableConstraint constraint = constraints.get(i);
            rows[i] = new Object[] {
                tableId,
                constraint.name(),
                constraint.kind().name(),
                parentTableIds.get(i).<Object>map(id -> id).orElse(new Jdbc.Null(Types.OTHER)),
                StoreJson.write(constraint)
            };
        }
        jdbc.batch(sql, List.of(rows));
    }

    List<ConstraintOf> ofTable(UUID tableId) {
        return jdbc.query(SELECT + " WHERE c.table_id = ? ORDER BY c.kind, c.name", ConstraintRows::read, tableId);
    }

    /** The foreign keys, of any table, that reference that table. */
    List<ConstraintOf> referencing(UUID parentTableId) {
        return jdbc.query(
                SELECT + " WHERE c.parent_table_id = ? AND c.kind = ? ORDER BY t.catalog, t.namespace, t.name, c.name",
                ConstraintRows::read,
                parentTableId,
                ConstraintKind.FOREIGN_KEY.name());
    }

    boolean delete(UUID tableId, String name) {
        return jdbc.update("DELETE FROM table_constraints WHERE table_id = ? AND name = ?", tableId, name) > 0;
    }

    /** Deletes a dropped table's constraints and the foreign keys of other tables that reference it. */
    void deleteAll(UUID tableId) {
        jdbc.sendLater("DELETE FROM table_constraints WHERE table_id = ? OR parent_table_id = ?", tableId, tableId);
    }

    private static ConstraintOf read(ResultSet row) throws SQLException {
        TableConstraint constraint = StoreJson.read(row.getString("doc"), TableConstraint.class);
        String parentName = row.getString("parent_name");
        if (parentName != null && constraint.references().isPresent()) {
            TableIdentifier parent =
                    TableIdentifier.of(row.getString("parent_catalog"), row.getString("parent_namespace"), parentName);
            constraint =
                    constraint.withReferences(constraint.references().map(reference -> reference.withTable(parent)));
        }
        return new ConstraintOf(
                TableIdentifier.of(
                        row.getString("table_catalog"), row.getString("table_namespace"), row.getString("table_name")),
                constraint);
    }
}
