package dev.lakegate.translator.mapping;

import static dev.lakegate.translator.mapping.Values.emptyToNull;
import static dev.lakegate.translator.mapping.Values.nullToEmpty;

import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.HiveStorage;
import dev.lakegate.catalog.v1.HiveTableKind;
import dev.lakegate.catalog.v1.PartitionField;
import dev.lakegate.catalog.v1.PartitionSpec;
import dev.lakegate.catalog.v1.Schema;
import dev.lakegate.catalog.v1.SerDe;
import dev.lakegate.catalog.v1.StorageFormat;
import dev.lakegate.catalog.v1.TableFormat;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.types.Columns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * HMS tables and native tables. Columns then partition keys make the schema; the keys are the
 * identity spec; what only Hive needs is the Hive storage extension. Parameters are the table's
 * properties exactly as the client wrote them; {@code table_type}/{@code metadata_location} also
 * set the format and metadata location, and on the way back the catalog's metadata location wins.
 *
 * <p>Normalisations (a round trip gives them back this way): names lower-case; column types in
 * Hive's canonical spelling; empty strings as unset; catalog "hive"; {@code id} derived from the
 * native UUID ({@link TableIds}). A materialized view's creation metadata is its view sources
 * ({@link ViewSourcesMapper}), whose time the caller stamps. Not carried: privileges, write ids, capabilities.
 */
public final class TableMapper {

    private static final String IDENTITY = "identity";
    private static final String LAKE_INPUT_FORMAT = "org.apache.hadoop.mapred.FileInputFormat";
    private static final String LAKE_OUTPUT_FORMAT = "org.apache.hadoop.mapred.FileOutputFormat";
    private static final String LAKE_SERDE = "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe";
    private static final String ICEBERG_INPUT_FORMAT = "org.apache.iceberg.mr.hive.HiveIcebergInputFormat";
    private static final String ICEBERG_OUTPUT_FORMAT = "org.apache.iceberg.mr.hive.HiveIcebergOutputFormat";
    private static final String ICEBERG_SERDE = "org.apache.iceberg.mr.hive.HiveIcebergSerDe";
    private static final String ICEBERG_STORAGE_HANDLER = "org.apache.iceberg.mr.hive.HiveIcebergStorageHandler";
    private static final String STORAGE_HANDLER = "storage_handler";

    private TableMapper() {}

    /** A table to create: field ids 1..N over columns then partition keys. */
    public static dev.lakegate.catalog.v1.Table toNative(Table table) {
        List<Field> fields = Columns.forNewTable(sd(table).getCols(), table.getPartitionKeys());
        return build(table, fields, 0, 0);
    }

    /** A new version of {@code current}: the fields keep its ids by name, in its current schema and spec ids. */
    public static dev.lakegate.catalog.v1.Table toNative(Table table, dev.lakegate.catalog.v1.Table current) {
        Schema currentSchema = currentSchema(current);
        List<Field> fields = Columns.forAlteredTable(sd(table).getCols(), table.getPartitionKeys(), currentSchema);
        return build(table, fields, currentSchema.getSchemaId(), current.getDefaultSpecId());
    }

