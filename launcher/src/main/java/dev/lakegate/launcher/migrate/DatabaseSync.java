package dev.lakegate.launcher.migrate;

import dev.lakegate.hms.handler.tables.HiveRules;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.RequestPartsSpec;
import org.apache.hadoop.hive.metastore.api.ResourceUri;
import org.apache.hadoop.hive.metastore.api.SetPartitionsStatsRequest;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * Makes one database on the {@code to} side what it is on the {@code from} side, object by object —
 * the database, tables of every kind, partitions, table and partition column statistics, functions —
 * or, without {@code apply}, only says what differs. The same comparison is the copy, the catch-up of
 * a cutover, the carry-back of a rollback (catalog to legacy) and {@code verify}: an object is copied
 * exactly when verify would name it.
 *
 * <p>Compared as both sides answer HMS clients, normalised: what differs between any two metastores
 * and says nothing of the data (ids, catalog names, write ids, create and DDL times) is left out,
 * column types are compared in one spelling ({@code decimal(10, 2)} = {@code decimal(10,2)}), and
 * Lakegate's own database parameters ({@value #OWN_PREFIX}…: the route, the migration's place in the
 * notification log) are neither compared nor copied. Nothing is deleted from storage: a table or
 * partition only the {@code to} side has is dropped with its data kept.
 */
final class DatabaseSync {

    static final int BATCH = 1000;
    static final String OWN_PREFIX = "lakegate.";
    private static final String DDL_TIME = "transient_lastDdlTime";
    private static final List<String> QUICK_STATISTICS = List.of("numFiles", "totalSize", "numFilesErasureCoded");

    /** What one run found and did. */
    static final class Outcome {
        final List<String> differences = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        /** The tables a difference was found in (or that only one side has). */
        final Set<String> tablesDiffering = new TreeSet<>();
        /** Whether the database itself or its functions differ. */
        boolean databaseDiffers;
        int tablesCreated;
        int tablesChanged;
        int tablesDropped;
        long partitionsAdded;
        long partitionsChanged;
        long partitionsDropped;
        int statistics;
        int functions;

        String changes() {
            StringBuilder out = new StringBuilder();
            if (tablesChanged + partitionsChanged > 0) {
                out.append(String.format(Locale.ROOT, "; changed %d tables, %,d partitions", tablesChanged,
                        partitionsChanged));
            }
            if (tablesDropped + partitionsDropped > 0) {
                out.append(String.format(Locale.ROOT, "; dropped %d tables, %,d partitions (data kept)",
                        tablesDropped, partitionsDropped));
            }
            return out.toString();
        }
    }

    private final Metastore from;
    private final Metastore to;
    private final boolean apply;
    private final PrintWriter progress;

    private DatabaseSync(Metastore from, Metastore to, boolean apply, PrintWriter progress) {
        this.from = from;
        this.to = to;
        this.apply = apply;
        this.progress = progress;
    }

    /** Changes {@code to} until it matches {@code from}, printing progress of long partition copies. */
    static DatabaseSync applying(Metastore from, Metastore to, PrintWriter progress) {
        return new DatabaseSync(from, to, true, progress);
    }

    /** Only finds the differences. */
    static DatabaseSync comparing(Metastore from, Metastore to) {
        return new DatabaseSync(from, to, false, null);
    }

    /** All of the database. */
    Outcome run(String database) throws TException {
        return run(database, Optional.empty());
    }

