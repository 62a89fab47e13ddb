package dev.lakegate.catalog.server.commit;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.RefType;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.server.model.Snapshot;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableFormat;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** Checks that a table, as it would be stored, is consistent: what it points at exists. */
public final class TableValidator {

    private static final Pattern TRANSFORM =
            Pattern.compile("identity|year|month|day|hour|void|bucket\\[[1-9][0-9]*]|truncate\\[[1-9][0-9]*]");

    private TableValidator() {}

    /** {@code withSnapshots}: whether {@code table.snapshots()} is complete, so refs can be checked. */
    public static void validate(Table table, boolean withSnapshots) {
        Set<Integer> schemaIds = new HashSet<>();
        for (int i = 0; i < table.schemas().size(); i++) {
            Schema schema = table.schemas().get(i);
            if (!schemaIds.add(schema.schemaId())) {
                throw CatalogException.invalidArgument("schemas", "schema id " + schema.schemaId() + " appears twice");
            }
            SchemaValidator.validate(schema, "schemas[" + i + "]");
        }
        Schema current = table.currentSchema()
                .orElseThrow(() -> CatalogException.invalidArgument(
                        "current_schema_id",
                        "current schema " + table.currentSchemaId() + " is not among the schemas"));
        Set<Integer> specIds = new HashSet<>();
        for (PartitionSpec spec : table.partitionSpecs()) {
            if (!specIds.add(spec.specId())) {
                throw CatalogException.invalidArgument(
                        "partition_specs", "spec id " + spec.specId() + " appears twice");
            }
        }
        PartitionSpec spec = table.defaultSpec()
                .orElseThrow(() -> CatalogException.invalidArgument(
                        "default_spec_id",
                        "default spec " + table.defaultSpecId() + " is not among the partition specs"));
        validateSpec(spec, current, table.format());
        if (withSnapshots) {
            validateRefs(table);
        }
    }

    private static void validateSpec(PartitionSpec spec, Schema schema, TableFormat format) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < spec.fields().size(); i++) {
            PartitionField field = spec.fields().get(i);
            String at = "partition_specs[" + spec.specId() + "].fields[" + i + "]";
            if (field.name().isEmpty() || !names.add(field.name().toLowerCase(Locale.ROOT))) {
                throw CatalogException.invalidArgument(
                        at + ".name", at + ": partition field name '" + field.name() + "' is empty or appears twice");
            }
            if (!TRANSFORM.matcher(field.transform()).matches()) {
                throw CatalogException.invalidArgument(
                        at + ".transform", at + ": unknown transform '" + field.transform() + "'");
            }
            Optional<Field> source = schema.findField(field.sourceId());
            if (source.isEmpty()) {
                throw CatalogException.invalidArgument(
                        at + ".source_id",
                        at + ": source field " + field.sourceId() + " is not a top-level field of the current schema");
            }
            if (format == TableFormat.HIVE) {
                if (!field.transform().equals(PartitionField.IDENTITY)) {
                    throw CatalogException.invalidArgument(
                            at + ".transform", at + ": Hive tables are partitioned by identity keys only");
                }
                DataType type = source.get().type();
                if (type instanceof DataType.Struct
                        || type instanceof DataType.ListOf
                        || type instanceof DataType.MapOf
                        || type instanceof DataType.Union) {
                    throw CatalogException.invalidArgument(
                            at + ".source_id",
                            at + ": partition key '" + field.name() + "' must have a primitive type");
                }
            }
        }
    }

    private static void validateRefs(Table table) {
        Map<Long, Snapshot> snapshots = new java.util.HashMap<>();
        for (Snapshot snapshot : table.snapshots()) {
            if (snapshots.put(snapshot.snapshotId(), snapshot) != null) {
                throw CatalogException.invalidArgument(
                        "snapshots", "snapshot " + snapshot.snapshotId() + " appears twice");
            }
        }
        Set<String> refNames = new HashSet<>();
        for (SnapshotRef ref : table.refs()) {
            if (ref.name().isEmpty() || !refNames.add(ref.name())) {
                throw CatalogException.invalidArgument(
                        "refs", "ref name '" + ref.name() + "' is empty or appears twice");
            }
            if (!snapshots.containsKey(ref.snapshotId())) {
                throw new CatalogException(
                        ErrorCode.SNAPSHOT_NOT_FOUND,
                        "ref '" + ref.name() + "' points at snapshot " + ref.snapshotId()
                                + ", which the table does not have");
            }
            if (ref.name().equals(SnapshotRef.MAIN) && ref.type() != RefType.BRANCH) {
                throw CatalogException.invalidArgument("refs", "ref 'main' must be a branch");
            }
        }
        if (table.currentSnapshotId().isPresent()
                && !snapshots.containsKey(table.currentSnapshotId().get())) {
            throw new CatalogException(
                    ErrorCode.SNAPSHOT_NOT_FOUND,
                    "current snapshot " + table.currentSnapshotId().get() + " is not among the table's snapshots");
        }
    }
}
