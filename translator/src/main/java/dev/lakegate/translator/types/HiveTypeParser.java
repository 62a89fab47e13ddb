package dev.lakegate.translator.types;

import dev.lakegate.catalog.v1.DataType;
import dev.lakegate.catalog.v1.DecimalType;
import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.LengthType;
import dev.lakegate.catalog.v1.ListType;
import dev.lakegate.catalog.v1.MapType;
import dev.lakegate.catalog.v1.PrimitiveType;
import dev.lakegate.catalog.v1.StructType;
import dev.lakegate.catalog.v1.UnionType;
import java.util.Locale;

/**
 * Recursive descent over a Hive type string. Keywords are case-insensitive and whitespace may stand
 * between any two tokens; struct field names keep their case and may be backquoted. Accepts the
 * spellings Hive's DDL accepts for the same types (integer, dec, numeric, double precision,
 * timestamplocaltz), which print back in their canonical form.
 */
final class HiveTypeParser {

    static final int DEFAULT_DECIMAL_PRECISION = 10;
    static final int DEFAULT_DECIMAL_SCALE = 0;
    static final int MAX_DECIMAL_PRECISION = 38;

    private final String text;
    private int position;

    private HiveTypeParser(String text) {
        this.text = text;
    }

    static DataType parse(String text) {
        HiveTypeParser parser = new HiveTypeParser(text);
        DataType type = parser.type();
        parser.skipSpace();
        if (parser.position != text.length()) {
            throw parser.error("end of the type");
        }
        return type;
    }

    private DataType type() {
        int start = skipSpace();
        String word = word();
        if (word.isEmpty()) {
            position = start;
            throw error("a type");
        }
        switch (word.toLowerCase(Locale.ROOT)) {
            case "tinyint":
                return primitive(PrimitiveType.INT8);
            case "smallint":
                return primitive(PrimitiveType.INT16);
            case "int":
            case "integer":
                return primitive(PrimitiveType.INT32);
            case "bigint":
                return primitive(PrimitiveType.INT64);
            case "float":
                return primitive(PrimitiveType.FLOAT32);
            case "double":
                optionalWords("precision");
                return primitive(PrimitiveType.FLOAT64);
            case "boolean":
                return primitive(PrimitiveType.BOOLEAN);
            case "string":
                return primitive(PrimitiveType.STRING);
            case "binary":
                return primitive(PrimitiveType.BINARY);
            case "date":
                return primitive(PrimitiveType.DATE);
            case "timestamp":
                return primitive(
                        optionalWords("with", "local", "time", "zone")
                                ? PrimitiveType.TIMESTAMP_TZ
                                : PrimitiveType.TIMESTAMP);
            case "timestamplocaltz":
                return primitive(PrimitiveType.TIMESTAMP_TZ);
            case "interval_year_month":
                return primitive(PrimitiveType.INTERVAL_YEAR_MONTH);
            case "interval_day_time":
                return primitive(PrimitiveType.INTERVAL_DAY_TIME);
            case "void":
                return primitive(PrimitiveType.VOID);
            case "char":
                return DataType.newBuilder().setChar(length("char")).build();
            case "varchar":
                return DataType.newBuilder().setVarchar(length("varchar")).build();
            case "decimal":
            case "dec":
            case "numeric":
                return decimal();
            case "array":
                return array();
            case "map":
                return map();
            case "struct":
                return struct();
            case "uniontype":
                return union();
            default:
                position = start;
                throw new HiveTypeException("unknown type '" + word + "' at position " + start + " of '" + text + "'");
        }
    }

    private static DataType primitive(PrimitiveType type) {
        return DataType.newBuilder().setPrimitive(type).build();
    }

    private LengthType length(String name) {
        expect('(');
        int length = number();
        expect(')');
        if (length < 1) {
            throw new HiveTypeException(name + " length must be positive in '" + text + "'");
        }
        return LengthType.newBuilder().setLength(length).build();
    }

