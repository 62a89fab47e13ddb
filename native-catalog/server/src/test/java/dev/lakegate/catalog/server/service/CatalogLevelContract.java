package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.NamedCatalog;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Catalogs, the level above namespaces. */
public interface CatalogLevelContract extends CatalogContract {

    private NamedCatalog newCatalog(String name) {
        return catalog().createCatalog(new NamedCatalog(name, "the " + name, "file:/lake/" + name, Instant.EPOCH));
    }

    @Test
    default void defaultCatalogExistsWithAnEmptyLocation() {
        NamedCatalog hive = catalog().getCatalog("HIVE");
        assertThat(hive.name()).isEqualTo("hive");
        assertThat(hive.location()).isEmpty();
        assertThat(catalog().listCatalogs()).extracting(NamedCatalog::name).contains("hive");
    }

    @Test
    default void createdCatalogReadsBackInLowerCaseAndIsListed() {
        String name = CatalogFixtures.unique("Cat");
        NamedCatalog created = newCatalog(name);
        assertThat(created.name()).isEqualTo(name.toLowerCase());
        assertThat(created.createTime()).isEqualTo(clock().instant());
        assertThat(catalog().getCatalog(name.toUpperCase())).isEqualTo(created);
        assertThat(catalog().listCatalogs()).contains(created);
        assertThat(catalog().listCatalogs()).extracting(NamedCatalog::name).isSortedAccordingTo(String::compareTo);
    }