    /** The database-level objects and, of its tables, only {@code tables} when given (a catch-up from the log). */
    Outcome run(String database, Optional<Set<String>> tables) throws TException {
        Outcome outcome = new Outcome();
        Database source = from.database(database);
        Database target;
        try {
            target = to.database(database);
        } catch (NoSuchObjectException missing) {
            outcome.differences.add(database + ": not in the " + to.label());
            return outcome;
        }
        database(outcome, source, target);
        outcome.databaseDiffers = !outcome.differences.isEmpty();

        TreeSet<String> sourceTables = new TreeSet<>(from.tables(database));
        TreeSet<String> targetTables = new TreeSet<>(to.tables(database));
        if (tables.isPresent()) {
            sourceTables.retainAll(tables.get());
            targetTables.retainAll(tables.get());
        }
        sets(outcome, database, "tables", sourceTables, targetTables);
        TreeSet<String> all = new TreeSet<>(sourceTables);
        all.addAll(targetTables);
        for (String name : all) {
            int found = outcome.differences.size();
            try {
                if (!sourceTables.contains(name)) {
                    if (apply) {
                        to.hms().drop_table(database, name, false);
                        outcome.tablesDropped++;
                    }
                } else {
                    table(outcome, database, name, targetTables.contains(name));
                }
            } catch (TException | RuntimeException e) {
                outcome.failures.add(database + "." + name + ": " + e.getClass().getSimpleName() + ": "
                        + e.getMessage());
            }
            if (outcome.differences.size() > found || !sourceTables.contains(name) || !targetTables.contains(name)) {
                outcome.tablesDiffering.add(name);
            }
        }
        int found = outcome.differences.size();
        functions(outcome, database);
        outcome.databaseDiffers |= outcome.differences.size() > found;
        return outcome;
    }

    private void database(Outcome outcome, Database source, Database target) throws TException {
        List<String> before = new ArrayList<>();
        String where = source.getName();
        compare(before, where, "location", source.getLocationUri(), target.getLocationUri());
        compare(before, where, "description", source.getDescription(), target.getDescription());
        compare(before, where, "owner", source.getOwnerName(), target.getOwnerName());
        compare(before, where, "parameters", parameters(source.getParameters()), parameters(target.getParameters()));
        outcome.differences.addAll(before);
        if (apply && !before.isEmpty()) {
            Database next = source.deepCopy();
            Map<String, String> merged = new HashMap<>(parameters(source.getParameters()));
            if (target.getParameters() != null) {
                target.getParameters().forEach((k, v) -> {
                    if (k.startsWith(OWN_PREFIX)) {
                        merged.put(k, v); // the route and the migration state stay as this side has them
                    }
                });
            }
            next.setParameters(merged);
            to.hms().alter_database(source.getName(), next);
        }
    }

    private void table(Outcome outcome, String database, String name, boolean present) throws TException {
        String where = database + "." + name;
        Table source = from.table(database, name);
        Table target = null;
        if (present) {
            target = to.table(database, name);
            List<String> differences = new ArrayList<>();
            compareTables(differences, where, source, target);
            outcome.differences.addAll(differences);
            if (apply && !differences.isEmpty()) {
                boolean reshaped = !Objects.equals(source.getTableType(), target.getTableType())
                        || !columns(source.getPartitionKeys()).equals(columns(target.getPartitionKeys()));
                if (reshaped) {
                    // A table dropped and made again with another shape: no alter turns one into the other.
                    to.hms().drop_table(database, name, false);
                    target = null;
                } else {
                    to.hms().alter_table_with_environment_context(database, name, source.deepCopy(), asItIs());
                    outcome.tablesChanged++;
                }
            }
        }
        if (target == null && apply) {
            to.hms().create_table_with_environment_context(source.deepCopy(), asItIs());
            outcome.tablesCreated++;
        }
        if (target == null && !apply) {
            return; // named as missing already; its partitions and statistics go with it
        }
        tableStatistics(outcome, where, source, target);
        if (source.getPartitionKeysSize() > 0) {
            partitions(outcome, database, name, source, target);
        }
    }

    private void tableStatistics(Outcome outcome, String where, Table source, Table target) throws TException {
        ColumnStatistics wanted = from.tableStatistics(source);
        ColumnStatistics held = target == null ? null : to.tableStatistics(target);
        if (sameStatistics(wanted, held)) {
            return;
        }
        outcome.differences.add(where + ": column statistics " + describe(wanted) + " (" + from.label() + ") vs "
                + describe(held) + " (" + to.label() + ")");
        if (apply) {
            if (wanted != null) {
                to.hms().update_table_column_statistics(wanted);
            } else {
                to.hms().delete_table_column_statistics(source.getDbName(), source.getTableName(), null,
                        Metastore.ENGINE);
            }
            outcome.statistics++;
        }
    }