    private static dev.lakegate.catalog.v1.Table build(Table table, List<Field> fields, int schemaId, int specId) {
        org.apache.hadoop.hive.metastore.api.StorageDescriptor sd = sd(table);
        Map<String, String> parameters = Values.map(table.getParameters());
        TableFormat format = TableFormats.of(parameters);
        int keyCount =
                table.getPartitionKeys() == null ? 0 : table.getPartitionKeys().size();
        PartitionSpec.Builder spec = PartitionSpec.newBuilder().setSpecId(specId);
        for (int i = fields.size() - keyCount; i < fields.size(); i++) {
            Field key = fields.get(i);
            spec.addFields(PartitionField.newBuilder()
                    .setSourceId(key.getId())
                    .setName(key.getName())
                    .setTransform(IDENTITY));
        }
        HiveStorage.Builder hive = HiveStorage.newBuilder()
                .setKind(kind(table.getTableType()))
                .setStorage(StorageMapper.toNative(sd))
                .setViewOriginalText(nullToEmpty(table.getViewOriginalText()))
                .setViewExpandedText(nullToEmpty(table.getViewExpandedText()))
                .setRetention(table.getRetention())
                .setTemporary(table.isTemporary())
                .setRewriteEnabled(table.isRewriteEnabled());
        if (table.getLastAccessTime() != 0) {
            hive.setLastAccessTime(Values.seconds(table.getLastAccessTime()));
        }
        if (TableFormats.isLake(format)) {
            hive.addAllWrittenColumns(WrittenColumns.of(sd.getCols()));
        }
        if (hive.getKind() == HiveTableKind.MATERIALIZED_VIEW && table.isSetCreationMetadata()) {
            hive.setViewSources(ViewSourcesMapper.toNative(
                    table.getCreationMetadata(), table.getCreationMetadata().getMaterializationTime()));
        }
        dev.lakegate.catalog.v1.Table.Builder result = dev.lakegate.catalog.v1.Table.newBuilder()
                .setCatalog(HiveNames.catalogOrDefault(table.getCatName()))
                .setNamespace(nullToEmpty(HiveNames.normalize(table.getDbName())))
                .setName(nullToEmpty(HiveNames.normalize(table.getTableName())))
                .setFormat(format)
                .setLocation(nullToEmpty(sd.getLocation()))
                .putAllProperties(parameters)
                .addSchemas(Schema.newBuilder().setSchemaId(schemaId).addAllFields(fields))
                .setCurrentSchemaId(schemaId)
                .addPartitionSpecs(spec)
                .setDefaultSpecId(specId)
                .setHive(hive)
                .setMetadataLocation(nullToEmpty(parameters.get(TableFormats.METADATA_LOCATION)))
                .setOwner(nullToEmpty(table.getOwner()))
                .setOwnerType(Principals.toNative(table.getOwnerType()));
        if (table.getCreateTime() != 0) {
            result.setCreateTime(Values.seconds(table.getCreateTime()));
        }
        return result.build();
    }

    public static Table fromNative(dev.lakegate.catalog.v1.Table table) {
        Schema schema = currentSchema(table);
        List<Field> keys = partitionKeys(table, schema);
        Set<Integer> keyIds = new HashSet<>();
        keys.forEach(key -> keyIds.add(key.getId()));
        List<Field> columns = new ArrayList<>();
        for (Field field : schema.getFieldsList()) {
            if (!keyIds.contains(field.getId())) {
                columns.add(field);
            }
        }
        boolean lake = TableFormats.isLake(table.getFormat());
        HiveStorage hive = table.hasHive() ? table.getHive() : lakeStorage(table.getFormat());
        Map<String, String> parameters = new HashMap<>(table.getPropertiesMap());
        if (lake) {
            parameters.putIfAbsent(TableFormats.TABLE_TYPE, TableFormats.tableTypeParameter(table.getFormat()));
            if (!table.hasHive()) {
                parameters.putIfAbsent("EXTERNAL", "TRUE");
                if (table.getFormat() == TableFormat.ICEBERG) {
                    parameters.putIfAbsent(STORAGE_HANDLER, ICEBERG_STORAGE_HANDLER);
                }
            }
        }
        if (!table.getMetadataLocation().isEmpty()) {
            parameters.put(TableFormats.METADATA_LOCATION, table.getMetadataLocation());
        }
        Table result = new Table();
        result.setTableName(table.getName());
        result.setDbName(table.getNamespace());
        result.setOwner(emptyToNull(table.getOwner()));
        if (Principals.fromNative(table.getOwnerType()) != null) {
            result.setOwnerType(Principals.fromNative(table.getOwnerType()));
        }
        result.setCreateTime(Values.seconds(table.getCreateTime()));
        result.setLastAccessTime(Values.seconds(hive.getLastAccessTime()));
        result.setRetention(hive.getRetention());
        result.setSd(StorageMapper.descriptor(
                hive.getStorage(),
                lake ? WrittenColumns.shown(columns, hive.getWrittenColumnsList()) : Columns.toFieldSchemas(columns),
                table.getLocation()));
        result.setPartitionKeys(new ArrayList<>(Columns.toFieldSchemas(keys)));
        result.setParameters(parameters);
        result.setViewOriginalText(emptyToNull(hive.getViewOriginalText()));
        result.setViewExpandedText(emptyToNull(hive.getViewExpandedText()));
        result.setTableType(tableType(hive.getKind()));
        if (hive.getTemporary()) {
            // HMS leaves the field unset for ordinary tables; clients compare whole structs.
            result.setTemporary(true);
        }
        result.setRewriteEnabled(hive.getRewriteEnabled());
        ViewSourcesMapper.fromNative(table).ifPresent(result::setCreationMetadata);
        result.setCatName(HiveNames.catalogOfNative(table.getCatalog()));
        // HMS 4 reports write id 0 for tables outside transactions (older clients skip the field).
        result.setWriteId(0);
        long id = TableIds.fromUuid(table.getId());
        if (id != 0) {
            result.setId(id);
        }
        return result;
    }

