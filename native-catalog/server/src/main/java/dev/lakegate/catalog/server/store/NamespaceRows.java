package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Namespace;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

final class NamespaceRows {

    private final Jdbc jdbc;

    NamespaceRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Namespace> find(String catalog, String name) {
        return jdbc.first(
                "SELECT doc FROM namespaces WHERE catalog = ? AND name = ?", NamespaceRows::read, catalog, name);
    }

    /** OCTET_LENGTH: PostgreSQL reads a stored text's size without decompressing it. */
    PageRows<Namespace> list(String catalog, Optional<String> afterName, int limit) {
        return jdbc.queryPage(
                "SELECT doc, OCTET_LENGTH(doc) AS bytes FROM namespaces WHERE catalog = ? AND name > ? "
                        + "ORDER BY catalog, name LIMIT ?",
                NamespaceRows::read,
                row -> row.getLong("bytes"),
                List.of(catalog, afterName.orElse(""), limit));
    }

    List<String> listNames(String catalog, Optional<String> afterName, int limit) {
        return jdbc.query(
                "SELECT name FROM namespaces WHERE catalog = ? AND name > ? ORDER BY catalog, name LIMIT ?",
                row -> row.getString(1),
                catalog,
                afterName.orElse(""),
                limit);
    }

    void insert(Namespace namespace) {
        // Checked first so that the common duplicate leaves a PostgreSQL transaction usable.
        if (find(namespace.catalog(), namespace.name()).isPresent()) {
            throw alreadyExists(namespace.name());
        }
        try {
            jdbc.update(
                    "INSERT INTO namespaces (name, version, doc, catalog) VALUES (?, ?, ?, ?)",
                    namespace.name(),
                    namespace.version(),
                    StoreJson.write(namespace),
                    namespace.catalog());
        } catch (StoreSqlException e) {
            throw SqlDialect.isUniqueViolation(e.sqlException()) ? alreadyExists(namespace.name()) : e;
        }
    }

    boolean update(Namespace namespace, long expectedVersion) {
        return jdbc.update(
                        "UPDATE namespaces SET version = ?, doc = ? WHERE catalog = ? AND name = ? AND version = ?",
                        namespace.version(),
                        StoreJson.write(namespace),
                        namespace.catalog(),
                        namespace.name(),
                        expectedVersion)
                == 1;
    }

    void delete(String catalog, String name) {
        jdbc.update("DELETE FROM namespaces WHERE catalog = ? AND name = ?", catalog, name);
    }

    private static Namespace read(ResultSet row) throws SQLException {
        return StoreJson.read(row.getString("doc"), Namespace.class);
    }

    private static CatalogException alreadyExists(String name) {
        return new CatalogException(
                ErrorCode.NAMESPACE_ALREADY_EXISTS, "namespace " + name + " already exists", Map.of("namespace", name));
    }
}
