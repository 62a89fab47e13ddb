package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** A file an engine wrote: its path, its checksum and sub-directory ("" when the engine gave none). */
public record InsertedFile(String path, String checksum, String subDirectory) {

    public InsertedFile {
        requireNonNull(path, "path is null");
        checksum = Namespace.nullToEmpty(checksum);
        subDirectory = Namespace.nullToEmpty(subDirectory);
    }
}
