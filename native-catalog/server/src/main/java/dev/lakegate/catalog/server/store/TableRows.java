package dev.lakegate.catalog.server.store;

import com.google.common.collect.Lists;
import dev.lakegate.catalog.api.HiveTableIds;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

/** Table rows: the document without snapshots, beside the columns that find and swap it. */
final class TableRows {

    private static final String COLUMNS = "SELECT doc FROM tables ";
    private static final String BY_NAME = "WHERE catalog = ? AND namespace = ? AND name = ?";
    private static final String LISTED =
            "WHERE catalog = ? AND namespace = ? AND name > ? ORDER BY catalog, namespace, name LIMIT ?";
    private static final String LISTED_WITH_PREFIX = "WHERE catalog = ? AND namespace = ? AND name > ? AND name >= ? "
            + "AND name < ? ORDER BY catalog, namespace, name LIMIT ?";

    private final Jdbc jdbc;
    private final SnapshotRows snapshots;
    private final TableCache cache;
    private final LocalWrites localWrites;
    private final boolean committedReads;

    /** {@code committedReads}: this transaction writes nothing, so what it reads may be cached. */
    TableRows(Jdbc jdbc, SnapshotRows snapshots, TableCache cache, LocalWrites localWrites, boolean committedReads) {
        this.jdbc = jdbc;
        this.snapshots = snapshots;
        this.cache = cache;
        this.localWrites = localWrites;
        this.committedReads = committedReads;
    }

    Optional<Table> find(TableIdentifier identifier, boolean withSnapshots) {
        return findBasic(identifier).map(table -> withSnapshots ? withSnapshots(table) : table);
    }

    private Optional<Table> findBasic(TableIdentifier identifier) {
        if (!committedReads) {
            return jdbc.first(
                    COLUMNS + BY_NAME,
                    TableRows::read,
                    identifier.catalog(),
                    identifier.namespace(),
                    identifier.name());
        }
        OptionalLong quiet = localWrites.quiet();
        if (quiet.isPresent()) {
            Optional<Table> current = cache.findCurrent(identifier, quiet.getAsLong());
            if (current.isPresent()) {
                return current;
            }
        }
        Optional<Table> table = findCommitted(identifier);
        if (table.isPresent() && quiet.isPresent() && localWrites.unchangedSince(quiet.getAsLong())) {
            cache.rememberCurrent(identifier, table.get(), quiet.getAsLong());
        }
        return table;
    }

    private Optional<Table> findCommitted(TableIdentifier identifier) {
        Optional<Head> head = jdbc.first(
                "SELECT id, version FROM tables " + BY_NAME,
                row -> new Head(Jdbc.uuid(row, "id"), row.getLong("version")),
                identifier.catalog(),
                identifier.namespace(),
                identifier.name());
        if (head.isEmpty()) {
            return Optional.empty();
        }
        Optional<Table> cached = cache.find(head.get().id(), head.get().version());
        if (cached.isPresent()) {
            return cached;
        }
        // The version read above may have moved on since; then the table is read as it is now.
        Optional<Table> table = jdbc.first(
                        COLUMNS + "WHERE id = ? AND version = ?",
                        TableRows::read,
                        head.get().id(),
                        head.get().version())
                .or(() -> jdbc.first(
                        COLUMNS + BY_NAME,
                        TableRows::read,
                        identifier.catalog(),
                        identifier.namespace(),
                        identifier.name()));
        table.ifPresent(cache::remember);
        return table;
    }

    private record Head(UUID id, long version) {}

    /**
     * The tables HMS 4 clients know by that numeric id ({@link HiveTableIds}), without snapshots, their rows
     * locked until the transaction ends; more than one only where two UUIDs fold alike.
     */
    List<Table> findForUpdateByHiveId(long hiveId) {
        return jdbc.query(COLUMNS + "WHERE hive_id = ? ORDER BY id FOR UPDATE", TableRows::read, hiveId);
    }

