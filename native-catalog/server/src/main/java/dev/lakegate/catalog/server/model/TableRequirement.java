package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.UUID;

/** What must hold of the current table for a commit to apply. */
public sealed interface TableRequirement {

    record AssertVersion(long version) implements TableRequirement {}

    record AssertTableId(UUID id) implements TableRequirement {
        public AssertTableId {
            requireNonNull(id, "id is null");
        }
    }

    /** An empty location asserts that the table has no metadata file. */
    record AssertMetadataLocation(String location) implements TableRequirement {
        public AssertMetadataLocation {
            requireNonNull(location, "location is null");
        }
    }

    /** An empty snapshot id asserts that the ref does not exist. */
    record AssertRefSnapshot(String ref, Optional<Long> snapshotId) implements TableRequirement {
        public AssertRefSnapshot {
            requireNonNull(ref, "ref is null");
            requireNonNull(snapshotId, "snapshotId is null");
        }
    }

    record AssertCurrentSchemaId(int schemaId) implements TableRequirement {}

    /** An empty value asserts that the property is not set. */
    record AssertProperty(String key, Optional<String> value) implements TableRequirement {
        public AssertProperty {
            requireNonNull(key, "key is null");
            requireNonNull(value, "value is null");
        }
    }
}
