package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.NamedCatalog;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The catalogs table: few rows, read whole, so no documents and no pages. */
final class CatalogRows {

    private static final String COLUMNS = "name, description, location, create_time";

    private final Jdbc jdbc;

    CatalogRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    Optional<NamedCatalog> find(String name) {
        return jdbc.first("SELECT " + COLUMNS + " FROM catalogs WHERE name = ?", CatalogRows::read, name);
    }

    /** Locks the row until the transaction ends, so that a namespace is never created in a deleted catalog. */
    Optional<NamedCatalog> findForUpdate(String name) {
        return jdbc.first("SELECT " + COLUMNS + " FROM catalogs WHERE name = ? FOR UPDATE", CatalogRows::read, name);
    }

    List<NamedCatalog> list() {
        return jdbc.query("SELECT " + COLUMNS + " FROM catalogs ORDER BY name", CatalogRows::read);
    }

    void insert(NamedCatalog catalog) {
        // Checked first so that the common duplicate leaves a PostgreSQL transaction usable.
        if (find(catalog.name()).isPresent()) {
            throw alreadyExists(catalog.name());
        }
        try {
            jdbc.update(
                    "INSERT INTO catalogs (" + COLUMNS + ") VALUES (?, ?, ?, ?)",
                    catalog.name(),
                    catalog.description(),
                    catalog.location(),
                    catalog.createTime());
        } catch (StoreSqlException e) {
            throw SqlDialect.isUniqueViolation(e.sqlException()) ? alreadyExists(catalog.name()) : e;
        }
    }

    boolean update(NamedCatalog catalog) {
        return jdbc.update(
                        "UPDATE catalogs SET description = ?, location = ? WHERE name = ?",
                        catalog.description(),
                        catalog.location(),
                        catalog.name())
                == 1;
    }

    void delete(String name) {
        jdbc.update("DELETE FROM catalogs WHERE name = ?", name);
    }

    int countNamespaces(String catalog) {
        return (int) jdbc.queryLong("SELECT COUNT(*) FROM namespaces WHERE catalog = ?", catalog);
    }

    private static NamedCatalog read(ResultSet row) throws SQLException {
        return new NamedCatalog(
                row.getString("name"),
                row.getString("description"),
                row.getString("location"),
                Jdbc.instant(row, "create_time"));
    }

    private static CatalogException alreadyExists(String name) {
        return new CatalogException(
                ErrorCode.CATALOG_ALREADY_EXISTS, "catalog " + name + " already exists", Map.of("catalog", name));
    }
}