    private void partitions(Outcome outcome, String database, String name, Table source, Table target)
            throws TException {
        String where = database + "." + name;
        List<String> names = from.partitionNames(database, name);
        Set<String> present = new HashSet<>(target == null ? List.of() : to.partitionNames(database, name));
        TreeSet<String> onlySource = new TreeSet<>(names);
        onlySource.removeAll(present);
        TreeSet<String> onlyTarget = new TreeSet<>(present);
        names.forEach(onlyTarget::remove);
        sets(outcome, where, "partitions", onlySource, onlyTarget);
        if (apply && !onlyTarget.isEmpty()) {
            List<String> drop = new ArrayList<>(onlyTarget);
            for (int i = 0; i < drop.size(); i += BATCH) {
                DropPartitionsRequest request = new DropPartitionsRequest(database, name,
                        RequestPartsSpec.names(new ArrayList<>(drop.subList(i, Math.min(drop.size(), i + BATCH)))));
                request.setDeleteData(false);
                request.setIfExists(true);
                request.setNeedResult(false);
                to.hms().drop_partitions_req(request);
            }
            outcome.partitionsDropped += drop.size();
        }
        Progress bar = new Progress(where, onlySource.size());
        for (int i = 0; i < names.size(); i += BATCH) {
            List<String> batch = names.subList(i, Math.min(names.size(), i + BATCH));
            List<String> common = new ArrayList<>();
            for (String partition : batch) {
                if (present.contains(partition)) {
                    common.add(partition);
                }
            }
            Map<List<String>, Partition> held = new HashMap<>();
            if (!common.isEmpty()) {
                for (Partition p : to.partitions(database, name, common)) {
                    held.put(p.getValues(), p);
                }
            }
            List<Partition> missing = new ArrayList<>();
            List<Partition> changed = new ArrayList<>();
            for (Partition p : from.partitions(database, name, batch)) {
                Partition copy = held.get(p.getValues());
                if (copy == null) {
                    missing.add(p);
                    continue;
                }
                List<String> differences = new ArrayList<>();
                String partition = where + " " + p.getValues();
                compare(differences, partition, "location", p.getSd().getLocation(), copy.getSd().getLocation());
                compareParameters(differences, partition, p.getParameters(), copy.getParameters());
                outcome.differences.addAll(differences);
                if (!differences.isEmpty()) {
                    changed.add(p);
                }
            }
            if (apply) {
                to.addPartitions(database, name, missing);
                if (!changed.isEmpty()) {
                    to.hms().alter_partitions_with_environment_context(database, name, changed, asItIs());
                }
                outcome.partitionsAdded += missing.size();
                outcome.partitionsChanged += changed.size();
                bar.advance(missing.size());
            }
            partitionStatistics(outcome, where, source, target, batch, common);
        }
        bar.end();
    }

    private void partitionStatistics(Outcome outcome, String where, Table source, Table target, List<String> batch,
            List<String> common) throws TException {
        Map<String, ColumnStatistics> wanted = from.partitionStatistics(source, batch);
        Map<String, ColumnStatistics> held = target == null || common.isEmpty() ? Map.of()
                : to.partitionStatistics(target, common);
        Set<String> commonNames = new HashSet<>(common);
        List<ColumnStatistics> write = new ArrayList<>();
        for (String partition : batch) {
            ColumnStatistics a = wanted.get(partition);
            ColumnStatistics b = held.get(partition);
            if (sameStatistics(a, b)) {
                continue;
            }
            if (commonNames.contains(partition)) {
                // A partition missing altogether is named once, above, not again for its statistics.
                outcome.differences.add(where + " " + partition + ": column statistics " + describe(a) + " ("
                        + from.label() + ") vs " + describe(b) + " (" + to.label() + ")");
            }
            if (apply) {
                if (a != null) {
                    write.add(a);
                } else {
                    to.hms().delete_partition_column_statistics(source.getDbName(), source.getTableName(), partition,
                            null, Metastore.ENGINE);
                    outcome.statistics++;
                }
            }
        }
        if (!write.isEmpty()) {
            SetPartitionsStatsRequest request = new SetPartitionsStatsRequest(write);
            request.setEngine(Metastore.ENGINE);
            to.hms().set_aggr_stats_for(request);
            outcome.statistics += write.size();
        }
    }

