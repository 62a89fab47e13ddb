package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

public interface NamespaceContract extends CatalogContract {

    @Test
    default void createdNamespaceReadsBackWithEveryField() {
        String name = CatalogFixtures.unique("Sales");
        Namespace created = catalog().createNamespace(CatalogFixtures.namespace(name), context());

        Namespace read = catalog().getNamespace(name.toUpperCase());
        assertThat(read).isEqualTo(created);
        assertThat(read.name()).isEqualTo(name.toLowerCase());
        assertThat(read.location()).isEqualTo("file:/warehouse/" + name + ".db");
        assertThat(read.comment()).isEqualTo("a comment");
        assertThat(read.owner()).isEqualTo("alice");
        assertThat(read.ownerType()).isEqualTo(PrincipalType.USER);
        assertThat(read.properties()).isEqualTo(Map.of("owner.team", "lake"));
        assertThat(read.createTime()).isEqualTo(clock().instant());
        assertThat(read.version()).isZero();
    }

    @Test
    default void duplicateNamespaceIsRefusedAndChangesNothing() {
        String name = newNamespace();
        Namespace before = catalog().getNamespace(name);
        assertCatalogError(
                        ErrorCode.NAMESPACE_ALREADY_EXISTS,
                        () -> catalog().createNamespace(CatalogFixtures.namespace(name.toUpperCase()), context()))
                .hasMessageContaining(name);
        assertThat(catalog().getNamespace(name)).isEqualTo(before);
    }

    @Test
    default void invalidNamespaceNamesAreRefused() {
        for (String bad : List.of("", "a/b", " x", "-x", "a.b", "x".repeat(Names.MAX_NAMESPACE_LENGTH + 1))) {
            assertCatalogError(
                            ErrorCode.INVALID_ARGUMENT, () -> catalog().createNamespace(Namespace.of(bad), context()))
                    .hasMessageContaining("namespace name");
        }
        String longest = CatalogFixtures.unique("n");
        longest = longest + "x".repeat(Names.MAX_NAMESPACE_LENGTH - longest.length());
        assertThat(catalog().createNamespace(Namespace.of(longest), context()).name())
                .hasSize(128);
    }

    @Test
    default void missingNamespaceIsNotFound() {
        assertCatalogError(ErrorCode.NAMESPACE_NOT_FOUND, () -> catalog().getNamespace("no_such_namespace"))
                .hasMessage("namespace no_such_namespace does not exist");
    }

    @Test
    default void namespacesListInPagesSortedByName() {
        String prefix = CatalogFixtures.unique("paged");
        for (int i = 4; i >= 0; i--) {
            catalog().createNamespace(Namespace.of(prefix + "_" + i), context());
        }
        List<String> seen = new ArrayList<>();
        String token = "";
        do {
            Page<Namespace> page = catalog().listNamespaces(new PageRequest(2, token));
            assertThat(page.items()).hasSizeLessThanOrEqualTo(2);
            page.items().forEach(namespace -> seen.add(namespace.name()));
            token = page.nextPageToken();
        } while (!token.isEmpty());
        assertThat(seen).isSorted().doesNotHaveDuplicates();
        assertThat(seen.stream().filter(name -> name.startsWith(prefix)))
                .containsExactly(prefix + "_0", prefix + "_1", prefix + "_2", prefix + "_3", prefix + "_4");
    }

