package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.PartitionField;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.v1.DecimalType;
import dev.lakegate.catalog.v1.LengthType;
import dev.lakegate.catalog.v1.ListType;
import dev.lakegate.catalog.v1.MapType;
import dev.lakegate.catalog.v1.PrimitiveType;
import dev.lakegate.catalog.v1.StructType;
import dev.lakegate.catalog.v1.UnionType;

/** Types, fields, schemas and partition specs. */
public final class TypeMapper {

    private TypeMapper() {}

    public static dev.lakegate.catalog.v1.DataType toProto(DataType type) {
        var proto = dev.lakegate.catalog.v1.DataType.newBuilder();
        if (type instanceof DataType.Primitive primitive) {
            proto.setPrimitive(EnumMapper.toProto(primitive.kind(), PrimitiveType.class));
        } else if (type instanceof DataType.Decimal decimal) {
            proto.setDecimal(
                    DecimalType.newBuilder().setPrecision(decimal.precision()).setScale(decimal.scale()));
        } else if (type instanceof DataType.Char character) {
            proto.setChar(LengthType.newBuilder().setLength(character.length()));
        } else if (type instanceof DataType.Varchar varchar) {
            proto.setVarchar(LengthType.newBuilder().setLength(varchar.length()));
        } else if (type instanceof DataType.Fixed fixed) {
            proto.setFixed(LengthType.newBuilder().setLength(fixed.length()));
        } else if (type instanceof DataType.Struct struct) {
            proto.setStruct(StructType.newBuilder()
                    .addAllFields(
                            struct.fields().stream().map(TypeMapper::toProto).toList()));
        } else if (type instanceof DataType.ListOf list) {
            proto.setList(ListType.newBuilder().setElement(toProto(list.element())));
        } else if (type instanceof DataType.MapOf map) {
            proto.setMap(MapType.newBuilder().setKey(toProto(map.key())).setValue(toProto(map.value())));
        } else if (type instanceof DataType.Union union) {
            proto.setUnion(UnionType.newBuilder()
                    .addAllAlternatives(union.alternatives().stream()
                            .map(TypeMapper::toProto)
                            .toList()));
        } else {
            throw new IllegalStateException("unmapped data type " + type);
        }
        return proto.build();
    }

    public static DataType toDomain(dev.lakegate.catalog.v1.DataType type, FieldPath path) {
        return switch (type.getTypeCase()) {
            case PRIMITIVE ->
                DataType.primitive(
                        EnumMapper.toDomain(type.getPrimitive(), PrimitiveKind.class, path.field("primitive")));
            case DECIMAL ->
                new DataType.Decimal(
                        type.getDecimal().getPrecision(), type.getDecimal().getScale());
            case CHAR -> new DataType.Char(type.getChar().getLength());
            case VARCHAR -> new DataType.Varchar(type.getVarchar().getLength());
            case FIXED -> new DataType.Fixed(type.getFixed().getLength());
            case STRUCT ->
                new DataType.Struct(path.field("struct")
                        .field("fields")
                        .mapEach(type.getStruct().getFieldsList(), TypeMapper::toDomain));
            case LIST ->
                new DataType.ListOf(
                        toDomain(type.getList().getElement(), path.field("list").field("element")));
            case MAP ->
                new DataType.MapOf(
                        toDomain(type.getMap().getKey(), path.field("map").field("key")),
                        toDomain(type.getMap().getValue(), path.field("map").field("value")));
            case UNION ->
                new DataType.Union(path.field("union")
                        .field("alternatives")
                        .mapEach(type.getUnion().getAlternativesList(), TypeMapper::toDomain));
            case TYPE_NOT_SET -> throw path.invalid("unknown type");
        };
    }

    public static dev.lakegate.catalog.v1.Field toProto(Field field) {
        return dev.lakegate.catalog.v1.Field.newBuilder()
                .setId(field.id())
                .setName(field.name())
                .setType(toProto(field.type()))
                .setRequired(field.required())
                .setDoc(field.doc())
                .build();
    }

    public static Field toDomain(dev.lakegate.catalog.v1.Field field, FieldPath path) {
        return new Field(
                field.getId(),
                field.getName(),
                toDomain(field.getType(), path.field("type")),
                field.getRequired(),
                field.getDoc());
    }

    public static dev.lakegate.catalog.v1.Schema toProto(Schema schema) {
        return dev.lakegate.catalog.v1.Schema.newBuilder()
                .setSchemaId(schema.schemaId())
                .addAllFields(schema.fields().stream().map(TypeMapper::toProto).toList())
                .addAllIdentifierFieldIds(schema.identifierFieldIds())
                .build();
    }

    public static Schema toDomain(dev.lakegate.catalog.v1.Schema schema, FieldPath path) {
        return new Schema(
                schema.getSchemaId(),
                path.field("fields").mapEach(schema.getFieldsList(), TypeMapper::toDomain),
                schema.getIdentifierFieldIdsList());
    }

    public static dev.lakegate.catalog.v1.PartitionSpec toProto(PartitionSpec spec) {
        var proto = dev.lakegate.catalog.v1.PartitionSpec.newBuilder().setSpecId(spec.specId());
        for (PartitionField field : spec.fields()) {
            proto.addFields(dev.lakegate.catalog.v1.PartitionField.newBuilder()
                    .setSourceId(field.sourceId())
                    .setFieldId(field.fieldId())
                    .setName(field.name())
                    .setTransform(field.transform()));
        }
        return proto.build();
    }

    public static PartitionSpec toDomain(dev.lakegate.catalog.v1.PartitionSpec spec) {
        return new PartitionSpec(
                spec.getSpecId(),
                spec.getFieldsList().stream()
                        .map(field -> new PartitionField(
                                field.getSourceId(), field.getFieldId(), field.getName(), field.getTransform()))
                        .toList());
    }
}