    private void functions(Outcome outcome, String database) throws TException {
        Map<String, Function> source = byName(from.functions(database));
        Map<String, Function> target = byName(to.functions(database));
        TreeSet<String> sourceLines = new TreeSet<>();
        source.values().forEach(f -> sourceLines.add(describe(f)));
        TreeSet<String> targetLines = new TreeSet<>();
        target.values().forEach(f -> targetLines.add(describe(f)));
        sets(outcome, database, "functions", sourceLines, targetLines);
        if (!apply) {
            return;
        }
        for (Function f : source.values()) {
            Function held = target.get(f.getFunctionName());
            if (held == null) {
                to.hms().create_function(f.deepCopy());
                outcome.functions++;
            } else if (!describe(f).equals(describe(held))) {
                to.hms().alter_function(database, f.getFunctionName(), f.deepCopy());
                outcome.functions++;
            }
        }
        for (String name : target.keySet()) {
            if (!source.containsKey(name)) {
                to.hms().drop_function(database, name);
                outcome.functions++;
            }
        }
    }

    private static Map<String, Function> byName(List<Function> functions) {
        Map<String, Function> out = new TreeMap<>();
        for (Function f : functions) {
            out.put(f.getFunctionName().toLowerCase(Locale.ROOT), f);
        }
        return out;
    }

    private static String describe(Function f) {
        List<String> resources = new ArrayList<>();
        if (f.getResourceUris() != null) {
            for (ResourceUri uri : f.getResourceUris()) {
                resources.add(uri.getResourceType() + ":" + uri.getUri());
            }
        }
        return f.getFunctionName().toLowerCase(Locale.ROOT) + " " + f.getClassName()
                + (resources.isEmpty() ? "" : " " + resources);
    }

    private void compareTables(List<String> differences, String where, Table source, Table target) {
        compare(differences, where, "table type", source.getTableType(), target.getTableType());
        compare(differences, where, "owner", source.getOwner(), target.getOwner());
        compare(differences, where, "partition keys", columns(source.getPartitionKeys()),
                columns(target.getPartitionKeys()));
        storage(differences, where, source.getSd(), target.getSd());
        compareParameters(differences, where, source.getParameters(), target.getParameters());
        compare(differences, where, "view text", source.getViewOriginalText(), target.getViewOriginalText());
    }

    private void storage(List<String> differences, String where, StorageDescriptor source, StorageDescriptor target) {
        compare(differences, where, "columns", columns(source.getCols()), columns(target.getCols()));
        compare(differences, where, "location", source.getLocation(), target.getLocation());
        compare(differences, where, "input format", source.getInputFormat(), target.getInputFormat());
        compare(differences, where, "output format", source.getOutputFormat(), target.getOutputFormat());
        compare(differences, where, "serde", source.getSerdeInfo() == null ? null
                : source.getSerdeInfo().getSerializationLib(),
                target.getSerdeInfo() == null ? null : target.getSerdeInfo().getSerializationLib());
    }

    private static List<String> columns(List<FieldSchema> columns) {
        List<String> out = new ArrayList<>();
        if (columns != null) {
            for (FieldSchema c : columns) {
                out.add(c.getName().toLowerCase(Locale.ROOT) + " " + type(c.getType())
                        + (c.getComment() == null || c.getComment().isEmpty() ? "" : " '" + c.getComment() + "'"));
            }
        }
        return out;
    }

    private static String type(String type) {
        return type == null ? null : type.replace(" ", "").toLowerCase(Locale.ROOT);
    }

    /**
     * Table and partition parameters, but for the quick statistics a metastore counts from the files
     * itself when an object is added to it (HMS 3.1 does for a partition whose directory exists, with
     * no way to tell it not to): those are compared only where both sides have them.
     */
    private void compareParameters(List<String> differences, String where, Map<String, String> source,
            Map<String, String> target) {
        Map<String, String> a = parameters(source);
        Map<String, String> b = parameters(target);
        for (String quick : QUICK_STATISTICS) {
            if (a.containsKey(quick) != b.containsKey(quick)) {
                a.remove(quick);
                b.remove(quick);
            }
        }
        compare(differences, where, "parameters", a, b);
    }

