package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Namespaces, tables and functions keyed by their catalog (schema V11): two catalogs may each hold the same
 * names, and events and lease resources say which catalog they are of. Run against every database.
 */
public abstract class AbstractCatalogKeysTest extends ScratchStoreContract {

    private static final AtomicInteger NAMES = new AtomicInteger();
    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.123456Z");

    @Test
    void aNamespaceNameMayLiveInTwoCatalogs() {
        String other = newCatalog();
        String name = unique("db");
        store.inTransaction((StoreTransaction tx) -> {
            tx.insertNamespace(Namespace.of(name).withLocation("s3://hive/" + name));
            tx.insertNamespace(
                    Namespace.of(name).withLocation("s3://other/" + name).withCatalog(other));
            return null;
        });
        assertThat(store.read((StoreTransaction tx) -> tx.findNamespace("hive", name)))
                .map(Namespace::location)
                .contains("s3://hive/" + name);
        assertThat(store.read((StoreTransaction tx) -> tx.findNamespace(other, name)))
                .map(Namespace::location)
                .contains("s3://other/" + name);

        CatalogException duplicate = catchThrowableOfType(
                CatalogException.class,
                () -> store.inTransaction((StoreTransaction tx) -> {
                    tx.insertNamespace(Namespace.of(name).withCatalog(other));
                    return null;
                }));
        assertThat(duplicate.code()).isEqualTo(ErrorCode.NAMESPACE_ALREADY_EXISTS);

        Namespace inOther = store.read((StoreTransaction tx) -> tx.findNamespace(other, name))
                .orElseThrow();
        assertThat(store.inTransaction((StoreTransaction tx) ->
                        tx.updateNamespace(inOther.withLocation("s3://moved").withVersion(1), 0)))
                .isTrue();
        assertThat(store.read((StoreTransaction tx) -> tx.findNamespace("hive", name)))
                .map(Namespace::location)
                .contains("s3://hive/" + name);

        store.inTransaction((StoreTransaction tx) -> {
            tx.deleteNamespace(other, name);
            return null;
        });
        assertThat(store.read((StoreTransaction tx) -> tx.findNamespace(other, name)))
                .isEmpty();
        assertThat(store.read((StoreTransaction tx) -> tx.findNamespace("hive", name)))
                .isPresent();
    }

    @Test
    void aTableNameMayLiveInTwoCatalogs() {
        String other = newCatalog();
        String namespace = unique("db");
        Table inHive = StoreFixtures.hiveTable(namespace, "t");
        Table inOther = inCatalog(StoreFixtures.hiveTable(namespace, "t"), other).toBuilder()
                .location("s3://other/t")
                .build();
        store.inTransaction((StoreTransaction tx) -> {
            tx.insertNamespace(Namespace.of(namespace));
            tx.insertNamespace(Namespace.of(namespace).withCatalog(other));
            tx.insertTable(inHive);
            tx.insertTable(inOther);
            return null;
        });

        assertThat(store.read((StoreTransaction tx) -> tx.findTable(TableIdentifier.of(other, namespace, "t"), false)))
                .map(Table::id)
                .contains(inOther.id());
        assertThat(store.read((StoreTransaction tx) -> tx.findTable(inHive.identifier(), true)))
                .map(Table::id)
                .contains(inHive.id());
        assertThat(store.read((StoreTransaction tx) -> tx.findTableForUpdate(inOther.identifier())))
                .map(Table::location)
                .contains("s3://other/t");
        assertThat(store.read((StoreTransaction tx) -> tx.findTables(other, namespace, List.of("t", "u"), false)))
                .extracting(Table::id)
                .containsExactly(inOther.id());
        assertThat(store.read((StoreTransaction tx) -> tx.listTables(other, namespace, "", Optional.empty(), 10))
                        .rows())
                .extracting(Table::id)
                .containsExactly(inOther.id());
        assertThat(store.read((StoreTransaction tx) -> tx.listTables("hive", namespace, "t", Optional.empty(), 10))
                        .rows())
                .extracting(Table::id)
                .containsExactly(inHive.id());
        assertThat(store.read((StoreTransaction tx) -> tx.countTables(other, namespace)))
                .isEqualTo(1);

        CatalogException duplicate = catchThrowableOfType(
                CatalogException.class,
                () -> store.inTransaction((StoreTransaction tx) -> {
                    tx.insertTable(inCatalog(StoreFixtures.hiveTable(namespace, "t"), other));
                    return null;
                }));
        assertThat(duplicate.code()).isEqualTo(ErrorCode.TABLE_ALREADY_EXISTS);

        // A rename within the other catalog leaves the default catalog's table alone.
        Table current = store.read((StoreTransaction tx) -> tx.findTable(inOther.identifier(), true))
                .orElseThrow();
        Table renamed = current.toBuilder()
                .identifier(TableIdentifier.of(other, namespace, "u"))
                .version(current.version() + 1)
                .build();
        assertThat(store.inTransaction((StoreTransaction tx) -> tx.swapTable(current, renamed)))
                .isTrue();
        assertThat(store.read((StoreTransaction tx) -> tx.findTable(TableIdentifier.of(other, namespace, "u"), false)))
                .map(Table::catalog)
                .contains(other);
        assertThat(store.read((StoreTransaction tx) -> tx.findTable(inHive.identifier(), false)))
                .isPresent();

        store.inTransaction((StoreTransaction tx) -> {
            tx.deleteTable(renamed);
            return null;
        });
        assertThat(store.read((StoreTransaction tx) -> tx.countTables(other, namespace)))
                .isZero();
        assertThat(store.read((StoreTransaction tx) -> tx.countTables("hive", namespace)))
                .isEqualTo(1);
    }

