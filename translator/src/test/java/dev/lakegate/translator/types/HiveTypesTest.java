package dev.lakegate.translator.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.v1.DataType;
import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.LengthType;
import dev.lakegate.catalog.v1.PrimitiveType;
import dev.lakegate.catalog.v1.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HiveTypesTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "tinyint|tinyint",
                "smallint|smallint",
                "int|int",
                "INTEGER|int",
                "bigint|bigint",
                "float|float",
                "double|double",
                "double precision|double",
                "boolean|boolean",
                "string|string",
                "binary|binary",
                "date|date",
                "timestamp|timestamp",
                "timestamp with local time zone|timestamp with local time zone",
                "TIMESTAMP  WITH LOCAL  TIME ZONE|timestamp with local time zone",
                "timestamplocaltz|timestamp with local time zone",
                "interval_year_month|interval_year_month",
                "interval_day_time|interval_day_time",
                "void|void",
                "char(10)|char(10)",
                "VARCHAR ( 255 )|varchar(255)",
                "decimal|decimal(10,0)",
                "decimal(5)|decimal(5,0)",
                "decimal(10,2)|decimal(10,2)",
                "DECIMAL( 38 , 38 )|decimal(38,38)",
                "numeric(7,3)|decimal(7,3)",
                "dec|decimal(10,0)",
                "array<int>|array<int>",
                "ARRAY< array<STRING> >|array<array<string>>",
                "map<string,int>|map<string,int>",
                "map < string , array<map<int,double>> >|map<string,array<map<int,double>>>",
                "struct<a:int,b:string>|struct<a:int,b:string>",
                "STRUCT< Name : STRING , Tags:array<varchar(3)> >|struct<Name:string,Tags:array<varchar(3)>>",
                "struct<`my col`:int,`a``b`:string>|struct<`my col`:int,`a``b`:string>",
                "struct<`plain`:int>|struct<plain:int>",
                "uniontype<int,string,struct<x:double>>|uniontype<int,string,struct<x:double>>",
                "struct<a:struct<b:map<string,struct<c:decimal(4,1)>>>>"
                        + "|struct<a:struct<b:map<string,struct<c:decimal(4,1)>>>>",
            })
    void printsTheCanonicalForm(String text, String canonical) {
        DataType type = HiveTypes.parse(text);
        assertThat(HiveTypes.print(type)).isEqualTo(canonical);
        assertThat(HiveTypes.parse(canonical)).isEqualTo(type);
    }

    @Test
    void parsesIntoNativeTypes() {
        assertThat(HiveTypes.parse("varchar(20)"))
                .isEqualTo(DataType.newBuilder()
                        .setVarchar(LengthType.newBuilder().setLength(20))
                        .build());
        DataType struct = HiveTypes.parse("struct<a:int>");
        assertThat(struct)
                .isEqualTo(DataType.newBuilder()
                        .setStruct(StructType.newBuilder()
                                .addFields(Field.newBuilder()
                                        .setName("a")
                                        .setType(DataType.newBuilder().setPrimitive(PrimitiveType.INT32))))
                        .build());
        assertThat(struct.getStruct().getFields(0).getId()).isZero();
        assertThat(HiveTypes.isIntegral(HiveTypes.parse("smallint"))).isTrue();
        assertThat(HiveTypes.isIntegral(HiveTypes.parse("string"))).isFalse();
    }

    @Test
    void nativeOnlyTypesPrintAsHiveSeesThemThroughIceberg() {
        assertThat(HiveTypes.print(primitive(PrimitiveType.UUID))).isEqualTo("string");
        assertThat(HiveTypes.print(primitive(PrimitiveType.TIME))).isEqualTo("string");
        assertThat(HiveTypes.print(DataType.newBuilder()
                        .setFixed(LengthType.newBuilder().setLength(16))
                        .build()))
                .isEqualTo("binary");
        assertThat(HiveTypes.print(primitive(PrimitiveType.TIMESTAMP_TZ))).isEqualTo("timestamp with local time zone");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "arry<int>|unknown type 'arry' at position 0 of 'arry<int>'",
                "array<int|expected '>' at position 9 of 'array<int' but found the end",
                "map<int>|expected ',' at position 7 of 'map<int>' but found '>'",
                "char|expected '(' at position 4 of 'char' but found the end",
                "decimal(39,2)|decimal(39,2) is out of range in 'decimal(39,2)': "
                        + "precision must be 1 to 38 and scale 0 to the precision",
                "decimal(5,6)|decimal(5,6) is out of range in 'decimal(5,6)': "
                        + "precision must be 1 to 38 and scale 0 to the precision",
                "struct<a int>|expected ':' at position 9 of 'struct<a int>' but found 'i'",
                "int extra|expected end of the type at position 4 of 'int extra' but found 'e'",
                "|expected a type at position 0 of '' but found the end",
            })
    void rejectsWhatIsNotAType(String text, String message) {
        String input = text == null ? "" : text;
        assertThatThrownBy(() -> HiveTypes.parse(input))
                .isInstanceOf(HiveTypeException.class)
                .hasMessage(message);
    }

    private static DataType primitive(PrimitiveType type) {
        return DataType.newBuilder().setPrimitive(type).build();
    }
}
