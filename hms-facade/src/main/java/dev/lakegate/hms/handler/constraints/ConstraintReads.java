package dev.lakegate.hms.handler.constraints;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ConstraintKind;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.ListConstraintsRequest;
import dev.lakegate.catalog.v1.TableConstraint;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.tables.HiveRules;
import dev.lakegate.hms.handler.tables.NativeTables;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's constraints as HMS reads them: a table, database or catalog that does not exist has none (HMS
 * answers an empty list, not an error).
 */
public final class ConstraintReads {

    private ConstraintReads() {}

    /** The constraints a table declares (with {@code referencing}: the foreign keys that reference it). */
    public static List<TableConstraint> of(
            CatalogClient client, String catalog, String database, String table, boolean referencing) {
        if ((catalog != null && !catalog.isEmpty() && !HiveRules.isStorableName(catalog))
                || !HiveRules.isStorableName(database)
                || !HiveRules.isStorableName(table)) {
            return List.of();
        }
        return CatalogFailures.find(
                        () -> client.constraints()
                                .list(ListConstraintsRequest.newBuilder()
                                        .setTable(NativeTables.identifier(catalog, database, table))
                                        .setReferencing(referencing)
                                        .build()),
                        ErrorReason.TABLE_NOT_FOUND,
                        ErrorReason.NAMESPACE_NOT_FOUND)
                .orElse(List.of());
    }

    /** The name of the parent key a foreign key references: its primary key, else its unique key of those columns. */
    public static java.util.function.Function<TableConstraint, String> parentKeyNames(CatalogClient client) {
        Map<TableIdentifier, List<TableConstraint>> parents = new HashMap<>();
        return foreignKey -> {
            TableIdentifier parent = foreignKey.getReferences().getTable();
            List<TableConstraint> keys = parents.computeIfAbsent(
                    parent, p -> of(client, p.getCatalog(), p.getNamespace(), p.getName(), false));
            return keys.stream()
                    .filter(key -> key.getKind() == ConstraintKind.PRIMARY_KEY)
                    .map(TableConstraint::getName)
                    .findFirst()
                    .or(() -> keys.stream()
                            .filter(key -> key.getKind() == ConstraintKind.UNIQUE_KEY
                                    && key.getColumnsList()
                                            .equals(foreignKey.getReferences().getColumnsList()))
                            .map(TableConstraint::getName)
                            .findFirst())
                    .orElse(null);
        };
    }
}