    @Test
    void aFunctionNameMayLiveInTwoCatalogs() {
        String other = newCatalog();
        String namespace = unique("db");
        Function inHive = StoreFixtures.function(namespace, "f");
        Function inOther = StoreFixtures.function(namespace, "f").withCatalog(other);
        store.inTransaction((StoreTransaction tx) -> {
            tx.insertNamespace(Namespace.of(namespace));
            tx.insertNamespace(Namespace.of(namespace).withCatalog(other));
            tx.insertFunction(inHive);
            tx.insertFunction(inOther);
            return null;
        });
        assertThat(store.read((StoreTransaction tx) -> tx.findFunction(other, namespace, "f")))
                .contains(inOther);
        assertThat(store.read((StoreTransaction tx) -> tx.findFunction("hive", namespace, "f")))
                .contains(inHive);
        assertThat(store.read((StoreTransaction tx) -> tx.listFunctions(other, "", Optional.empty(), 1000)))
                .containsExactly(inOther);

        Function renamed = inOther.withName(namespace, "g");
        store.inTransaction((StoreTransaction tx) -> {
            tx.updateFunction(namespace, "f", renamed);
            return null;
        });
        assertThat(store.read((StoreTransaction tx) -> tx.findFunction(other, namespace, "g")))
                .contains(renamed);
        assertThat(store.read((StoreTransaction tx) -> tx.findFunction("hive", namespace, "f")))
                .contains(inHive);

        store.inTransaction((StoreTransaction tx) -> {
            tx.deleteFunction(other, namespace, "g");
            return null;
        });
        assertThat(store.read((StoreTransaction tx) -> tx.countFunctions(other, namespace)))
                .isZero();
        assertThat(store.read((StoreTransaction tx) -> tx.countFunctions("hive", namespace)))
                .isEqualTo(1);
    }

    @Test
    void eventsSayWhichCatalogTheyAreOf() {
        String other = newCatalog();
        String namespace = unique("db");
        long before = store.read((StoreTransaction tx) -> tx.lastEventId());
        store.inTransaction((StoreTransaction tx) -> {
            for (String catalog : List.of("hive", other)) {
                tx.recordEvent(
                        T0,
                        "alice",
                        EventType.NAMESPACE_CREATED,
                        catalog,
                        namespace,
                        "",
                        "",
                        new EventChange.NamespaceChange(
                                Optional.empty(),
                                Optional.of(Namespace.of(namespace).withCatalog(catalog))));
            }
            return null;
        });
        List<Event> all = store.read((StoreTransaction tx) -> tx.listEvents(EventQuery.after(before, 100)));
        assertThat(all).extracting(Event::catalog).containsExactly("hive", other);
        assertThat(store.read((StoreTransaction tx) ->
                        tx.listEvents(new EventQuery(before, 100, Set.of(), namespace, "", other))))
                .extracting(Event::catalog)
                .containsExactly(other);
        // A namespace without a catalog is the default catalog's.
        assertThat(store.read(
                        (StoreTransaction tx) -> tx.listEvents(new EventQuery(before, 100, Set.of(), namespace, ""))))
                .extracting(Event::catalog)
                .containsExactly("hive");
    }

    @Test
    void leaseResourcesKeepTheirCatalog() {
        String other = newCatalog();
        long id = store.inTransaction((StoreTransaction tx) -> tx.nextLeaseId());
        Lease lease = new Lease(
                id,
                List.of(
                        new Lease.Resource("db", "t", Lease.Mode.EXCLUSIVE, other),
                        new Lease.Resource("db", "t", Lease.Mode.EXCLUSIVE)),
                "holder",
                Lease.State.ACQUIRED,
                T0,
                Optional.of(T0),
                T0.plusSeconds(3600),
                Duration.ofMinutes(5),
                0L);
        store.inTransaction((StoreTransaction tx) -> {
            tx.insertLease(lease);
            return null;
        });
        Lease read = store.read((StoreTransaction tx) -> tx.findLease(id)).orElseThrow();
        assertThat(read.resources()).extracting(Lease.Resource::catalog).containsExactly(other, "hive");
        // The same table name in two catalogs is two resources: exclusive leases on both do not conflict.
        assertThat(read.resources().get(0).conflictsWith(read.resources().get(1)))
                .isFalse();
    }

    private String newCatalog() {
        String name = unique("cat");
        store.inTransaction((StoreTransaction tx) -> {
            tx.insertCatalog(new NamedCatalog(name, "", "s3://" + name, T0));
            return null;
        });
        return name;
    }

    private static Table inCatalog(Table table, String catalog) {
        return table.toBuilder()
                .id(UUID.randomUUID())
                .identifier(table.identifier().withCatalog(catalog))
                .build();
    }

    private static String unique(String prefix) {
        return prefix + "_" + NAMES.incrementAndGet() + "_" + Long.toString(System.nanoTime() % 1_000_000, 36);
    }
}