    private static Map<String, String> parameters(Map<String, String> parameters) {
        Map<String, String> out = new TreeMap<>();
        if (parameters != null) {
            parameters.forEach((k, v) -> {
                if (!k.startsWith(OWN_PREFIX) && !k.equals(DDL_TIME)) {
                    out.put(k, v);
                }
            });
        }
        return out;
    }

    /** Statistics as both sides report them: the same columns with the same figures, in any order. */
    private static boolean sameStatistics(ColumnStatistics a, ColumnStatistics b) {
        return normalized(a).equals(normalized(b));
    }

    private static Map<String, Object> normalized(ColumnStatistics statistics) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (statistics == null || statistics.getStatsObj() == null) {
            return out;
        }
        List<ColumnStatisticsObj> objects = new ArrayList<>(statistics.getStatsObj());
        objects.sort(Comparator.comparing(o -> o.getColName().toLowerCase(Locale.ROOT)));
        for (ColumnStatisticsObj o : objects) {
            out.put(o.getColName().toLowerCase(Locale.ROOT) + " " + type(o.getColType()), o.getStatsData());
        }
        return out;
    }

    private static String describe(ColumnStatistics statistics) {
        return statistics == null ? "none" : normalized(statistics).keySet().toString();
    }

    /** Written as the other side has it: no statistics recomputed, no HMS 4 translation, its own times. */
    private static EnvironmentContext asItIs() {
        return new EnvironmentContext(new HashMap<>(Map.of("DO_NOT_UPDATE_STATS", "true",
                HiveRules.MIGRATION_COPY, "true")));
    }

    private void compare(List<String> differences, String where, String what, Object source, Object target) {
        Object a = source instanceof String s && s.isEmpty() ? null : source;
        Object b = target instanceof String s && s.isEmpty() ? null : target;
        if (!Objects.equals(a, b)) {
            differences.add(where + ": " + what + " " + a + " (" + from.label() + ") vs " + b + " (" + to.label()
                    + ")");
        }
    }

    private void sets(Outcome outcome, String where, String what, TreeSet<String> source, TreeSet<String> target) {
        TreeSet<String> onlySource = new TreeSet<>(source);
        onlySource.removeAll(target);
        TreeSet<String> onlyTarget = new TreeSet<>(target);
        onlyTarget.removeAll(source);
        if (!onlySource.isEmpty()) {
            outcome.differences.add(where + ": " + what + " only in the " + from.label() + ": " + abbreviated(onlySource));
        }
        if (!onlyTarget.isEmpty()) {
            outcome.differences.add(where + ": " + what + " only in the " + to.label() + ": " + abbreviated(onlyTarget));
        }
    }

    private static String abbreviated(TreeSet<String> names) {
        List<String> first = new ArrayList<>(names).subList(0, Math.min(10, names.size()));
        return String.join(", ", first) + (names.size() > 10 ? " … (" + names.size() + ")" : "");
    }

    /** The progress line of a long partition copy: a bar, the rate and the time left. */
    private final class Progress {
        private final String where;
        private final long total;
        private final long start = System.nanoTime();
        private long done;

        Progress(String where, long total) {
            this.where = where;
            this.total = total;
        }

        void advance(long count) {
            if (progress == null || count == 0) {
                return;
            }
            done += count;
            double rate = done / Math.max(1e-3, (System.nanoTime() - start) / 1e9);
            int width = 20;
            int filled = (int) (width * done / Math.max(1, total));
            progress.printf(Locale.ROOT, "\r%s: [%s%s] %,d/%,d partitions, %,.0f/s, %.0f s left", where,
                    "#".repeat(filled), " ".repeat(width - filled), done, total, rate, (total - done) / rate);
            progress.flush();
        }

        void end() {
            if (progress != null && done > 0) {
                progress.println();
            }
        }
    }
}
