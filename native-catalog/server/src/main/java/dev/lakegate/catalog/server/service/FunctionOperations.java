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
                    NamespaceOperations.find(tx, function.namespace());
                    Instant now = writes.now();
                    Function created =
                            function.createTime().equals(Instant.EPOCH) ? function.withCreateTime(now) : function;
                    tx.insertFunction(created);
                    tx.recordEvent(
                            now,
                            context.principal(),
                            EventType.FUNCTION_CREATED,
                            created.namespace(),
                            created.name(),
                            context.requestId(),
                            new EventChange.FunctionChange(Optional.empty(), Optional.of(created)));
                    return created;
                },
                () -> get(function.namespace(), function.name()));
    }

    Function get(String namespace, String name) {
        String normalizedNamespace = Names.namespace(namespace);
        String normalizedName = Names.function(name);
        return writes.read(tx -> find(tx, normalizedNamespace, normalizedName));
    }

    Page<Function> list(String namespace, PageRequest page) {
        String normalized = namespace == null || namespace.isEmpty() ? "" : Names.namespace(namespace);
        int size = Paging.FUNCTIONS.size(page.pageSize());
        Optional<StoreTransaction.FunctionKey> after =
                Paging.after(page.pageToken()).map(FunctionOperations::key);
        List<Function> found = writes.read(tx -> {
            if (!normalized.isEmpty()) {
                NamespaceOperations.find(tx, normalized);
            }
            return tx.listFunctions(normalized, after, Paging.probeSize(size));
        });
        return PageOf.keyed(found, size, function -> function.namespace() + KEY_SEPARATOR + function.name());
    }

    Function update(String namespace, String name, Function requested, RequestContext context) {
        String currentNamespace = Names.namespace(namespace);
        String currentName = Names.function(name);
        Function function = normalize(requested);
        return writes.apply(
                context,
                tx -> {
                    Function current = find(tx, currentNamespace, currentName);
                    if (!function.namespace().equals(currentNamespace)) {
                        NamespaceOperations.find(tx, function.namespace());
                    }
                    Function next = function.withCreateTime(current.createTime());
                    tx.updateFunction(currentNamespace, currentName, next);
                    tx.recordEvent(
                            writes.now(),
                            context.principal(),
                            EventType.FUNCTION_UPDATED,
                            next.namespace(),
                            next.name(),
                            context.requestId(),
                            new EventChange.FunctionChange(Optional.of(current), Optional.of(next)));
                    return next;
                },
                () -> get(function.namespace(), function.name()));
    }

    void delete(String namespace, String name, RequestContext context) {
        String normalizedNamespace = Names.namespace(namespace);
        String normalizedName = Names.function(name);
        writes.apply(
                context,
                tx -> {
                    Function current = find(tx, normalizedNamespace, normalizedName);
                    tx.deleteFunction(normalizedNamespace, normalizedName);
                    tx.recordEvent(
                            writes.now(),
                            context.principal(),
                            EventType.FUNCTION_DELETED,
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
        return function.withName(Names.namespace(function.namespace()), Names.function(function.name()));
    }

    private static Function find(StoreTransaction tx, String namespace, String name) {
        return tx.findFunction(namespace, name)
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
