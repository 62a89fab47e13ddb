package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** A named, typed column or nested field. Id 0 on input lets the catalog assign one. */
public record Field(int id, String name, DataType type, boolean required, String doc) {

    public Field {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        doc = doc == null ? "" : doc;
    }

    public static Field optional(int id, String name, DataType type) {
        return new Field(id, name, type, false, "");
    }

    public Field withId(int newId) {
        return new Field(newId, name, type, required, doc);
    }

    public Field withType(DataType newType) {
        return new Field(id, name, newType, required, doc);
    }
}
