package dev.lakegate.launcher.migrate;

import dev.lakegate.hms.legacy.DatabaseRoutes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * The differences between a database in the legacy metastore and its copy in the catalog, object by
 * object, as both answer HMS clients, normalised: what differs between any two metastores and says
 * nothing of the data (ids, catalog names, write ids, DDL times) is left out, and column types are
 * compared in one spelling ({@code decimal(10, 2)} = {@code decimal(10,2)}). Each difference is one
 * readable line; none means the copy is complete.
 */
final class MigrationDiff {

    /** Parameters that are times of the last DDL, not content. */
    private static final List<String> VOLATILE = List.of("transient_lastDdlTime", DatabaseRoutes.ROUTE_PROPERTY);

    private final LegacySource legacy;
    private final NativeTarget target;

    MigrationDiff(LegacySource legacy, NativeTarget target) {
        this.legacy = legacy;
        this.target = target;
    }

    List<String> diff(String database) throws TException {
        List<String> differences = new ArrayList<>();
        Database before = legacy.database(database);
        Database after;
        try {
            after = target.hms().get_database(database);
        } catch (NoSuchObjectException missing) {
            return List.of(database + ": not in the catalog");
        }
        compare(differences, database, "location", before.getLocationUri(), after.getLocationUri());
        compare(differences, database, "description", before.getDescription(), after.getDescription());
        compare(differences, database, "owner", before.getOwnerName(), after.getOwnerName());
        compare(differences, database, "parameters", parameters(before.getParameters()),
                parameters(after.getParameters()));

        TreeSet<String> legacyTables = new TreeSet<>(legacy.tables(database));
        TreeSet<String> nativeTables = new TreeSet<>(target.hms().get_all_tables(database));
        sets(differences, database, "tables", legacyTables, nativeTables);
        for (String name : legacyTables) {
            if (nativeTables.contains(name)) {
                table(differences, database, name);
            }
        }
        TreeSet<String> legacyFunctions = new TreeSet<>();
        for (Function f : legacy.functions(database)) {
            legacyFunctions.add(f.getFunctionName() + " " + f.getClassName());
        }
        TreeSet<String> nativeFunctions = new TreeSet<>();
        for (String name : target.hms().get_functions(database, "*")) {
            Function f = target.hms().get_function(database, name);
            nativeFunctions.add(f.getFunctionName() + " " + f.getClassName());
        }
        sets(differences, database, "functions", legacyFunctions, nativeFunctions);
        return differences;
    }

    private void table(List<String> differences, String database, String name) throws TException {
        String where = database + "." + name;
        Table before = legacy.table(database, name);
        Table after = target.hms().get_table_req(new GetTableRequest(database, name)).getTable();
        compare(differences, where, "table type", before.getTableType(), after.getTableType());
        compare(differences, where, "owner", before.getOwner(), after.getOwner());
        compare(differences, where, "partition keys", columns(before.getPartitionKeys()),
                columns(after.getPartitionKeys()));
        storage(differences, where, before.getSd(), after.getSd());
        compare(differences, where, "parameters", parameters(before.getParameters()),
                parameters(after.getParameters()));
        compare(differences, where, "view text", before.getViewOriginalText(), after.getViewOriginalText());
        if (before.getPartitionKeysSize() == 0) {
            return;
        }
        TreeSet<String> legacyNames = new TreeSet<>(legacy.partitionNames(database, name));
        TreeSet<String> nativeNames = new TreeSet<>(target.hms().get_partition_names(database, name, (short) -1));
        sets(differences, where, "partitions", legacyNames, nativeNames);
        List<String> common = new ArrayList<>(legacyNames);
        common.retainAll(nativeNames);
        for (int from = 0; from < common.size(); from += DatabaseCopy.BATCH) {
            List<String> names = common.subList(from, Math.min(common.size(), from + DatabaseCopy.BATCH));
            Map<List<String>, Partition> nativeByValues = new HashMap<>();
            for (Partition p : target.hms().get_partitions_by_names(database, name, names)) {
                nativeByValues.put(p.getValues(), p);
            }
            for (Partition p : legacy.partitions(database, name, names)) {
                Partition copy = nativeByValues.get(p.getValues());
                String partition = where + " " + p.getValues();
                if (copy == null) {
                    differences.add(partition + ": not in the catalog");
                    continue;
                }
                compare(differences, partition, "location", p.getSd().getLocation(), copy.getSd().getLocation());
                compare(differences, partition, "parameters", parameters(p.getParameters()),
                        parameters(copy.getParameters()));
            }
        }
    }

    private static void storage(List<String> differences, String where, StorageDescriptor before,
            StorageDescriptor after) {
        compare(differences, where, "columns", columns(before.getCols()), columns(after.getCols()));
        compare(differences, where, "location", before.getLocation(), after.getLocation());
        compare(differences, where, "input format", before.getInputFormat(), after.getInputFormat());
        compare(differences, where, "output format", before.getOutputFormat(), after.getOutputFormat());
        compare(differences, where, "serde", before.getSerdeInfo() == null ? null : before.getSerdeInfo().getSerializationLib(),
                after.getSerdeInfo() == null ? null : after.getSerdeInfo().getSerializationLib());
    }

    private static List<String> columns(List<FieldSchema> columns) {
        List<String> out = new ArrayList<>();
        if (columns != null) {
            for (FieldSchema c : columns) {
                out.add(c.getName().toLowerCase(Locale.ROOT) + " "
                        + c.getType().replace(" ", "").toLowerCase(Locale.ROOT)
                        + (c.getComment() == null || c.getComment().isEmpty() ? "" : " '" + c.getComment() + "'"));
            }
        }
        return out;
    }

    private static Map<String, String> parameters(Map<String, String> parameters) {
        Map<String, String> out = new java.util.TreeMap<>(parameters == null ? Map.of() : parameters);
        VOLATILE.forEach(out::remove);
        return out;
    }

    private static void compare(List<String> differences, String where, String what, Object legacy, Object copy) {
        Object a = legacy instanceof String s && s.isEmpty() ? null : legacy;
        Object b = copy instanceof String s && s.isEmpty() ? null : copy;
        if (!Objects.equals(a, b)) {
            differences.add(where + ": " + what + " " + a + " (legacy) vs " + b + " (catalog)");
        }
    }

    private static void sets(List<String> differences, String where, String what, TreeSet<String> legacy,
            TreeSet<String> copy) {
        TreeSet<String> onlyLegacy = new TreeSet<>(legacy);
        onlyLegacy.removeAll(copy);
        TreeSet<String> onlyCopy = new TreeSet<>(copy);
        onlyCopy.removeAll(legacy);
        if (!onlyLegacy.isEmpty()) {
            differences.add(where + ": " + what + " only in the legacy metastore: " + abbreviated(onlyLegacy));
        }
        if (!onlyCopy.isEmpty()) {
            differences.add(where + ": " + what + " only in the catalog: " + abbreviated(onlyCopy));
        }
    }

    private static String abbreviated(TreeSet<String> names) {
        List<String> first = new ArrayList<>(names).subList(0, Math.min(10, names.size()));
        return String.join(", ", first) + (names.size() > 10 ? " … (" + names.size() + ")" : "");
    }
}
