package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.store.StoreTransaction.FunctionKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

final class FunctionRows {

    private final Jdbc jdbc;

    FunctionRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Function> find(String catalog, String namespace, String name) {
        return jdbc.first(
                "SELECT doc FROM functions WHERE catalog = ? AND namespace = ? AND name = ?",
                row -> read(row.getString("doc")),
                catalog,
                namespace,
                name);
    }

    List<Function> list(String catalog, String namespace, Optional<FunctionKey> after, int limit) {
        StringBuilder sql = new StringBuilder("SELECT doc FROM functions WHERE catalog = ?");
        List<Object> parameters = new ArrayList<>();
        parameters.add(catalog);
        if (!namespace.isEmpty()) {
            sql.append(" AND namespace = ?");
            parameters.add(namespace);
        }
        if (after.isPresent()) {
            sql.append(" AND (namespace > ? OR (namespace = ? AND name > ?))");
            parameters.addAll(List.of(
                    after.get().namespace(),
                    after.get().namespace(),
                    after.get().name()));
        }
        sql.append(" ORDER BY catalog, namespace, name LIMIT ?");
        parameters.add(limit);
        return jdbc.query(sql.toString(), row -> read(row.getString("doc")), parameters);
    }

    void insert(Function function) {
        if (find(function.catalog(), function.namespace(), function.name()).isPresent()) {
            throw alreadyExists(function.namespace(), function.name());
        }
        try {
            jdbc.update(
                    "INSERT INTO functions (catalog, namespace, name, doc) VALUES (?, ?, ?, ?)",
                    function.catalog(),
                    function.namespace(),
                    function.name(),
                    StoreJson.write(function));
        } catch (StoreSqlException e) {
            throw SqlDialect.isUniqueViolation(e.sqlException())
                    ? alreadyExists(function.namespace(), function.name())
                    : e;
        }
    }

    /** A function stays in its catalog: {@code function.catalog()} is the catalog of both names. */
    void update(String namespace, String name, Function function) {
        boolean renamed = !namespace.equals(function.namespace()) || !name.equals(function.name());
        if (renamed
                && find(function.catalog(), function.namespace(), function.name())
                        .isPresent()) {
            throw alreadyExists(function.namespace(), function.name());
        }
        int updated = jdbc.update(
                "UPDATE functions SET namespace = ?, name = ?, doc = ? "
                        + "WHERE catalog = ? AND namespace = ? AND name = ?",
                function.namespace(),
                function.name(),
                StoreJson.write(function),
                function.catalog(),
                namespace,
                name);
        if (updated == 0) {
            throw new CatalogException(
                    ErrorCode.FUNCTION_NOT_FOUND,
                    "function " + namespace + "." + name + " does not exist",
                    Map.of("namespace", namespace, "function", name));
        }
    }

    void delete(String catalog, String namespace, String name) {
        jdbc.update("DELETE FROM functions WHERE catalog = ? AND namespace = ? AND name = ?", catalog, namespace, name);
    }

    int count(String catalog, String namespace) {
        return (int) jdbc.queryLong(
                "SELECT COUNT(*) FROM functions WHERE catalog = ? AND namespace = ?", catalog, namespace);
    }

    private static Function read(String doc) {
        return StoreJson.read(doc, Function.class);
    }

    private static CatalogException alreadyExists(String namespace, String name) {
        return new CatalogException(
                ErrorCode.FUNCTION_ALREADY_EXISTS,
                "function " + namespace + "." + name + " already exists",
                Map.of("namespace", namespace, "function", name));
    }
}
