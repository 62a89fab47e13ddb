package dev.lakegate.catalog.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The store's catalogs and the catalog of each namespace (schema V5), run against every database. */
public abstract class AbstractCatalogRowsTest extends ScratchStoreContract {

    private static final AtomicInteger NAMES = new AtomicInteger();
    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.123456Z");

    @Test
    void migrationCreatesTheDefaultCatalog() {
        NamedCatalog hive =
                store.read((StoreTransaction tx) -> tx.findCatalog("hive")).orElseThrow();
        assertThat(hive.location()).isEmpty();
        assertThat(hive.createTime()).isBefore(Instant.now().plusSeconds(1));
    }

    @Test
    void catalogRoundTripsUpdatesAndDeletes() {
        String name = unique("cat");
        NamedCatalog catalog = new NamedCatalog(name, "described", "s3://lake/" + name, T0);
        store.inTransaction((StoreTransaction tx) -> {
            tx.insertCatalog(catalog);
            return null;
        });
        assertThat(store.read((StoreTransaction tx) -> tx.findCatalog(name))).contains(catalog);
        assertThat(store.read((StoreTransaction tx) -> tx.listCatalogs())).contains(catalog);

        NamedCatalog changed = new NamedCatalog(name, "other", "s3://elsewhere", T0);
        assertThat(store.inTransaction((StoreTransaction tx) -> tx.updateCatalog(changed)))
                .isTrue();
        assertThat(store.read((StoreTransaction tx) -> tx.lockCatalog(name))).contains(changed);
        assertThat(store.inTransaction((StoreTransaction tx) -> tx.updateCatalog(changed.withName(unique("missing")))))
                .isFalse();

        store.inTransaction((StoreTransaction tx) -> {
            tx.deleteCatalog(name);
            return null;
        });
        assertThat(store.read((StoreTransaction tx) -> tx.findCatalog(name))).isEmpty();
    }

    @Test
    void duplicateCatalogIsAlreadyExistsAndLeavesTheTransactionUsable() {
        String name = unique("dup");
        NamedCatalog catalog = new NamedCatalog(name, "", "", T0);
        store.inTransaction((StoreTransaction tx) -> {
            tx.insertCatalog(catalog);
            return null;
        });
        Optional<NamedCatalog> afterFailure = store.inTransaction((StoreTransaction tx) -> {
            CatalogException error = catchThrowableOfType(CatalogException.class, () -> tx.insertCatalog(catalog));
            assertThat(error.code()).isEqualTo(ErrorCode.CATALOG_ALREADY_EXISTS);
            return tx.findCatalog(name);
        });
        assertThat(afterFailure).contains(catalog);
    }

    @Test
    void namespacesAreCountedAndListedByCatalog() {
        String catalog = unique("holder");
        String inside = unique("inside");
        String outside = unique("outside");
        store.inTransaction((StoreTransaction tx) -> {
            tx.insertCatalog(new NamedCatalog(catalog, "", "", T0));
            tx.insertNamespace(Namespace.of(inside).withCatalog(catalog));
            tx.insertNamespace(Namespace.of(outside));
            return null;
        });
        assertThat(store.read((StoreTransaction tx) -> tx.countNamespaces(catalog)))
                .isEqualTo(1);
        assertThat(store.read((StoreTransaction tx) -> tx.findNamespace(catalog, inside))
                        .orElseThrow()
                        .catalog())
                .isEqualTo(catalog);
        assertThat(store.read((StoreTransaction tx) -> tx.findNamespace("hive", inside)))
                .isEmpty();
        assertThat(store.read((StoreTransaction tx) -> tx.listNamespaceNames(catalog, Optional.empty(), 10)))
                .containsExactly(inside);
        assertThat(store.read((StoreTransaction tx) -> tx.listNamespaces(catalog, Optional.empty(), 10))
                        .rows())
                .extracting(Namespace::name)
                .containsExactly(inside);
        assertThat(store.read((StoreTransaction tx) -> tx.listNamespaces(catalog, Optional.of(inside), 10))
                        .rows())
                .isEmpty();
        assertThat(store.read((StoreTransaction tx) -> tx.listNamespaceNames("hive", Optional.empty(), 100_000)))
                .contains(outside)
                .doesNotContain(inside);
    }

    private static String unique(String prefix) {
        return prefix + "_" + NAMES.incrementAndGet() + "_" + Long.toString(System.nanoTime() % 1_000_000, 36);
    }
}
