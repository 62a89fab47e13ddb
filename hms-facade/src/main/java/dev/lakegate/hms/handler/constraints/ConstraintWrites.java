package dev.lakegate.hms.handler.constraints;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.AddConstraintsRequest;
import dev.lakegate.catalog.v1.ConstraintKind;
import dev.lakegate.catalog.v1.DeleteConstraintRequest;
import dev.lakegate.catalog.v1.TableConstraint;
import dev.lakegate.hms.handler.tables.NativeTables;
import dev.lakegate.hms.handler.tables.TableReads;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.mapping.constraints.DeclaredConstraint;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * Adding constraints to existing tables (add_primary_key and the other add_* calls) and dropping
 * one, after HMS's checks with its words. Constraints of one table are added in one catalog call,
 * so a failed add leaves none of them behind.
 */
public final class ConstraintWrites {

    private ConstraintWrites() {}

    public static void add(CatalogClient client, List<DeclaredConstraint> declared) {
        Map<List<String>, List<TableConstraint>> byTable = new LinkedHashMap<>();
        for (DeclaredConstraint constraint : declared) {
            byTable.computeIfAbsent(
                            List.of(
                                    HiveNames.catalogOrDefault(constraint.catalog()),
                                    String.valueOf(HiveNames.normalize(constraint.database())),
                                    String.valueOf(HiveNames.normalize(constraint.table()))),
                            key -> new ArrayList<>())
                    .add(constraint.constraint());
        }
        for (Map.Entry<List<String>, List<TableConstraint>> entry : byTable.entrySet()) {
            String catalog = entry.getKey().get(0);
            String database = entry.getKey().get(1);
            String table = entry.getKey().get(2);
            boolean foreign = entry.getValue().get(0).getKind() == ConstraintKind.FOREIGN_KEY;
            Table found = TableReads.find(client, catalog, database, table)
                    .map(TableMapper::fromNative)
                    .orElseThrow(() ->
                            HmsFailure.invalidObject((foreign ? "Child" : "Parent") + " table not found: " + table));
            new ConstraintChecks(client, found, ConstraintReads.of(client, catalog, database, table, false))
                    .check(entry.getValue());
            client.constraints()
                    .add(AddConstraintsRequest.newBuilder()
                            .setTable(NativeTables.identifier(catalog, database, table))
                            .addAllConstraints(entry.getValue())
                            .build());
        }
    }

    /** The constraints a new table is created with, checked against it as HMS checks them. */
    public static List<TableConstraint> forNewTable(
            CatalogClient client, Table table, List<DeclaredConstraint> declared) {
        List<TableConstraint> constraints =
                declared.stream().map(DeclaredConstraint::constraint).toList();
        new ConstraintChecks(client, table, List.of()).check(constraints);
        return constraints;
    }

    public static void drop(CatalogClient client, String catalog, String database, String table, String name) {
        String constraint = HiveNames.normalize(name);
        boolean exists = ConstraintReads.of(client, catalog, database, table, false).stream()
                .anyMatch(c -> c.getName().equals(constraint));
        if (!exists) {
            throw HmsFailure.of(
                    "The constraint: " + constraint + " does not exist for the associated table: "
                            + HiveNames.normalize(database) + "." + HiveNames.normalize(table),
                    NoSuchObjectException.class);
        }
        client.constraints()
                .delete(DeleteConstraintRequest.newBuilder()
                        .setTable(NativeTables.identifier(catalog, database, table))
                        .setName(constraint)
                        .build());
    }
}