    private DataType decimal() {
        int precision = DEFAULT_DECIMAL_PRECISION;
        int scale = DEFAULT_DECIMAL_SCALE;
        if (peek('(')) {
            expect('(');
            precision = number();
            if (peek(',')) {
                expect(',');
                scale = number();
            }
            expect(')');
        }
        if (precision < 1 || precision > MAX_DECIMAL_PRECISION || scale < 0 || scale > precision) {
            throw new HiveTypeException("decimal(" + precision + "," + scale + ") is out of range in '" + text
                    + "': precision must be 1 to " + MAX_DECIMAL_PRECISION + " and scale 0 to the precision");
        }
        return DataType.newBuilder()
                .setDecimal(DecimalType.newBuilder().setPrecision(precision).setScale(scale))
                .build();
    }

    private DataType array() {
        expect('<');
        DataType element = type();
        expect('>');
        return DataType.newBuilder()
                .setList(ListType.newBuilder().setElement(field("element", element)))
                .build();
    }

    private DataType map() {
        expect('<');
        DataType key = type();
        expect(',');
        DataType value = type();
        expect('>');
        return DataType.newBuilder()
                .setMap(MapType.newBuilder().setKey(field("key", key)).setValue(field("value", value)))
                .build();
    }

    private DataType struct() {
        expect('<');
        StructType.Builder struct = StructType.newBuilder();
        if (!peek('>')) {
            do {
                String name = fieldName();
                expect(':');
                struct.addFields(field(name, type()));
            } while (accept(','));
        }
        expect('>');
        return DataType.newBuilder().setStruct(struct).build();
    }

    private DataType union() {
        expect('<');
        UnionType.Builder union = UnionType.newBuilder();
        do {
            union.addAlternatives(type());
        } while (accept(','));
        expect('>');
        return DataType.newBuilder().setUnion(union).build();
    }

    private static Field field(String name, DataType type) {
        return Field.newBuilder().setName(name).setType(type).build();
    }

    private String fieldName() {
        int start = skipSpace();
        if (position < text.length() && text.charAt(position) == '`') {
            StringBuilder name = new StringBuilder();
            position++;
            while (true) {
                if (position >= text.length()) {
                    position = start;
                    throw error("a closing backquote");
                }
                char c = text.charAt(position++);
                if (c == '`') {
                    if (position < text.length() && text.charAt(position) == '`') {
                        name.append('`');
                        position++;
                    } else {
                        return name.toString();
                    }
                } else {
                    name.append(c);
                }
            }
        }
        String name = word();
        if (name.isEmpty()) {
            throw error("a field name");
        }
        return name;
    }

    /** Consumes the given words (case-insensitive) if all of them follow, else nothing. */
    private boolean optionalWords(String... words) {
        int start = position;
        for (String expected : words) {
            skipSpace();
            if (!word().equalsIgnoreCase(expected)) {
                position = start;
                return false;
            }
        }
        return true;
    }

    private int number() {
        int start = skipSpace();
        while (position < text.length() && Character.isDigit(text.charAt(position))) {
            position++;
        }
        if (start == position) {
            throw error("a number");
        }
        try {
            return Integer.parseInt(text.substring(start, position));
        } catch (NumberFormatException e) {
            position = start;
            throw error("a smaller number");
        }
    }

    private String word() {
        int start = position;
        while (position < text.length() && isWordChar(text.charAt(position))) {
            position++;
        }
        return text.substring(start, position);
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.';
    }

    private boolean peek(char c) {
        skipSpace();
        return position < text.length() && text.charAt(position) == c;
    }

    private boolean accept(char c) {
        if (peek(c)) {
            position++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!accept(c)) {
            throw error("'" + c + "'");
        }
    }

    private int skipSpace() {
        while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
            position++;
        }
        return position;
    }

    private HiveTypeException error(String expected) {
        String found = position < text.length() ? "'" + text.charAt(position) + "'" : "the end";
        return new HiveTypeException(
                "expected " + expected + " at position " + position + " of '" + text + "' but found " + found);
    }
}
