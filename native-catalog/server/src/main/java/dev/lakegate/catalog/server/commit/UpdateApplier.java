package dev.lakegate.catalog.server.commit;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Applies the updates of one commit, in order, to a copy of the table. Added schemas and specs get
 * the next free id (an added copy of an existing one reuses its id), as Iceberg catalogs do.
 */
final class UpdateApplier {

    private static final int FIRST_PARTITION_FIELD_ID = 1000;

    private final Table.Builder table;
    private Optional<Integer> lastAddedSchemaId = Optional.empty();
    private Optional<Integer> lastAddedSpecId = Optional.empty();

    UpdateApplier(Table current) {
        this.table = current.toBuilder();
    }

    Table.Builder result() {
        return table;
    }

    void apply(TableUpdate update) {
        if (update instanceof TableUpdate.SetProperties set) {
            table.properties().putAll(set.properties());
        } else if (update instanceof TableUpdate.RemoveProperties remove) {
            remove.keys().forEach(table.properties()::remove);
        } else if (update instanceof TableUpdate.SetLocation location) {
            if (location.location().isEmpty()) {
                throw CatalogException.invalidArgument("set_location", "set_location: the location is empty");
            }
            table.location(location.location());
        } else if (update instanceof TableUpdate.AddSchema add) {
            addSchema(add.schema());
        } else if (update instanceof TableUpdate.SetCurrentSchema set) {
            table.currentSchemaId(resolve(set.schemaId(), lastAddedSchemaId, "set_current_schema", "schema"));
        } else if (update instanceof TableUpdate.AddPartitionSpec add) {
            addSpec(add.spec());
        } else if (update instanceof TableUpdate.SetDefaultSpec set) {
            table.defaultSpecId(resolve(set.specId(), lastAddedSpecId, "set_default_spec", "spec"));
        } else if (update instanceof TableUpdate.SetHiveStorage hive) {
            table.hive(Optional.of(hive.hive()));
        } else if (update instanceof TableUpdate.SetMetadataLocation location) {
            table.metadataLocation(location.location());
        } else if (update instanceof TableUpdate.AddSnapshot add) {
            addSnapshot(add.snapshot());
        } else if (update instanceof TableUpdate.RemoveSnapshots remove) {
            removeSnapshots(remove.snapshotIds());
        } else if (update instanceof TableUpdate.SetRef set) {
            setRef(set.ref());
        } else if (update instanceof TableUpdate.RemoveRef remove) {
            table.refs().removeIf(ref -> ref.name().equals(remove.name()));
            if (remove.name().equals(SnapshotRef.MAIN)) {
                table.currentSnapshotId(Optional.empty());
            }
        } else if (update instanceof TableUpdate.Rename rename) {
            table.identifier(rename.to());
        } else if (update instanceof TableUpdate.SetOwner owner) {
            table.owner(owner.owner(), owner.ownerType());
        }
    }

    private void addSchema(Schema schema) {
        List<Schema> schemas = table.schemas();
        Optional<Schema> current = schemas.stream()
                .filter(s -> s.schemaId() == table.currentSchemaId())
                .findFirst();
        FieldIds ids = new FieldIds(FieldIds.highest(schemas));
        Schema assigned = ids.assign(schema, current);
        for (Schema existing : schemas) {
            if (existing.fields().equals(assigned.fields())
                    && existing.identifierFieldIds().equals(assigned.identifierFieldIds())) {
                lastAddedSchemaId = Optional.of(existing.schemaId());
                return;
            }
        }
        int id = schemas.stream().mapToInt(Schema::schemaId).max().orElse(-1) + 1;
        SchemaValidator.validate(assigned, "add_schema");
        schemas.add(assigned.withSchemaId(id));
        lastAddedSchemaId = Optional.of(id);
    }

    private void addSpec(PartitionSpec spec) {
        List<PartitionSpec> specs = table.partitionSpecs();
        PartitionSpec assigned = assignFieldIds(spec, specs);
        for (PartitionSpec existing : specs) {
            if (existing.fields().equals(assigned.fields())) {
                lastAddedSpecId = Optional.of(existing.specId());
                return;
            }
        }
        int id = specs.stream().mapToInt(PartitionSpec::specId).max().orElse(-1) + 1;
        specs.add(new PartitionSpec(id, assigned.fields()));
        lastAddedSpecId = Optional.of(id);
    }

    static PartitionSpec assignFieldIds(PartitionSpec spec, List<PartitionSpec> existing) {
        int last = existing.stream()
                .flatMap(s -> s.fields().stream())
                .mapToInt(PartitionField::fieldId)
                .max()
                .orElse(FIRST_PARTITION_FIELD_ID - 1);
        last = Math.max(
                last,
                spec.fields().stream().mapToInt(PartitionField::fieldId).max().orElse(0));
        List<PartitionField> fields = new ArrayList<>();
        for (PartitionField field : spec.fields()) {
            int id = field.fieldId() == 0 ? ++last : field.fieldId();
            fields.add(new PartitionField(field.sourceId(), id, field.name(), field.transform()));
        }
        return new PartitionSpec(spec.specId(), fields);
    }

    private static int resolve(int requested, Optional<Integer> lastAdded, String field, String what) {
        if (requested != TableUpdate.LAST_ADDED) {
            return requested;
        }
        return lastAdded.orElseThrow(() -> CatalogException.invalidArgument(
                field, field + ": -1 means the " + what + " added last, but this commit added none"));
    }

    private void addSnapshot(Snapshot snapshot) {
        boolean exists = table.snapshots().stream().anyMatch(s -> s.snapshotId() == snapshot.snapshotId());
        if (exists) {
            throw CatalogException.invalidArgument(
                    "add_snapshot", "add_snapshot: snapshot " + snapshot.snapshotId() + " exists already");
        }
        table.snapshots().add(snapshot);
    }

    private void removeSnapshots(List<Long> ids) {
        Set<Long> removed = new HashSet<>(ids);
        for (SnapshotRef ref : table.refs()) {
            if (removed.contains(ref.snapshotId())) {
                throw CatalogException.invalidArgument(
                        "remove_snapshots",
                        "remove_snapshots: snapshot " + ref.snapshotId() + " is still referenced by ref '" + ref.name()
                                + "'");
            }
        }
        table.snapshots().removeIf(snapshot -> removed.contains(snapshot.snapshotId()));
    }

    private void setRef(SnapshotRef ref) {
        table.refs().removeIf(existing -> existing.name().equals(ref.name()));
        table.refs().add(ref);
        table.refs().sort(java.util.Comparator.comparing(SnapshotRef::name));
        if (ref.name().equals(SnapshotRef.MAIN)) {
            table.currentSnapshotId(Optional.of(ref.snapshotId()));
        }
    }
}
