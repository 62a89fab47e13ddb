package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * The one error of the catalog: a reason (which names its status) and a message for people.
 * {@code metadata} carries machine-readable details (the field that is wrong, the actual value).
 */
public final class CatalogException extends RuntimeException {

    private final ErrorCode code;
    private final Map<String, String> metadata;

    public CatalogException(ErrorCode code, String message) {
        this(code, message, Map.of(), null);
    }

    public CatalogException(ErrorCode code, String message, Map<String, String> metadata) {
        this(code, message, metadata, null);
    }

    public CatalogException(ErrorCode code, String message, Map<String, String> metadata, Throwable cause) {
        super(requireNonNull(message, "message is null"), cause);
        this.code = requireNonNull(code, "code is null");
        this.metadata = Map.copyOf(metadata);
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, String> metadata() {
        return metadata;
    }

    public static CatalogException invalidArgument(String field, String message) {
        return new CatalogException(ErrorCode.INVALID_ARGUMENT, message, Map.of("field", field));
    }

    public static CatalogException catalogNotFound(String catalog) {
        return new CatalogException(
                ErrorCode.CATALOG_NOT_FOUND, "catalog " + catalog + " does not exist", Map.of("catalog", catalog));
    }

    public static CatalogException namespaceNotFound(String namespace) {
        return new CatalogException(
                ErrorCode.NAMESPACE_NOT_FOUND,
                "namespace " + namespace + " does not exist",
                Map.of("namespace", namespace));
    }

    public static CatalogException tableNotFound(TableIdentifier table) {
        return new CatalogException(
                ErrorCode.TABLE_NOT_FOUND,
                "table " + table + " does not exist",
                Map.of("namespace", table.namespace(), "table", table.name()));
    }
}
