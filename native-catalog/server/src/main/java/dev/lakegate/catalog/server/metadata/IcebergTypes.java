package dev.lakegate.catalog.server.metadata;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** Iceberg's schemas as the catalog's: the same field ids, names, types and required flags. */
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
        return new Field(column.fieldId(), column.name(), type(column.type()), column.isRequired(),
                column.doc() == null ? "" : column.doc());
    }

    static DataType type(Type type) {
        switch (type.typeId()) {
            case BOOLEAN: return primitive(PrimitiveKind.BOOLEAN);
            case INTEGER: return primitive(PrimitiveKind.INT32);
            case LONG: return primitive(PrimitiveKind.INT64);
            case FLOAT: return primitive(PrimitiveKind.FLOAT32);
            case DOUBLE: return primitive(PrimitiveKind.FLOAT64);
            case DATE: return primitive(PrimitiveKind.DATE);
            case TIME: return primitive(PrimitiveKind.TIME);
            case TIMESTAMP:
                return primitive(((Types.TimestampType) type).shouldAdjustToUTC()
                        ? PrimitiveKind.TIMESTAMP_TZ : PrimitiveKind.TIMESTAMP);
            case STRING: return primitive(PrimitiveKind.STRING);
            case UUID: return primitive(PrimitiveKind.UUID);
            case BINARY: return primitive(PrimitiveKind.BINARY);
            case FIXED: return new DataType.Fixed(((Types.FixedType) type).length());
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
                throw CatalogException.invalidArgument("metadata_location",
                        "Iceberg type " + type + " is not supported by the catalog yet");
        }
    }

    private static DataType primitive(PrimitiveKind kind) {
        return new DataType.Primitive(kind);
    }
}
