package dev.lakegate.catalog.server.commit;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.LakeState;

/** A lake table's metadata file the catalog has just written, and what it says of the table. */
public record WrittenMetadata(String location, LakeState state) {

    public WrittenMetadata {
        requireNonNull(location, "location is null");
        requireNonNull(state, "state is null");
    }
}
