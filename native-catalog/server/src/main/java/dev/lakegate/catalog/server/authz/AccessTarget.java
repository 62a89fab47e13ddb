package dev.lakegate.catalog.server.authz;

import static java.util.Objects.requireNonNull;

import java.util.Locale;

/**
 * The object a call acts on, by name (empty strings for parts its kind has not). Names are in lower case, as
 * the catalog keeps them; an empty catalog is the default one.
 */
public record AccessTarget(Kind kind, String catalog, String namespace, String name) {

    /** The default catalog's name. */
    static final String DEFAULT_CATALOG = "hive";

    public enum Kind {
        GLOBAL,
        CATALOG,
        NAMESPACE,
        TABLE,
        /** A function; checked as its namespace, which HMS's privileges reach. */
        FUNCTION
    }

    public AccessTarget {
        requireNonNull(kind, "kind is null");
        catalog = lower(catalog.isEmpty() && kind != Kind.GLOBAL ? DEFAULT_CATALOG : catalog);
        namespace = lower(namespace);
        name = lower(name);
    }

    public static AccessTarget global() {
        return new AccessTarget(Kind.GLOBAL, "", "", "");
    }

    public static AccessTarget catalog(String catalog) {
        return new AccessTarget(Kind.CATALOG, catalog, "", "");
    }

    public static AccessTarget namespace(String catalog, String namespace) {
        return new AccessTarget(Kind.NAMESPACE, catalog, namespace, "");
    }

    public static AccessTarget table(String catalog, String namespace, String table) {
        return new AccessTarget(Kind.TABLE, catalog, namespace, table);
    }

    public static AccessTarget function(String catalog, String namespace, String function) {
        return new AccessTarget(Kind.FUNCTION, catalog, namespace, function);
    }

    /** The namespace that holds a table or function (itself for a namespace). */
    public AccessTarget namespaceOf() {
        return namespace(catalog, namespace);
    }

    /** As the audit log names it: {@code table hive.db.t}. */
    public String describe() {
        return switch (kind) {
            case GLOBAL -> "global";
            case CATALOG -> "catalog " + catalog;
            case NAMESPACE -> "namespace " + catalog + "." + namespace;
            case TABLE -> "table " + catalog + "." + namespace + "." + name;
            case FUNCTION -> "function " + catalog + "." + namespace + "." + name;
        };
    }

    private static String lower(String value) {
        return requireNonNull(value, "name part is null").toLowerCase(Locale.ROOT);
    }
}
