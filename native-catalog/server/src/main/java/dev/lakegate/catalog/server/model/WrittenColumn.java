package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** One column of a lake table as a Thrift client wrote it: its name, its type as spelled, its comment. */
public record WrittenColumn(String name, String type, String comment) {

    public WrittenColumn {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        comment = Namespace.nullToEmpty(comment);
    }
}
