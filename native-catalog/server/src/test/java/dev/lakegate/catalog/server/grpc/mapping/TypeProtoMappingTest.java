package dev.lakegate.catalog.server.grpc.mapping;

import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.assertInvalid;
import static dev.lakegate.catalog.server.grpc.mapping.MappingAssertions.overTheWire;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.grpc.DomainFixtures;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.PartitionSpec;
import dev.lakegate.catalog.server.model.Schema;
import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.ListType;
import dev.lakegate.catalog.v1.MapType;
import dev.lakegate.catalog.v1.PrimitiveType;
import dev.lakegate.catalog.v1.StructType;
import org.junit.jupiter.api.Test;

class TypeProtoMappingTest {

    @Test
    void everyTypeNestedSurvivesTheTrip() {
        DataType type = DomainFixtures.everyType();
        assertThat(TypeMapper.toDomain(overTheWire(TypeMapper.toProto(type)), FieldPath.root("type")))
                .isEqualTo(type);
    }

    @Test
    void schemaAndSpecSurviveTheTrip() {
        Schema schema = DomainFixtures.schema(4);
        PartitionSpec spec = DomainFixtures.spec();
        assertThat(TypeMapper.toDomain(overTheWire(TypeMapper.toProto(schema)), FieldPath.root("schema")))
                .isEqualTo(schema);
        assertThat(TypeMapper.toDomain(overTheWire(TypeMapper.toProto(spec)))).isEqualTo(spec);
    }

    @Test
    void fieldWithoutTypeIsNamedByItsPath() {
        dev.lakegate.catalog.v1.Schema schema = dev.lakegate.catalog.v1.Schema.newBuilder()
                .addFields(field("a", PrimitiveType.INT32))
                .addFields(field("b", PrimitiveType.STRING))
                .addFields(Field.newBuilder().setId(3).setName("c"))
                .build();
        assertInvalid(
                () -> TypeMapper.toDomain(schema, FieldPath.root("schemas").index(0)),
                "schemas[0].fields[2].type",
                "unknown type");
    }

    @Test
    void typeMissingDeepInsideIsNamedByItsPath() {
        dev.lakegate.catalog.v1.DataType nested = dev.lakegate.catalog.v1.DataType.newBuilder()
                .setStruct(StructType.newBuilder()
                        .addFields(Field.newBuilder()
                                .setName("m")
                                .setType(dev.lakegate.catalog.v1.DataType.newBuilder()
                                        .setMap(MapType.newBuilder()
                                                .setKey(field("k", PrimitiveType.STRING))
                                                .setValue(Field.newBuilder()
                                                        .setType(dev.lakegate.catalog.v1.DataType.newBuilder()
                                                                .setList(ListType.getDefaultInstance())))))))
                .build();
        assertInvalid(
                () -> TypeMapper.toDomain(nested, FieldPath.root("type")),
                "type.struct.fields[0].type.map.value.type.list.element.type",
                "unknown type");
    }

    @Test
    void unspecifiedAndUnknownPrimitivesAreInvalid() {
        assertInvalid(
                () -> TypeMapper.toDomain(type(PrimitiveType.PRIMITIVE_TYPE_UNSPECIFIED), FieldPath.root("t")),
                "t.primitive",
                "unknown value PRIMITIVE_TYPE_UNSPECIFIED");
        dev.lakegate.catalog.v1.DataType fromTheFuture = overTheWire(dev.lakegate.catalog.v1.DataType.newBuilder()
                .setPrimitiveValue(999)
                .build());
        assertInvalid(
                () -> TypeMapper.toDomain(fromTheFuture, FieldPath.root("t")),
                "t.primitive",
                "unknown value UNRECOGNIZED");
    }

    private static Field field(String name, PrimitiveType type) {
        return Field.newBuilder().setName(name).setType(type(type)).build();
    }

    private static dev.lakegate.catalog.v1.DataType type(PrimitiveType type) {
        return dev.lakegate.catalog.v1.DataType.newBuilder().setPrimitive(type).build();
    }
}
