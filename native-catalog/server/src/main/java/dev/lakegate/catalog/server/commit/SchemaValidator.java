package dev.lakegate.catalog.server.commit;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Schema;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Checks that a schema can be stored: named fields, unique names and ids, type parameters in range. */
final class SchemaValidator {

    static final int MAX_DECIMAL_PRECISION = 38;
    static final int MAX_CHAR_LENGTH = 255;
    static final int MAX_VARCHAR_LENGTH = 65_535;

    private SchemaValidator() {}

    static void validate(Schema schema, String where) {
        Set<Integer> ids = new HashSet<>();
        checkFields(schema.fields(), where + ".fields", ids);
        for (int identifier : schema.identifierFieldIds()) {
            if (!ids.contains(identifier)) {
                throw CatalogException.invalidArgument(
                        where + ".identifier_field_ids",
                        where + ": identifier field id " + identifier + " is not a field of the schema");
            }
        }
    }

    private static void checkFields(List<Field> fields, String where, Set<Integer> ids) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < fields.size(); i++) {
            Field field = fields.get(i);
            String at = where + "[" + i + "]";
            if (field.name().isEmpty()) {
                throw CatalogException.invalidArgument(at + ".name", at + ": field name is empty");
            }
            if (!names.add(field.name().toLowerCase(Locale.ROOT))) {
                throw CatalogException.invalidArgument(
                        at + ".name", at + ": field name '" + field.name() + "' appears twice");
            }
            checkField(field, at, ids);
        }
    }

    private static void checkField(Field field, String at, Set<Integer> ids) {
        if (field.id() <= 0 || !ids.add(field.id())) {
            throw CatalogException.invalidArgument(at + ".id", at + ": field id " + field.id() + " is not unique");
        }
        checkType(field.type(), at + ".type", ids);
    }

    private static void checkType(DataType type, String at, Set<Integer> ids) {
        if (type instanceof DataType.Decimal decimal) {
            if (decimal.precision() < 1
                    || decimal.precision() > MAX_DECIMAL_PRECISION
                    || decimal.scale() < 0
                    || decimal.scale() > decimal.precision()) {
                throw CatalogException.invalidArgument(
                        at,
                        at + ": decimal(" + decimal.precision() + "," + decimal.scale()
                                + ") needs 1 <= precision <= 38 and 0 <= scale <= precision");
            }
        } else if (type instanceof DataType.Char ch) {
            checkLength(at, "char", ch.length(), MAX_CHAR_LENGTH);
        } else if (type instanceof DataType.Varchar varchar) {
            checkLength(at, "varchar", varchar.length(), MAX_VARCHAR_LENGTH);
        } else if (type instanceof DataType.Fixed fixed) {
            checkLength(at, "fixed", fixed.length(), Integer.MAX_VALUE);
        } else if (type instanceof DataType.Struct struct) {
            if (struct.fields().isEmpty()) {
                throw CatalogException.invalidArgument(at, at + ": a struct needs at least one field");
            }
            checkFields(struct.fields(), at + ".fields", ids);
        } else if (type instanceof DataType.ListOf list) {
            checkField(list.element(), at + ".element", ids);
        } else if (type instanceof DataType.MapOf map) {
            checkField(map.key(), at + ".key", ids);
            checkField(map.value(), at + ".value", ids);
        } else if (type instanceof DataType.Union union) {
            if (union.alternatives().isEmpty()) {
                throw CatalogException.invalidArgument(at, at + ": a union needs at least one alternative");
            }
            for (int i = 0; i < union.alternatives().size(); i++) {
                checkType(union.alternatives().get(i), at + ".alternatives[" + i + "]", ids);
            }
        }
    }

    private static void checkLength(String at, String type, int length, int max) {
        if (length < 1 || length > max) {
            throw CatalogException.invalidArgument(
                    at, at + ": " + type + "(" + length + ") needs a length between 1 and " + max);
        }
    }
}