    @Test
    default void namesAloneListInTheSamePagesAsTheNamespaces() {
        String prefix = CatalogFixtures.unique("names");
        for (int i = 4; i >= 0; i--) {
            catalog()
                    .createNamespace(
                            Namespace.of(prefix + "_" + i).withProperties(Map.of("big", "x".repeat(10_000))),
                            context());
        }
        List<String> names = new ArrayList<>();
        List<String> namespaces = new ArrayList<>();
        String namesToken = "";
        String namespacesToken = "";
        do {
            Page<String> page = catalog().listNamespaceNames(new PageRequest(2, namesToken));
            Page<Namespace> full = catalog().listNamespaces(new PageRequest(2, namespacesToken));
            assertThat(page.items()).hasSizeLessThanOrEqualTo(2);
            assertThat(page.nextPageToken()).isEqualTo(full.nextPageToken());
            names.addAll(page.items());
            full.items().forEach(namespace -> namespaces.add(namespace.name()));
            namesToken = page.nextPageToken();
            namespacesToken = full.nextPageToken();
        } while (!namesToken.isEmpty());
        assertThat(names).isEqualTo(namespaces).isSorted().doesNotHaveDuplicates();
        assertThat(names.stream().filter(name -> name.startsWith(prefix)))
                .containsExactly(prefix + "_0", prefix + "_1", prefix + "_2", prefix + "_3", prefix + "_4");
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog().listNamespaceNames(PageRequest.first(1001)))
                .hasMessageContaining("between 1 and 1000");
    }

    @Test
    default void pageSizesOutOfRangeAndForeignTokensAreRefused() {
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog().listNamespaces(PageRequest.first(-1)))
                .hasMessageContaining("page_size -1 is out of range");
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog().listNamespaces(PageRequest.first(1001)))
                .hasMessageContaining("between 1 and 1000");
        assertCatalogError(ErrorCode.INVALID_ARGUMENT, () -> catalog().listNamespaces(new PageRequest(10, "bogus")))
                .hasMessageContaining("page_token");
    }

    @Test
    default void updateReplacesFieldsAndChecksTheVersion() {
        String name = newNamespace();
        Namespace changed = new Namespace(
                name,
                "file:/elsewhere",
                "new comment",
                "ops",
                PrincipalType.ROLE,
                Map.of("k", "v"),
                Instant.EPOCH,
                0,
                "");
        Namespace updated = catalog().updateNamespace(changed, Optional.of(0L), context());
        assertThat(updated.version()).isEqualTo(1);
        assertThat(updated.location()).isEqualTo("file:/elsewhere");
        assertThat(updated.ownerType()).isEqualTo(PrincipalType.ROLE);
        assertThat(catalog().getNamespace(name)).isEqualTo(updated);

        assertCatalogError(
                        ErrorCode.ETAG_MISMATCH, () -> catalog().updateNamespace(changed, Optional.of(0L), context()))
                .hasMessageContaining("version 1, not 0");
        assertThat(catalog().getNamespace(name)).isEqualTo(updated);
        assertCatalogError(
                ErrorCode.NAMESPACE_NOT_FOUND,
                () -> catalog().updateNamespace(Namespace.of("missing_ns"), Optional.empty(), context()));
    }

    @Test
    default void deleteRefusesANonEmptyNamespaceUnlessCascading() {
        String name = newNamespace();
        catalog().createTable(CatalogFixtures.hiveTable(name, "t1"), context());
        catalog()
                .createFunction(
                        new Function(name, "f1", "com.example.F", "", PrincipalType.USER, List.of(), Instant.EPOCH, ""),
                        context());

        assertCatalogError(ErrorCode.NAMESPACE_NOT_EMPTY, () -> catalog().deleteNamespace(name, false, context()))
                .hasMessageContaining("1 tables and 1 functions");
        assertThat(catalog().getTable(TableIdentifier.inDefaultCatalog(name, "t1"), TableView.BASIC))
                .isNotNull();

        catalog().deleteNamespace(name, true, context());
        assertCatalogError(ErrorCode.NAMESPACE_NOT_FOUND, () -> catalog().getNamespace(name));
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog().getTable(TableIdentifier.inDefaultCatalog(name, "t1"), TableView.BASIC));
        assertCatalogError(ErrorCode.FUNCTION_NOT_FOUND, () -> catalog().getFunction(name, "f1"));
    }

    @Test
    default void retriedRequestIdAppliesOnce() {
        String name = CatalogFixtures.unique("retry");
        RequestContext once = context().withRequestId("req-" + name);
        Namespace first = catalog().createNamespace(Namespace.of(name), once);
        Namespace second = catalog().createNamespace(Namespace.of(name), once);
        assertThat(second).isEqualTo(first);
        assertCatalogError(
                ErrorCode.NAMESPACE_ALREADY_EXISTS,
                () -> catalog().createNamespace(Namespace.of(name), context().withRequestId("other-" + name)));
    }
}