    /**
     * The partition keys HMS clients see: the identity fields of the spec of a table whose partitions the
     * metastore holds (Hive's, and Paimon's registered with {@code metastore.partitioned-table}); none for an
     * Iceberg table, whose partitioning is its metadata's.
     */
    public static List<FieldSchema> partitionKeys(dev.lakegate.catalog.v1.Table table) {
        return Columns.toFieldSchemas(partitionKeys(table, currentSchema(table)));
    }

    private static List<Field> partitionKeys(dev.lakegate.catalog.v1.Table table, Schema schema) {
        if (!TableFormats.partitionedInMetastore(table.getFormat())) {
            return List.of();
        }
        Map<Integer, Field> byId = new HashMap<>();
        schema.getFieldsList().forEach(field -> byId.put(field.getId(), field));
        List<Field> keys = new ArrayList<>();
        for (PartitionSpec spec : table.getPartitionSpecsList()) {
            if (spec.getSpecId() == table.getDefaultSpecId()) {
                for (PartitionField field : spec.getFieldsList()) {
                    Field source = byId.get(field.getSourceId());
                    if (source != null && IDENTITY.equals(field.getTransform())) {
                        keys.add(source);
                    }
                }
            }
        }
        return keys;
    }

    static Schema currentSchema(dev.lakegate.catalog.v1.Table table) {
        for (Schema schema : table.getSchemasList()) {
            if (schema.getSchemaId() == table.getCurrentSchemaId()) {
                return schema;
            }
        }
        return table.getSchemasCount() == 0
                ? Schema.getDefaultInstance()
                : table.getSchemas(table.getSchemasCount() - 1);
    }

    /**
     * The storage descriptor of a lake table made through the catalog's API: for Iceberg what
     * HiveCatalog writes with Hive's engine integration on (Iceberg's storage handler, so Hive can
     * read it), for other formats what it writes with the integration off.
     */
    private static HiveStorage lakeStorage(TableFormat format) {
        boolean iceberg = format == TableFormat.ICEBERG;
        return HiveStorage.newBuilder()
                .setKind(HiveTableKind.EXTERNAL_TABLE)
                .setStorage(StorageFormat.newBuilder()
                        .setInputFormat(iceberg ? ICEBERG_INPUT_FORMAT : LAKE_INPUT_FORMAT)
                        .setOutputFormat(iceberg ? ICEBERG_OUTPUT_FORMAT : LAKE_OUTPUT_FORMAT)
                        .setSerde(SerDe.newBuilder().setLibrary(iceberg ? ICEBERG_SERDE : LAKE_SERDE)))
                .build();
    }

    private static org.apache.hadoop.hive.metastore.api.StorageDescriptor sd(Table table) {
        return table.getSd() == null ? new org.apache.hadoop.hive.metastore.api.StorageDescriptor() : table.getSd();
    }

    public static HiveTableKind kind(String tableType) {
        if (tableType == null) {
            return HiveTableKind.HIVE_TABLE_KIND_UNSPECIFIED;
        }
        return switch (tableType) {
            case "MANAGED_TABLE" -> HiveTableKind.MANAGED_TABLE;
            case "EXTERNAL_TABLE" -> HiveTableKind.EXTERNAL_TABLE;
            case "VIRTUAL_VIEW" -> HiveTableKind.VIRTUAL_VIEW;
            case "MATERIALIZED_VIEW" -> HiveTableKind.MATERIALIZED_VIEW;
            default -> HiveTableKind.HIVE_TABLE_KIND_UNSPECIFIED;
        };
    }

    public static String tableType(HiveTableKind kind) {
        return switch (kind) {
            case MANAGED_TABLE -> "MANAGED_TABLE";
            case EXTERNAL_TABLE -> "EXTERNAL_TABLE";
            case VIRTUAL_VIEW -> "VIRTUAL_VIEW";
            case MATERIALIZED_VIEW -> "MATERIALIZED_VIEW";
            case HIVE_TABLE_KIND_UNSPECIFIED, UNRECOGNIZED -> null;
        };
    }
}