    /**
     * The table with its snapshots, its row locked until the transaction ends: a commit reads under
     * the lock, so no other commit to the table can interleave between its read and its swap.
     */
    Optional<Table> findForUpdate(TableIdentifier identifier) {
        if (jdbc.dialect().takesSeveralStatements()) {
            // A database over the network (PostgreSQL): the snapshots come in the same query, one round trip
            // less, and a version already decoded is not decoded again.
            return jdbc.first(
                    "SELECT id, version, doc, (SELECT ARRAY_AGG(s.doc ORDER BY s.ordinal) FROM snapshots s "
                            + "WHERE s.table_id = tables.id) AS snapshot_docs FROM tables " + BY_NAME + " FOR UPDATE",
                    this::readWithSnapshots,
                    identifier.catalog(),
                    identifier.namespace(),
                    identifier.name());
        }
        return jdbc.first(
                        COLUMNS + BY_NAME + " FOR UPDATE",
                        TableRows::read,
                        identifier.catalog(),
                        identifier.namespace(),
                        identifier.name())
                .map(this::withSnapshots);
    }

    private Table readWithSnapshots(ResultSet row) throws SQLException {
        Optional<Table> cached = cache.find(Jdbc.uuid(row, "id"), row.getLong("version"));
        Table table = cached.isPresent() ? cached.get() : read(row);
        Array docs = row.getArray("snapshot_docs");
        if (docs == null) {
            return table.toBuilder().snapshots(List.of()).build();
        }
        try {
            return table.toBuilder()
                    .snapshots(SnapshotRows.decode(Arrays.asList((Object[]) docs.getArray())))
                    .build();
        } finally {
            docs.free();
        }
    }

    List<Table> find(String catalog, String namespace, List<String> names, boolean withSnapshots) {
        Map<String, Table> found = new HashMap<>();
        for (List<String> chunk : Lists.partition(List.copyOf(new LinkedHashSet<>(names)), Jdbc.IN_LIST_CHUNK)) {
            Jdbc.Fragment wanted = jdbc.dialect().wantedNames(chunk);
            List<Object> parameters = new ArrayList<>(wanted.parameters());
            parameters.add(catalog);
            parameters.add(namespace);
            for (Table table : jdbc.query(
                    "SELECT t.doc FROM " + wanted.sql()
                            + " JOIN tables t ON t.catalog = ? AND t.namespace = ? AND t.name = wanted.name",
                    TableRows::read,
                    parameters)) {
                found.put(table.name(), table);
            }
        }
        return names.stream()
                .filter(found::containsKey)
                .map(found::get)
                .map(table -> withSnapshots ? withSnapshots(table) : table)
                .toList();
    }

    /**
     * Ordered by catalog and namespace too, so that H2 reads the (catalog, namespace, name) index in order
     * (see PartitionRows.page).
     */
    PageRows<Table> list(String catalog, String namespace, String namePrefix, Optional<String> afterName, int limit) {
        // The names that start with a prefix are the range [prefix, pastPrefix) in code point order, which
        // H2 (Java's order, the same for these bounds) and PostgreSQL (COLLATE "C") keep: one index range.
        String where = namePrefix.isEmpty() ? LISTED : LISTED_WITH_PREFIX;
        Object[] parameters = namePrefix.isEmpty()
                ? new Object[] {catalog, namespace, afterName.orElse(""), limit}
                : new Object[] {catalog, namespace, afterName.orElse(""), namePrefix, pastPrefix(namePrefix), limit};
        if (!committedReads) {
            return jdbc.queryPage(
                    "SELECT doc, OCTET_LENGTH(doc) AS bytes FROM tables " + where,
                    TableRows::read,
                    TableRows::bytes,
                    List.of(parameters));
        }
        // Decoding documents was nine tenths of a listing's cost: heads first, documents only for
        // the tables whose current version is not decoded already.
        // The heads carry each document's size, so that the page stops before documents it cannot hold.
        PageRows<Listed> heads = jdbc.queryPage(
                "SELECT id, version, name, OCTET_LENGTH(doc) AS bytes FROM tables " + where,
                row -> new Listed(new Head(Jdbc.uuid(row, "id"), row.getLong("version")), row.getString("name")),
                TableRows::bytes,
                List.of(parameters));
        List<String> missing = new ArrayList<>();
        Map<String, Table> found = new HashMap<>();
        for (Listed listed : heads.rows()) {
            cache.find(listed.head().id(), listed.head().version())
                    .ifPresentOrElse(table -> found.put(listed.name(), table), () -> missing.add(listed.name()));
        }
        if (!missing.isEmpty()) {
            for (Table table : find(catalog, namespace, missing, false)) {
                cache.remember(table);
                found.put(table.name(), table);
            }
        }
        // A table dropped or renamed between the two reads is left out, as if listed a moment later.
        return new PageRows<>(
                heads.rows().stream()
                        .map(Listed::name)
                        .filter(found::containsKey)
                        .map(found::get)
                        .toList(),
                heads.cutBySize());
    }