    @Test
    default void duplicateUnknownAndInvalidCatalogsAreRefused() {
        String name = CatalogFixtures.unique("dup");
        newCatalog(name);
        assertCatalogError(ErrorCode.CATALOG_ALREADY_EXISTS, () -> newCatalog(name.toUpperCase()))
                .hasMessageContaining(name.toLowerCase());
        assertCatalogError(ErrorCode.CATALOG_ALREADY_EXISTS, () -> newCatalog("hive"));
        assertCatalogError(ErrorCode.CATALOG_NOT_FOUND, () -> catalog().getCatalog("nosuchcatalog"))
                .hasMessageContaining("nosuchcatalog");
        assertCatalogError(ErrorCode.CATALOG_NOT_FOUND, () -> catalog().deleteCatalog("nosuchcatalog"));
        assertCatalogError(
                ErrorCode.CATALOG_NOT_FOUND,
                () -> catalog().updateCatalog(new NamedCatalog("nosuchcatalog", "", "", Instant.EPOCH)));
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> newCatalog("a/b")).hasMessageContaining("catalog name");
    }

    @Test
    default void updateReplacesDescriptionAndLocationOnly() {
        String name = CatalogFixtures.unique("upd");
        NamedCatalog created = newCatalog(name);
        NamedCatalog updated = catalog().updateCatalog(new NamedCatalog(name, "new", "file:/moved", Instant.EPOCH));
        assertThat(updated).isEqualTo(new NamedCatalog(name, "new", "file:/moved", created.createTime()));
        assertThat(catalog().getCatalog(name)).isEqualTo(updated);
    }

    @Test
    default void catalogHoldingNamespacesAndTheDefaultCatalogCannotBeDeleted() {
        String name = CatalogFixtures.unique("full");
        newCatalog(name);
        String namespace = CatalogFixtures.unique("ns");
        catalog().createNamespace(Namespace.of(namespace).withCatalog(name), context());
        assertCatalogError(ErrorCode.CATALOG_NOT_EMPTY, () -> catalog().deleteCatalog(name))
                .hasMessageContaining("1 namespaces");
        assertCatalogError(ErrorCode.CATALOG_NOT_EMPTY, () -> catalog().deleteCatalog("Hive"))
                .hasMessageContaining("default catalog");

        catalog().deleteNamespace(name, namespace, false, context());
        catalog().deleteCatalog(name);
        assertCatalogError(ErrorCode.CATALOG_NOT_FOUND, () -> catalog().getCatalog(name));
    }

    @Test
    default void namespacesBelongToTheirCatalog() {
        String name = CatalogFixtures.unique("own");
        newCatalog(name);
        String inCatalog = CatalogFixtures.unique("inside");
        String inHive = CatalogFixtures.unique("outside");
        Namespace created = catalog().createNamespace(Namespace.of(inCatalog).withCatalog(name), context());
        catalog().createNamespace(Namespace.of(inHive), context());

        assertThat(created.catalog()).isEqualTo(name);
        assertThat(catalog().getNamespace(name, inCatalog)).isEqualTo(created);
        // A namespace without a catalog is the default catalog's.
        assertCatalogError(ErrorCode.NAMESPACE_NOT_FOUND, () -> catalog().getNamespace(inCatalog));
        assertThat(catalog().getNamespace(inHive).catalog()).isEqualTo("hive");
        assertCatalogError(ErrorCode.NAMESPACE_NOT_FOUND, () -> catalog().getNamespace("hive", inCatalog));
        assertCatalogError(ErrorCode.NAMESPACE_NOT_FOUND, () -> catalog().getNamespace(name, inHive));
        assertCatalogError(
                ErrorCode.NAMESPACE_NOT_FOUND, () -> catalog().deleteNamespace("hive", inCatalog, false, context()));

        assertThat(catalog().listNamespaceNames(name, PageRequest.first(100)).items())
                .containsExactly(inCatalog);
        assertThat(catalog().listNamespaces(name, PageRequest.first(100)).items())
                .containsExactly(created);
        assertThat(catalog().listNamespaceNames("hive", PageRequest.first(1000)).items())
                .contains(inHive)
                .doesNotContain(inCatalog);
        assertThat(catalog().listNamespaceNames(PageRequest.first(1000)).items())
                .contains(inHive)
                .doesNotContain(inCatalog);
        assertCatalogError(
                ErrorCode.CATALOG_NOT_FOUND,
                () -> catalog().listNamespaceNames("nosuchcatalog", PageRequest.first(10)));
    }

    @Test
    default void theSameNamesMayLiveInTwoCatalogs() {
        String other = CatalogFixtures.unique("twin");
        newCatalog(other);
        String namespace = CatalogFixtures.unique("db");
        Namespace inHive = catalog().createNamespace(Namespace.of(namespace), context());
        Namespace inOther = catalog().createNamespace(Namespace.of(namespace).withCatalog(other), context());
        assertThat(catalog().getNamespace("hive", namespace)).isEqualTo(inHive);
        assertThat(catalog().getNamespace(other, namespace)).isEqualTo(inOther);

        Table hiveTable = catalog().createTable(CatalogFixtures.hiveTable(namespace, "t"), context());
        Table otherTable = catalog()
                .createTable(
                        CatalogFixtures.hiveTable(namespace, "t").toBuilder()
                                .identifier(TableIdentifier.of(other, namespace, "t"))
                                .build(),
                        context());
        assertThat(otherTable.catalog()).isEqualTo(other);
        assertThat(otherTable.id()).isNotEqualTo(hiveTable.id());
        assertThat(catalog()
                        .getTable(TableIdentifier.of(other, namespace, "T"), TableView.BASIC)
                        .id())
                .isEqualTo(otherTable.id());
        assertThat(catalog()
                        .listTables(other, namespace, "", PageRequest.first(10), TableView.NAME_ONLY)
                        .items())
                .extracting(Table::id)
                .containsExactly(otherTable.id());
        assertThat(catalog().batchGetTables(other, namespace, List.of("t"), TableView.BASIC))
                .extracting(Table::id)
                .containsExactly(otherTable.id());
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog().getTable(TableIdentifier.of("nosuchcatalog", namespace, "t"), TableView.BASIC));

        Function function =
                new Function(namespace, "f", "com.example.F", "", PrincipalType.USER, List.of(), Instant.EPOCH, other);
        catalog().createFunction(function, context());
        assertThat(catalog().getFunction(other, namespace, "f").catalog()).isEqualTo(other);
        assertCatalogError(ErrorCode.FUNCTION_NOT_FOUND, () -> catalog().getFunction(namespace, "f"));
        assertThat(catalog()
                        .listFunctions(other, namespace, PageRequest.first(10))
                        .items())
                .extracting(Function::name)
                .containsExactly("f");

        // Dropping the other catalog's namespace with its contents leaves the default catalog's alone.
        catalog().deleteNamespace(other, namespace, true, context());
        assertCatalogError(ErrorCode.NAMESPACE_NOT_FOUND, () -> catalog().getNamespace(other, namespace));
        assertThat(catalog().getTable(hiveTable.identifier(), TableView.BASIC).id())
                .isEqualTo(hiveTable.id());
    }

    @Test
    default void namespaceInAnUnknownCatalogIsRefused() {
        String namespace = CatalogFixtures.unique("lost");
        assertCatalogError(
                        ErrorCode.CATALOG_NOT_FOUND,
                        () -> catalog()
                                .createNamespace(Namespace.of(namespace).withCatalog("nosuchcatalog"), context()))
                .hasMessageContaining("nosuchcatalog");
        assertCatalogError(ErrorCode.NAMESPACE_NOT_FOUND, () -> catalog().getNamespace(namespace));
    }
}
