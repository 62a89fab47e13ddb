package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.thrift.TException;

/**
 * Makes one database on the {@code to} side what it is on the {@code from} side, object by object —
 * the database, tables of every kind, partitions, table and partition column statistics, functions —
 * or, without {@code apply}, only says what differs. The same comparison is the copy, the catch-up of
 * a cutover, the carry-back of a rollback (catalog to legacy) and {@code verify}: an object is copied
 * exactly when verify would name it.
 *
 * <p>Compared as both sides answer HMS clients, {@link Normalized}; Lakegate's own database parameters
 * ({@value Normalized#OWN_PREFIX}…: the route, the migration's place in the notification log) are
 * neither compared nor copied. Nothing is deleted from storage: a table or partition only the {@code to}
 * side has is dropped with its data kept. A table that fails to copy is named among the failures and
 * the run goes on with the next.
 */
final class DatabaseSync {

    static final int BATCH = 1000;

    private final SyncSides sides;
    private final TableSync tables;
    private final FunctionSync functions;

    private DatabaseSync(SyncSides sides) {
        this.sides = sides;
        this.tables = new TableSync(sides);
        this.functions = new FunctionSync(sides);
    }

    /** Changes {@code to} until it matches {@code from}, reporting the progress of long partition copies. */
    static DatabaseSync applying(Metastore from, Metastore to, Consumer<MigrationEvent> report) {
        return new DatabaseSync(SyncSides.of(from, to, true, requireNonNull(report, "report is null")));
    }

    /** Only finds the differences. */
    static DatabaseSync comparing(Metastore from, Metastore to) {
        return new DatabaseSync(SyncSides.of(from, to, false, event -> {}));
    }

    /** All of the database. */
    SyncOutcome run(String database) throws TException {
        return run(database, Optional.empty());
    }

    /** The database-level objects and, of its tables, only {@code only} when given (a catch-up from the log). */
    SyncOutcome run(String database, Optional<Set<String>> only) throws TException {
        SyncOutcome outcome = new SyncOutcome();
        Database source = sides.from().database(database);
        Database target;
        try {
            target = sides.to().database(database);
        } catch (NoSuchObjectException missing) {
            outcome.differences.add(database + ": not in the " + sides.to().label());
            return outcome;
        }
        database(outcome, source, target);
        outcome.databaseDiffers = !outcome.differences.isEmpty();

        TreeSet<String> sourceTables = new TreeSet<>(sides.from().tables(database));
        TreeSet<String> targetTables = new TreeSet<>(sides.to().tables(database));
        if (only.isPresent()) {
            sourceTables.retainAll(only.get());
            targetTables.retainAll(only.get());
        }
        sides.differ().sets(outcome.differences, database, "tables", sourceTables, targetTables);
        TreeSet<String> all = new TreeSet<>(sourceTables);
        all.addAll(targetTables);
        for (String name : all) {
            int found = outcome.differences.size();
            try {
                if (!sourceTables.contains(name)) {
                    if (sides.apply()) {
                        sides.to().hms().drop_table(database, name, false);
                        outcome.tablesDropped++;
                    }
                } else {
                    tables.run(outcome, database, name, targetTables.contains(name));
                }
            } catch (TException | RuntimeException e) {
                outcome.failures.add(
                        database + "." + name + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            if (outcome.differences.size() > found || !sourceTables.contains(name) || !targetTables.contains(name)) {
                outcome.tablesDiffering.add(name);
            }
        }
        int found = outcome.differences.size();
        functions.run(outcome, database);
        outcome.databaseDiffers |= outcome.differences.size() > found;
        return outcome;
    }

    private void database(SyncOutcome outcome, Database source, Database target) throws TException {
        List<String> before = new ArrayList<>();
        String where = source.getName();
        Differ differ = sides.differ();
        differ.compare(before, where, "location", source.getLocationUri(), target.getLocationUri());
        differ.compare(before, where, "description", source.getDescription(), target.getDescription());
        differ.compare(before, where, "owner", source.getOwnerName(), target.getOwnerName());
        differ.compare(
                before,
                where,
                "parameters",
                Normalized.parameters(source.getParameters()),
                Normalized.parameters(target.getParameters()));
        outcome.differences.addAll(before);
        if (sides.apply() && !before.isEmpty()) {
            Database next = source.deepCopy();
            Map<String, String> merged = new HashMap<>(Normalized.parameters(source.getParameters()));
            if (target.getParameters() != null) {
                target.getParameters().forEach((k, v) -> {
                    if (k.startsWith(Normalized.OWN_PREFIX)) {
                        merged.put(k, v); // the route and the migration state stay as this side has them
                    }
                });
            }
            next.setParameters(merged);
            sides.to().hms().alter_database(source.getName(), next);
        }
    }
}
