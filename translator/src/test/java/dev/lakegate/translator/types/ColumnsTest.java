package dev.lakegate.translator.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.Schema;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsFailure;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.junit.jupiter.api.Test;

class ColumnsTest {

    @Test
    void newTableNumbersColumnsThenPartitionKeys() {
        List<Field> fields = Columns.forNewTable(
                List.of(new FieldSchema("ID", "bigint", "the id"), new FieldSchema("s", "struct<a:int>", null)),
                List.of(new FieldSchema("ds", "string", null)));
        assertThat(fields).extracting(Field::getId).containsExactly(1, 2, 3);
        assertThat(fields).extracting(Field::getName).containsExactly("id", "s", "ds");
        assertThat(fields.get(0).getDoc()).isEqualTo("the id");
        assertThat(fields.get(1).getType().getStruct().getFields(0).getId()).isZero();
        assertThat(Columns.toFieldSchemas(fields))
                .containsExactly(
                        new FieldSchema("id", "bigint", "the id"),
                        new FieldSchema("s", "struct<a:int>", null),
                        new FieldSchema("ds", "string", null));
    }

    @Test
    void alteredTableKeepsIdsByNameAndPath() {
        Schema current = Schema.newBuilder()
                .addAllFields(List.of(field(1, "id", "bigint"), nested(2, "s", 7, "a"), field(3, "ds", "string")))
                .build();
        List<Field> fields = Columns.forAlteredTable(
                List.of(
                        new FieldSchema("new_col", "int", null),
                        new FieldSchema("S", "struct<a:int,b:int>", null),
                        new FieldSchema("id", "bigint", null)),
                List.of(new FieldSchema("ds", "string", null)),
                current);
        assertThat(fields).extracting(Field::getName).containsExactly("new_col", "s", "id", "ds");
        assertThat(fields).extracting(Field::getId).containsExactly(0, 2, 1, 3);
        assertThat(fields.get(1).getType().getStruct().getFieldsList())
                .extracting(Field::getId)
                .containsExactly(7, 0);
    }

    @Test
    void aBadTypeIsInvalidObjectNamingTheColumn() {
        assertThatThrownBy(() -> Columns.forNewTable(List.of(new FieldSchema("c", "arry<int>", null)), List.of()))
                .isInstanceOfSatisfying(
                        HmsFailure.class,
                        failure -> assertThat(
                                        DeclaredExceptions.of("create_table").toThrift(failure))
                                .isInstanceOf(InvalidObjectException.class)
                                .hasMessage("Invalid column c: unknown type 'arry' at position 0 of 'arry<int>'"));
        assertThatThrownBy(() -> Columns.forNewTable(List.of(), List.of(new FieldSchema("p", "map<int", null))))
                .hasMessageStartingWith("Invalid partition column p: ");
    }

    private static Field field(int id, String name, String type) {
        return Field.newBuilder()
                .setId(id)
                .setName(name)
                .setType(HiveTypes.parse(type))
                .build();
    }

    private static Field nested(int id, String name, int nestedId, String nestedName) {
        Field field = field(id, name, "struct<" + nestedName + ":int>");
        Field.Builder builder = field.toBuilder();
        builder.getTypeBuilder().getStructBuilder().getFieldsBuilder(0).setId(nestedId);
        return builder.build();
    }
}
