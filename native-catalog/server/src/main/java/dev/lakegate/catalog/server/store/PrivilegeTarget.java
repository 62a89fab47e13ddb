package dev.lakegate.catalog.server.store;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.PrivilegeObjectKind;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A privilege's object as the store keys it: a namespace by catalog and name, anything in a table by the
 * table's id (so its grants follow a rename and go with the table), a partition by its values.
 */
public record PrivilegeTarget(
        PrivilegeObjectKind kind,
        String catalog,
        String namespace,
        Optional<UUID> tableId,
        List<String> partitionValues,
        String column) {

    public PrivilegeTarget {
        requireNonNull(kind, "kind is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(namespace, "namespace is null");
        requireNonNull(tableId, "tableId is null");
        partitionValues = List.copyOf(partitionValues);
        requireNonNull(column, "column is null");
    }

    public static PrivilegeTarget global() {
        return new PrivilegeTarget(PrivilegeObjectKind.GLOBAL, "", "", Optional.empty(), List.of(), "");
    }

    public static PrivilegeTarget namespace(String catalog, String namespace) {
        return new PrivilegeTarget(PrivilegeObjectKind.NAMESPACE, catalog, namespace, Optional.empty(), List.of(), "");
    }

    public static PrivilegeTarget inTable(
            PrivilegeObjectKind kind, UUID tableId, List<String> partitionValues, String column) {
        return new PrivilegeTarget(kind, "", "", Optional.of(tableId), partitionValues, column);
    }
}