    private record Listed(Head head, String name) {}

    /** The least text after every name that starts with the prefix: its last code point, plus one. */
    static String pastPrefix(String prefix) {
        int last = prefix.codePointBefore(prefix.length());
        return prefix.substring(0, prefix.length() - Character.charCount(last)) + Character.toString(last + 1);
    }

    /**
     * The name's and the id's unique indexes answer whether the table exists: no lookups before the insert (on
     * PostgreSQL two round trips), and a failed insert fails the whole transaction anyway.
     */
    void insert(Table table) {
        String doc = StoreJson.write(table.withoutSnapshots());
        try {
            jdbc.update(
                    "INSERT INTO tables (id, catalog, namespace, name, format, version, metadata_location, doc,"
                            + " hive_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    table.id(),
                    table.catalog(),
                    table.namespace(),
                    table.name(),
                    table.format(),
                    table.version(),
                    table.metadataLocation(),
                    doc,
                    HiveTableIds.of(table.id()));
        } catch (StoreSqlException e) {
            throw SqlDialect.isUniqueViolation(e.sqlException()) ? alreadyExists(table.identifier()) : e;
        }
        rememberAfterCommit(doc);
        snapshots.insert(table.id(), table.snapshots(), 0);
    }

    boolean swap(Table current, Table next) {
        if (!current.id().equals(next.id())) {
            throw new IllegalArgumentException("a swap keeps the table id: " + current.id() + " -> " + next.id());
        }
        boolean renamed = !current.identifier().equals(next.identifier());
        if (renamed
                && jdbc.exists(
                        "SELECT 1 FROM tables " + BY_NAME + " AND id <> ?",
                        next.catalog(),
                        next.namespace(),
                        next.name(),
                        next.id())) {
            throw alreadyExists(next.identifier());
        }
        String doc = StoreJson.write(next.withoutSnapshots());
        int updated;
        try {
            updated = jdbc.update(
                    "UPDATE tables SET catalog = ?, namespace = ?, name = ?, format = ?, version = ?, "
                            + "metadata_location = ?, doc = ? WHERE id = ? AND version = ?",
                    next.catalog(),
                    next.namespace(),
                    next.name(),
                    next.format(),
                    next.version(),
                    next.metadataLocation(),
                    doc,
                    next.id(),
                    current.version());
        } catch (StoreSqlException e) {
            throw renamed && SqlDialect.isUniqueViolation(e.sqlException()) ? alreadyExists(next.identifier()) : e;
        }
        if (updated != 1) {
            return false;
        }
        rememberAfterCommit(doc);
        snapshots.writeDifference(next.id(), current.snapshots(), next.snapshots());
        return true;
    }

    /** Its outcome is not read (the caller read the table): on PostgreSQL it goes with the next statement. */
    void delete(Table table) {
        jdbc.sendLater("DELETE FROM tables WHERE id = ?", table.id());
        snapshots.deleteAll(table.id());
    }

    int count(String catalog, String namespace) {
        return (int)
                jdbc.queryLong("SELECT COUNT(*) FROM tables WHERE catalog = ? AND namespace = ?", catalog, namespace);
    }

    /**
     * The document a write stored, decoded into the cache once the transaction commits: a table is read
     * again soon after it was written (the next commit's read, a drop's), and its version then finds it
     * there instead of fetching it once more. Decoded from what was stored, so it is what a read would get.
     */
    private void rememberAfterCommit(String doc) {
        jdbc.afterCommit(() -> cache.remember(StoreJson.read(doc, Table.class)));
    }

    private Table withSnapshots(Table table) {
        return table.toBuilder().snapshots(snapshots.load(table.id())).build();
    }

    /** OCTET_LENGTH: PostgreSQL reads a stored text's size without decompressing it. */
    private static long bytes(ResultSet row) throws SQLException {
        return row.getLong("bytes");
    }

    private static Table read(ResultSet row) throws SQLException {
        return StoreJson.read(row.getString("doc"), Table.class);
    }

    private static CatalogException alreadyExists(TableIdentifier identifier) {
        return new CatalogException(
                ErrorCode.TABLE_ALREADY_EXISTS,
                "table " + identifier + " already exists",
                Map.of(
                        "catalog",
                        identifier.catalog(),
                        "namespace",
                        identifier.namespace(),
                        "table",
                        identifier.name()));
    }
}
