package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** A column type: the union of what lake formats and Hive can declare. */
public sealed interface DataType {

    record Primitive(PrimitiveKind kind) implements DataType {
        public Primitive {
            requireNonNull(kind, "kind is null");
        }
    }

    record Decimal(int precision, int scale) implements DataType {}

    record Char(int length) implements DataType {}

    record Varchar(int length) implements DataType {}

    record Fixed(int length) implements DataType {}

    record Struct(List<Field> fields) implements DataType {
        public Struct {
            fields = List.copyOf(fields);
        }
    }

    record ListOf(Field element) implements DataType {
        public ListOf {
            requireNonNull(element, "element is null");
        }
    }

    record MapOf(Field key, Field value) implements DataType {
        public MapOf {
            requireNonNull(key, "key is null");
            requireNonNull(value, "value is null");
        }
    }

    record Union(List<DataType> alternatives) implements DataType {
        public Union {
            alternatives = List.copyOf(alternatives);
        }
    }

    static DataType primitive(PrimitiveKind kind) {
        return new Primitive(kind);
    }

    default boolean isIntegral() {
        return this instanceof Primitive primitive && primitive.kind().isIntegral();
    }
}
