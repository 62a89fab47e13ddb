package dev.lakegate.catalog.server.metadata;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.Schema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.apache.iceberg.PartitionSpecParser;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.JsonUtil;

/**
 * Iceberg's schemas and partition specs as the catalog's and back: the same field ids, names, types
 * and required flags. Catalog types Iceberg has no type for (Hive's tinyint, smallint, char, varchar,
 * union, intervals) are refused on the way to Iceberg.
 */
final class IcebergTypes {

    private IcebergTypes() {}

    static Schema schema(org.apache.iceberg.Schema schema) {
        return new Schema(schema.schemaId(), fields(schema.columns()), List.copyOf(schema.identifierFieldIds()));
    }

    private static List<Field> fields(List<Types.NestedField> columns) {
        List<Field> fields = new ArrayList<>(columns.size());
        for (Types.NestedField column : columns) {
            fields.add(field(column));
        }
        return fields;
    }

    private static Field field(Types.NestedField column) {
        return new Field(
                column.fieldId(),
                column.name(),
                type(column.type()),
                column.isRequired(),
                column.doc() == null ? "" : column.doc());
    }

    static DataType type(Type type) {
        switch (type.typeId()) {
            case BOOLEAN:
                return primitive(PrimitiveKind.BOOLEAN);
            case INTEGER:
                return primitive(PrimitiveKind.INT32);
            case LONG:
                return primitive(PrimitiveKind.INT64);
            case FLOAT:
                return primitive(PrimitiveKind.FLOAT32);
            case DOUBLE:
                return primitive(PrimitiveKind.FLOAT64);
            case DATE:
                return primitive(PrimitiveKind.DATE);
            case TIME:
                return primitive(PrimitiveKind.TIME);
            case TIMESTAMP:
                return primitive(
                        ((Types.TimestampType) type).shouldAdjustToUTC()
                                ? PrimitiveKind.TIMESTAMP_TZ
                                : PrimitiveKind.TIMESTAMP);
            case STRING:
                return primitive(PrimitiveKind.STRING);
            case UUID:
                return primitive(PrimitiveKind.UUID);
            case BINARY:
                return primitive(PrimitiveKind.BINARY);
            case FIXED:
                return new DataType.Fixed(((Types.FixedType) type).length());
            case DECIMAL:
                Types.DecimalType decimal = (Types.DecimalType) type;
                return new DataType.Decimal(decimal.precision(), decimal.scale());
            case STRUCT:
                return new DataType.Struct(fields(type.asStructType().fields()));
            case LIST:
                return new DataType.ListOf(field(type.asListType().fields().get(0)));
            case MAP:
                List<Types.NestedField> entry = type.asMapType().fields();
                return new DataType.MapOf(field(entry.get(0)), field(entry.get(1)));
            default:
                throw CatalogException.invalidArgument(
                        "metadata_location", "Iceberg type " + type + " is not supported by the catalog yet");
        }
    }

    static org.apache.iceberg.Schema toIceberg(Schema schema) {
        return new org.apache.iceberg.Schema(
                schema.schemaId(), toIceberg(schema.fields()), new HashSet<>(schema.identifierFieldIds()));
    }

    /** A spec of the catalog's over {@code schema}, through Iceberg's own parser (it binds and checks it). */
    static org.apache.iceberg.PartitionSpec toIceberg(PartitionSpec spec, org.apache.iceberg.Schema schema) {
        ObjectNode json = JsonUtil.mapper().createObjectNode();
        json.put("spec-id", spec.specId());
        ArrayNode fields = json.putArray("fields");
        for (PartitionField field : spec.fields()) {
            ObjectNode node = fields.addObject();
            node.put("name", field.name());
            node.put("transform", field.transform());
            node.put("source-id", field.sourceId());
            if (field.fieldId() != 0) {
                node.put("field-id", field.fieldId());
            }
        }
        try {
            return PartitionSpecParser.fromJson(schema, json);
        } catch (RuntimeException e) {
            throw CatalogException.invalidArgument(
                    "partition_spec", "partition spec is not a valid Iceberg spec: " + e.getMessage());
        }
    }

    private static List<Types.NestedField> toIceberg(List<Field> fields) {
        List<Types.NestedField> columns = new ArrayList<>(fields.size());
        for (Field field : fields) {
            columns.add(toIceberg(field));
        }
        return columns;
    }

    private static Types.NestedField toIceberg(Field field) {
        return Types.NestedField.of(
                field.id(),
                !field.required(),
                field.name(),
                toIceberg(field.type(), field.name()),
                field.doc().isEmpty() ? null : field.doc());
    }

    private static Type toIceberg(DataType type, String column) {
        if (type instanceof DataType.Primitive primitive) {
            switch (primitive.kind()) {
                case BOOLEAN:
                    return Types.BooleanType.get();
                case INT32:
                    return Types.IntegerType.get();
                case INT64:
                    return Types.LongType.get();
                case FLOAT32:
                    return Types.FloatType.get();
                case FLOAT64:
                    return Types.DoubleType.get();
                case DATE:
                    return Types.DateType.get();
                case TIME:
                    return Types.TimeType.get();
                case TIMESTAMP:
                    return Types.TimestampType.withoutZone();
                case TIMESTAMP_TZ:
                    return Types.TimestampType.withZone();
                case STRING:
                    return Types.StringType.get();
                case UUID:
                    return Types.UUIDType.get();
                case BINARY:
                    return Types.BinaryType.get();
                default:
                    break;
            }
        } else if (type instanceof DataType.Fixed fixed) {
            return Types.FixedType.ofLength(fixed.length());
        } else if (type instanceof DataType.Decimal decimal) {
            return Types.DecimalType.of(decimal.precision(), decimal.scale());
        } else if (type instanceof DataType.Struct struct) {
            return Types.StructType.of(toIceberg(struct.fields()));
        } else if (type instanceof DataType.ListOf list) {
            Field element = list.element();
            Type elementType = toIceberg(element.type(), column);
            return element.required()
                    ? Types.ListType.ofRequired(element.id(), elementType)
                    : Types.ListType.ofOptional(element.id(), elementType);
        } else if (type instanceof DataType.MapOf map) {
            Type key = toIceberg(map.key().type(), column);
            Type value = toIceberg(map.value().type(), column);
            return map.value().required()
                    ? Types.MapType.ofRequired(map.key().id(), map.value().id(), key, value)
                    : Types.MapType.ofOptional(map.key().id(), map.value().id(), key, value);
        }
        throw CatalogException.invalidArgument(
                "schema", "column " + column + ": type " + type + " has no Iceberg equivalent");
    }

    private static DataType primitive(PrimitiveKind kind) {
        return new DataType.Primitive(kind);
    }
}
