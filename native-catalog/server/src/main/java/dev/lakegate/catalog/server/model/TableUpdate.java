package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

/** One change that a commit applies to a table. */
public sealed interface TableUpdate {

    /** Stands for "the schema or spec added last in this commit". */
    int LAST_ADDED = -1;

    record SetProperties(Map<String, String> properties) implements TableUpdate {
        public SetProperties {
            properties = Map.copyOf(properties);
        }
    }

    record RemoveProperties(List<String> keys) implements TableUpdate {
        public RemoveProperties {
            keys = List.copyOf(keys);
        }
    }

    record SetLocation(String location) implements TableUpdate {
        public SetLocation {
            requireNonNull(location, "location is null");
        }
    }

    record AddSchema(Schema schema) implements TableUpdate {
        public AddSchema {
            requireNonNull(schema, "schema is null");
        }
    }

    record SetCurrentSchema(int schemaId) implements TableUpdate {}

    record AddPartitionSpec(PartitionSpec spec) implements TableUpdate {
        public AddPartitionSpec {
            requireNonNull(spec, "spec is null");
        }
    }

    record SetDefaultSpec(int specId) implements TableUpdate {}

    record SetHiveStorage(HiveStorage hive) implements TableUpdate {
        public SetHiveStorage {
            requireNonNull(hive, "hive is null");
        }
    }

    record SetMetadataLocation(String location) implements TableUpdate {
        public SetMetadataLocation {
            requireNonNull(location, "location is null");
        }
    }

    record AddSnapshot(Snapshot snapshot) implements TableUpdate {
        public AddSnapshot {
            requireNonNull(snapshot, "snapshot is null");
        }
    }

    record RemoveSnapshots(List<Long> snapshotIds) implements TableUpdate {
        public RemoveSnapshots {
            snapshotIds = List.copyOf(snapshotIds);
        }
    }

    record SetRef(SnapshotRef ref) implements TableUpdate {
        public SetRef {
            requireNonNull(ref, "ref is null");
        }
    }

    record RemoveRef(String name) implements TableUpdate {
        public RemoveRef {
            requireNonNull(name, "name is null");
        }
    }

    record Rename(TableIdentifier to) implements TableUpdate {
        public Rename {
            requireNonNull(to, "to is null");
        }
    }

    record SetOwner(String owner, PrincipalType ownerType) implements TableUpdate {
        public SetOwner {
            requireNonNull(owner, "owner is null");
            requireNonNull(ownerType, "ownerType is null");
        }
    }
}
