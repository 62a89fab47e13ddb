package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The object of a privilege grant, by name (empty strings for the parts its kind does not use): the whole
 * catalog service, a namespace, a table, a partition by its values, or a column of a table or partition.
 */
public record PrivilegeObject(
        PrivilegeObjectKind kind,
        String catalog,
        String namespace,
        String table,
        List<String> partitionValues,
        String column) {

    public PrivilegeObject {
        requireNonNull(kind, "kind is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(namespace, "namespace is null");
        requireNonNull(table, "table is null");
        partitionValues = List.copyOf(partitionValues);
        requireNonNull(column, "column is null");
    }

    public static PrivilegeObject global() {
        return new PrivilegeObject(PrivilegeObjectKind.GLOBAL, "", "", "", List.of(), "");
    }

    public static PrivilegeObject namespace(String catalog, String namespace) {
        return new PrivilegeObject(PrivilegeObjectKind.NAMESPACE, catalog, namespace, "", List.of(), "");
    }

    public static PrivilegeObject table(String catalog, String namespace, String table) {
        return new PrivilegeObject(PrivilegeObjectKind.TABLE, catalog, namespace, table, List.of(), "");
    }

    /** Whether it is a table, a partition or a column, which its table holds. */
    public boolean inTable() {
        return kind == PrivilegeObjectKind.TABLE
                || kind == PrivilegeObjectKind.PARTITION
                || kind == PrivilegeObjectKind.COLUMN;
    }
}
