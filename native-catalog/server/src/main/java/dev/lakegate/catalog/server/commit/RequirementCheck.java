package dev.lakegate.catalog.server.commit;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.SnapshotRef;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableRequirement;
import java.util.Map;
import java.util.Optional;

/** Checks one commit requirement against the current table; a failure says what was found. */
public final class RequirementCheck {

    private RequirementCheck() {}

    public static void check(Table table, TableRequirement requirement) {
        if (requirement instanceof TableRequirement.AssertVersion version) {
            expect(
                    version.version() == table.version(),
                    table,
                    "version",
                    Long.toString(version.version()),
                    Long.toString(table.version()));
        } else if (requirement instanceof TableRequirement.AssertTableId id) {
            expect(
                    id.id().equals(table.id()),
                    table,
                    "id",
                    id.id().toString(),
                    table.id().toString());
        } else if (requirement instanceof TableRequirement.AssertMetadataLocation location) {
            expect(
                    location.location().equals(table.metadataLocation()),
                    table,
                    "metadata location",
                    quoted(location.location()),
                    quoted(table.metadataLocation()));
        } else if (requirement instanceof TableRequirement.AssertRefSnapshot ref) {
            Optional<Long> actual = table.findRef(ref.ref()).map(SnapshotRef::snapshotId);
            expect(
                    ref.snapshotId().equals(actual),
                    table,
                    "snapshot of ref '" + ref.ref() + "'",
                    describe(ref.snapshotId()),
                    describe(actual));
        } else if (requirement instanceof TableRequirement.AssertCurrentSchemaId schema) {
            expect(
                    schema.schemaId() == table.currentSchemaId(),
                    table,
                    "current schema id",
                    Integer.toString(schema.schemaId()),
                    Integer.toString(table.currentSchemaId()));
        } else if (requirement instanceof TableRequirement.AssertProperty property) {
            Optional<String> actual = Optional.ofNullable(table.properties().get(property.key()));
            if (!property.value().equals(actual)) {
                throw new CatalogException(
                        ErrorCode.REQUIREMENT_FAILED,
                        "requirement failed on table " + table.identifier() + ": property '" + property.key() + "' is "
                                + describe(actual) + ", expected " + describe(property.value()),
                        Map.of(
                                "requirement",
                                "property",
                                "key",
                                property.key(),
                                "actual",
                                actual.orElse(""),
                                "actual_present",
                                Boolean.toString(actual.isPresent())));
            }
        }
    }

    private static void expect(boolean holds, Table table, String what, String expected, String actual) {
        if (!holds) {
            throw new CatalogException(
                    ErrorCode.REQUIREMENT_FAILED,
                    "requirement failed on table " + table.identifier() + ": " + what + " is " + actual + ", expected "
                            + expected,
                    Map.of("requirement", what, "actual", actual, "expected", expected));
        }
    }

    private static String quoted(String value) {
        return value.isEmpty() ? "none" : "'" + value + "'";
    }

    private static String describe(Optional<?> value) {
        return value.map(v -> v instanceof String ? "'" + v + "'" : v.toString())
                .orElse("absent");
    }
}
