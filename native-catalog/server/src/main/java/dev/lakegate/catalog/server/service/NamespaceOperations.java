package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.commit.SwapRetry;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.store.PageRows;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

final class NamespaceOperations {

    private final Writes writes;

    NamespaceOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    Namespace create(Namespace requested, RequestContext context) {
        String name = Names.namespace(requested.name());
        String catalog = Names.catalogOrDefault(requested.catalog());
        return writes.apply(
                context,
                tx -> {
                    tx.lockCatalog(catalog).orElseThrow(() -> CatalogException.catalogNotFound(catalog));
                    Instant now = writes.now();
                    Instant created = requested.createTime().equals(Instant.EPOCH) ? now : requested.createTime();
                    Namespace namespace = requested
                            .withName(name)
                            .withCatalog(catalog)
                            .withCreateTime(created)
                            .withVersion(0);
                    tx.insertNamespace(namespace);
                    tx.recordEvent(
                            now,
                            context.principal(),
                            EventType.NAMESPACE_CREATED,
                            catalog,
                            name,
                            "",
                            context.requestId(),
                            new EventChange.NamespaceChange(Optional.empty(), Optional.of(namespace)));
                    return namespace;
                },
                () -> get(catalog, name));
    }

    /** A namespace of one catalog (empty: the default one). */
    Namespace get(String catalog, String name) {
        String normalized = Names.namespace(name);
        String inCatalog = Names.catalogOrDefault(catalog);
        return writes.read(tx -> find(tx, inCatalog, normalized));
    }

    /** The namespaces of one catalog (empty: the default one); a catalog that does not exist is NOT_FOUND. */
    Page<Namespace> list(String catalog, PageRequest page) {
        int size = Paging.NAMESPACES.size(page.pageSize());
        Optional<String> after = Paging.after(page.pageToken());
        PageRows<Namespace> found =
                writes.read(tx -> tx.listNamespaces(known(tx, catalog), after, Paging.probeSize(size)));
        return PageOf.keyed(found, size, Namespace::name);
    }

    Page<String> listNames(String catalog, PageRequest page) {
        int size = Paging.NAMESPACES.size(page.pageSize());
        Optional<String> after = Paging.after(page.pageToken());
        List<String> found =
                writes.read(tx -> tx.listNamespaceNames(known(tx, catalog), after, Paging.probeSize(size)));
        return PageOf.keyed(found, size, name -> name);
    }

    private static String known(StoreTransaction tx, String catalog) {
        String name = Names.catalogOrDefault(catalog);
        tx.findCatalog(name).orElseThrow(() -> CatalogException.catalogNotFound(name));
        return name;
    }

    Namespace update(Namespace requested, Optional<Long> expectedVersion, RequestContext context) {
        String name = Names.namespace(requested.name());
        String catalog = Names.catalogOrDefault(requested.catalog());
        return SwapRetry.untilSwapped(
                "namespace " + name,
                () -> writes.apply(
                        context,
                        tx -> {
                            Namespace current = find(tx, catalog, name);
                            if (expectedVersion.isPresent() && expectedVersion.get() != current.version()) {
                                throw new CatalogException(
                                        ErrorCode.ETAG_MISMATCH,
                                        "namespace " + name + " is at version " + current.version() + ", not "
                                                + expectedVersion.get(),
                                        Map.of("actual", Long.toString(current.version())));
                            }
                            Namespace next = new Namespace(
                                    name,
                                    requested.location(),
                                    requested.comment(),
                                    requested.owner(),
                                    requested.ownerType(),
                                    requested.properties(),
                                    current.createTime(),
                                    current.version() + 1,
                                    current.catalog());
                            if (!tx.updateNamespace(next, current.version())) {
                                throw SwapRetry.lost();
                            }
                            tx.recordEvent(
                                    writes.now(),
                                    context.principal(),
                                    EventType.NAMESPACE_UPDATED,
                                    catalog,
                                    name,
                                    "",
                                    context.requestId(),
                                    new EventChange.NamespaceChange(Optional.of(current), Optional.of(next)));
                            return next;
                        },
                        () -> get(catalog, name)));
    }

    void delete(String catalog, String name, boolean cascade, RequestContext context) {
        String normalized = Names.namespace(name);
        String inCatalog = Names.catalogOrDefault(catalog);
        writes.apply(
                context,
                tx -> {
                    Namespace current = find(tx, inCatalog, normalized);
                    Instant now = writes.now();
                    if (cascade) {
                        deleteContents(tx, inCatalog, normalized, now, context);
                    } else {
                        int tables = tx.countTables(inCatalog, normalized);
                        int functions = tx.countFunctions(inCatalog, normalized);
                        if (tables > 0 || functions > 0) {
                            throw new CatalogException(
                                    ErrorCode.NAMESPACE_NOT_EMPTY,
                                    "namespace " + normalized + " is not empty: it holds " + tables + " tables and "
                                            + functions + " functions",
                                    Map.of(
                                            "tables",
                                            Integer.toString(tables),
                                            "functions",
                                            Integer.toString(functions)));
                        }
                    }
                    tx.deleteNamespace(inCatalog, normalized);
                    tx.recordEvent(
                            now,
                            context.principal(),
                            EventType.NAMESPACE_DELETED,
                            inCatalog,
                            normalized,
                            "",
                            context.requestId(),
                            new EventChange.NamespaceChange(Optional.of(current), Optional.empty()));
                    return null;
                },
                () -> null);
    }

    private static void deleteContents(
            StoreTransaction tx, String catalog, String namespace, Instant now, RequestContext context) {
        List<Table> tables;
        do {
            tables = tx.listTables(catalog, namespace, "", Optional.empty(), 1000)
                    .rows();
            for (Table listed : tables) {
                Table table = tx.findTable(listed.identifier(), false).orElseThrow();
                tx.deleteTable(table);
                tx.recordEvent(
                        now,
                        context.principal(),
                        EventType.TABLE_DELETED,
                        catalog,
                        namespace,
                        table.name(),
                        "",
                        new EventChange.TableChange(Optional.of(table), Optional.empty(), List.of()));
            }
        } while (!tables.isEmpty());
        List<Function> functions;
        do {
            functions = tx.listFunctions(catalog, namespace, Optional.empty(), 1000);
            for (Function function : functions) {
                tx.deleteFunction(catalog, namespace, function.name());
                tx.recordEvent(
                        now,
                        context.principal(),
                        EventType.FUNCTION_DELETED,
                        catalog,
                        namespace,
                        function.name(),
                        "",
                        new EventChange.FunctionChange(Optional.of(function), Optional.empty()));
            }
        } while (!functions.isEmpty());
    }

    /** The namespace {@code name} of {@code catalog}; both normalized already. */
    static Namespace find(StoreTransaction tx, String catalog, String name) {
        return tx.findNamespace(catalog, name).orElseThrow(() -> CatalogException.namespaceNotFound(name));
    }
}
