package dev.lakegate.hms.handler.catalogs;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.ListNamespacesRequest;
import dev.lakegate.catalog.v1.ListNamespacesResponse;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.tables.HiveRules;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The databases of one catalog. HMS lists nothing for a catalog that does not exist and finds no
 * database in it, so neither is a failure here.
 */
public final class CatalogDatabases {

    private CatalogDatabases() {}

    /** The catalog a call names ({@code null}: the default one), lower case. */
    public static String catalogOf(String catalogName) {
        return catalogName == null ? HiveNames.DEFAULT_CATALOG : HiveNames.normalize(catalogName);
    }

    public static Optional<dev.lakegate.catalog.v1.Catalog> catalog(CatalogClient client, String catalogName) {
        if (catalogName != null && !HiveRules.isStorableName(catalogName)) {
            return Optional.empty();
        }
        return CatalogFailures.find(() -> client.catalogs().get(catalogOf(catalogName)), ErrorReason.CATALOG_NOT_FOUND);
    }

    public static Optional<Namespace> find(CatalogClient client, String catalogName, String database) {
        if ((catalogName != null && !HiveRules.isStorableName(catalogName)) || !HiveRules.isStorableName(database)) {
            return Optional.empty();
        }
        return CatalogFailures.find(
                () -> client.catalogs().getNamespace(catalogOf(catalogName), HiveNames.normalize(database)),
                ErrorReason.NAMESPACE_NOT_FOUND);
    }

    public static List<String> names(CatalogClient client, String catalogName) {
        if (catalogName != null && !HiveRules.isStorableName(catalogName)) {
            return List.of();
        }
        return CatalogFailures.find(
                        () -> client.catalogs().listNamespaceNames(catalogOf(catalogName)),
                        ErrorReason.CATALOG_NOT_FOUND)
                .orElse(List.of());
    }

    public static List<Namespace> all(CatalogClient client, String catalogName) {
        if (catalogName != null && !HiveRules.isStorableName(catalogName)) {
            return List.of();
        }
        return CatalogFailures.find(() -> read(client, catalogOf(catalogName)), ErrorReason.CATALOG_NOT_FOUND)
                .orElse(List.of());
    }

    private static List<Namespace> read(CatalogClient client, String catalog) {
        List<Namespace> namespaces = new ArrayList<>();
        String token = "";
        do {
            ListNamespacesResponse page = client.listNamespaces(ListNamespacesRequest.newBuilder()
                    .setCatalog(catalog)
                    .setPageToken(token)
                    .build());
            namespaces.addAll(page.getNamespacesList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return namespaces;
    }
}
