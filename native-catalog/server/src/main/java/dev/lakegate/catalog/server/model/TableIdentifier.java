package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

public record TableIdentifier(String namespace, String name) {

    public TableIdentifier {
        requireNonNull(namespace, "namespace is null");
        requireNonNull(name, "name is null");
    }

    public static TableIdentifier of(String namespace, String name) {
        return new TableIdentifier(namespace, name);
    }

    @Override
    public String toString() {
        return namespace + "." + name;
    }
}
