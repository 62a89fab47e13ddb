package dev.lakegate.catalog.client;

import static dev.lakegate.catalog.client.CatalogClient.call;
import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.Catalog;
import dev.lakegate.catalog.v1.CatalogServiceGrpc.CatalogServiceBlockingStub;
import dev.lakegate.catalog.v1.CreateCatalogRequest;
import dev.lakegate.catalog.v1.DeleteCatalogRequest;
import dev.lakegate.catalog.v1.GetCatalogRequest;
import dev.lakegate.catalog.v1.GetNamespaceRequest;
import dev.lakegate.catalog.v1.ListCatalogsRequest;
import dev.lakegate.catalog.v1.ListNamespacesRequest;
import dev.lakegate.catalog.v1.ListNamespacesResponse;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.UpdateCatalogRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The catalog RPCs of a {@link CatalogClient} (its principal and deadline), and the reads of namespaces
 * that name their catalog. Every failure is a {@link CatalogClientException}.
 */
public final class Catalogs {

    private final Supplier<CatalogServiceBlockingStub> stub;

    Catalogs(Supplier<CatalogServiceBlockingStub> stub) {
        this.stub = requireNonNull(stub, "stub is null");
    }

    public Catalog create(Catalog catalog) {
        return call(() -> stub.get()
                .createCatalog(
                        CreateCatalogRequest.newBuilder().setCatalog(catalog).build()));
    }

    public Catalog get(String name) {
        return call(() -> stub.get()
                .getCatalog(GetCatalogRequest.newBuilder().setName(name).build()));
    }

    /** Every catalog, by name. */
    public List<Catalog> list() {
        return call(() -> stub.get().listCatalogs(ListCatalogsRequest.getDefaultInstance()))
                .getCatalogsList();
    }

    /** Replaces the catalog's description and location. */
    public Catalog update(Catalog catalog) {
        return call(() -> stub.get()
                .updateCatalog(
                        UpdateCatalogRequest.newBuilder().setCatalog(catalog).build()));
    }

    /** Refused (FAILED_PRECONDITION) while it holds namespaces, and for the default catalog. */
    public void delete(String name) {
        call(() -> stub.get()
                .deleteCatalog(DeleteCatalogRequest.newBuilder().setName(name).build()));
    }

    /** A namespace of this catalog: one of another catalog is NOT_FOUND. */
    public Namespace getNamespace(String catalog, String name) {
        return call(() -> stub.get()
                .getNamespace(GetNamespaceRequest.newBuilder()
                        .setCatalog(catalog)
                        .setName(name)
                        .build()));
    }

    /** The names of every namespace of this catalog, all pages (an unknown catalog is NOT_FOUND). */
    public List<String> listNamespaceNames(String catalog) {
        List<String> names = new ArrayList<>();
        String token = "";
        do {
            ListNamespacesRequest request = ListNamespacesRequest.newBuilder()
                    .setCatalog(catalog)
                    .setNamesOnly(true)
                    .setPageSize(1000)
                    .setPageToken(token)
                    .build();
            ListNamespacesResponse page = call(() -> stub.get().listNamespaces(request));
            page.getNamespacesList().forEach(namespace -> names.add(namespace.getName()));
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return names;
    }
}
