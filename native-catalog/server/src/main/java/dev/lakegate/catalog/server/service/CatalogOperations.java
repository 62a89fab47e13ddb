package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.NamedCatalog;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Catalogs, the top level. Catalog changes record no events: the event log is of namespaces and what
 * they hold, and its readers know no catalog-level change.
 */
final class CatalogOperations {

    private final Writes writes;

    CatalogOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    NamedCatalog create(NamedCatalog requested) {
        String name = Names.catalog(requested.name());
        return writes.transact(tx -> {
            Instant created = requested.createTime().equals(Instant.EPOCH) ? writes.now() : requested.createTime();
            NamedCatalog catalog = requested.withName(name).withCreateTime(created);
            tx.insertCatalog(catalog);
            return catalog;
        });
    }

    NamedCatalog get(String name) {
        String normalized = Names.catalog(name);
        return writes.read(
                tx -> tx.findCatalog(normalized).orElseThrow(() -> CatalogException.catalogNotFound(normalized)));
    }

    List<NamedCatalog> list() {
        return writes.read(tx -> tx.listCatalogs());
    }

    NamedCatalog update(NamedCatalog requested) {
        String name = Names.catalog(requested.name());
        return writes.transact(tx -> {
            NamedCatalog current = tx.lockCatalog(name).orElseThrow(() -> CatalogException.catalogNotFound(name));
            NamedCatalog next =
                    new NamedCatalog(name, requested.description(), requested.location(), current.createTime());
            tx.updateCatalog(next);
            return next;
        });
    }

    /** The catalog's row is locked first, so a namespace created concurrently either counts or fails. */
    void delete(String name) {
        String normalized = Names.catalog(name);
        if (normalized.equals(NamedCatalog.DEFAULT)) {
            throw new CatalogException(
                    ErrorCode.CATALOG_NOT_EMPTY,
                    "catalog " + normalized + " is the default catalog and cannot be deleted",
                    Map.of("catalog", normalized));
        }
        writes.transact(tx -> {
            tx.lockCatalog(normalized).orElseThrow(() -> CatalogException.catalogNotFound(normalized));
            int namespaces = tx.countNamespaces(normalized);
            if (namespaces > 0) {
                throw new CatalogException(
                        ErrorCode.CATALOG_NOT_EMPTY,
                        "catalog " + normalized + " is not empty: it holds " + namespaces + " namespaces",
                        Map.of("catalog", normalized, "namespaces", Integer.toString(namespaces)));
            }
            tx.deleteCatalog(normalized);
            return null;
        });
    }
}
