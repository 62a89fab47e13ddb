package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

final class FunctionOperations {

    private static final char KEY_SEPARATOR = '\u0000';

    private final Writes writes;

    FunctionOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    Function create(Function requested, RequestContext context) {
        Function function = normalize(requested);
        return writes.apply(
                context,
                tx -> {
                    NamespaceOperations.find(tx, function.catalog(), function.namespace());
                    Instant now = writes.now();
                    Function created =
                            function.createTime().equals(Instant.EPOCH) ? function.withCreateTime(now) : function;
                    tx.insertFunction(created);
                    tx.recordEvent(
                            now,
                            context.principal(),
                            EventType.FUNCTION_CREATED,
                            created.catalog(),
                            created.namespace(),
                            created.name(),
                            context.requestId(),
                            new EventChange.FunctionChange(Optional.empty(), Optional.of(created)));
                    return created;
                },
                () -> get(function.catalog(), function.namespace(), function.name()));
    }

    Function get(String catalog, String namespace, String name) {
        String normalizedCatalog = Names.catalogOrDefault(catalog);
        String normalizedNamespace = Names.namespace(namespace);
        String normalizedName = Names.function(name);
        return writes.read(tx -> find(tx, normalizedCatalog, normalizedNamespace, normalizedName));
    }

    /** The functions of one catalog: of one namespace, or of all when {@code namespace} is empty. */
    Page<Function> list(String catalog, String namespace, PageRequest page) {
        String normalizedCatalog = Names.catalogOrDefault(catalog);
        String normalized = namespace == null || namespace.isEmpty() ? "" : Names.namespace(namespace);
        int size = Paging.FUNCTIONS.size(page.pageSize());
        Optional<StoreTransaction.FunctionKey> after =
                Paging.after(page.pageToken()).map(FunctionOperations::key);
        List<Function> found = writes.read(tx -> {
            if (!normalized.isEmpty()) {
                NamespaceOperations.find(tx, normalizedCatalog, normalized);
            }
            return tx.listFunctions(normalizedCatalog, normalized, after, Paging.probeSize(size));
        });
        return PageOf.keyed(found, size, function -> function.namespace() + KEY_SEPARATOR + function.name());
    }

    /** A function stays in its catalog: {@code catalog} is that of the current and of the new name. */
    Function update(String catalog, String namespace, String name, Function requested, RequestContext context) {
        String currentCatalog = Names.catalogOrDefault(catalog);
        String currentNamespace = Names.namespace(namespace);
        String currentName = Names.function(name);
        Function function = normalize(requested).withCatalog(currentCatalog);
        return writes.apply(
                context,
                tx -> {
                    Function current = find(tx, currentCatalog, currentNamespace, currentName);
                    if (!function.namespace().equals(currentNamespace)) {
                        NamespaceOperations.find(tx, currentCatalog, function.namespace());
                    }
                    Function next = function.withCreateTime(current.createTime());
                    tx.updateFunction(currentNamespace, currentName, next);
                    tx.recordEvent(
                            writes.now(),
                            context.principal(),
                            EventType.FUNCTION_UPDATED,
                            next.catalog(),
                            next.namespace(),
                            next.name(),
                            context.requestId(),
                            new EventChange.FunctionChange(Optional.of(current), Optional.of(next)));
                    return next;
                },
                () -> get(currentCatalog, function.namespace(), function.name()));
    }

    void delete(String catalog, String namespace, String name, RequestContext context) {
        String normalizedCatalog = Names.catalogOrDefault(catalog);
        String normalizedNamespace = Names.namespace(namespace);
        String normalizedName = Names.function(name);
        writes.apply(
                context,
                tx -> {
                    Function current = find(tx, normalizedCatalog, normalizedNamespace, normalizedName);
                    tx.deleteFunction(normalizedCatalog, normalizedNamespace, normalizedName);
                    tx.recordEvent(
                            writes.now(),
                            context.principal(),
                            EventType.FUNCTION_DELETED,
                            normalizedCatalog,
                            normalizedNamespace,
                            normalizedName,
                            context.requestId(),
                            new EventChange.FunctionChange(Optional.of(current), Optional.empty()));
                    return null;
                },
                () -> null);
    }

    private static Function normalize(Function function) {
        if (function.className().isEmpty()) {
            throw CatalogException.invalidArgument("class_name", "function " + function.name() + " has no class name");
        }
        return function.withName(Names.namespace(function.namespace()), Names.function(function.name()))
                .withCatalog(Names.catalogOrDefault(function.catalog()));
    }

    private static Function find(StoreTransaction tx, String catalog, String namespace, String name) {
        return tx.findFunction(catalog, namespace, name)
                .orElseThrow(() -> new CatalogException(
                        ErrorCode.FUNCTION_NOT_FOUND,
                        "function " + namespace + "." + name + " does not exist",
                        Map.of("namespace", namespace, "function", name)));
    }

    private static StoreTransaction.FunctionKey key(String token) {
        int separator = token.indexOf(KEY_SEPARATOR);
        if (separator < 0) {
            throw CatalogException.invalidArgument("page_token", "page_token is not one this catalog issued");
        }
        return new StoreTransaction.FunctionKey(token.substring(0, separator), token.substring(separator + 1));
    }
}
