package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.DataType;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Field;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionRewrite;
import dev.lakegate.catalog.server.model.PrimitiveKind;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A commit that rewrites all of a table's partitions (PartitionRewrite), on a real store: the table's
 * change and every partition's change commit together, a page at a time inside one transaction, and a
 * failure after some pages were written leaves the table and all partitions as they were.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PartitionRewriteTest {

    /** More than two of the rewriter's pages (1,000), so that paging is crossed. */
    private static final int PARTITIONS = 2_500;

    private static final List<Field> NEW_COLUMNS = List.of(
            Field.optional(1, "id", DataType.primitive(PrimitiveKind.INT64)),
            Field.optional(2, "note", DataType.primitive(PrimitiveKind.STRING)));

    private JdbcCatalogStore store;
    private CatalogService catalog;
    private final RequestContext context = RequestContext.of("tester");

    /** The store under test, on a database of its own. */
    abstract JdbcCatalogStore openStore();

    /** A connection of another writer to the same database. */
    abstract Connection connect() throws SQLException;

    /**
     * Makes the catalog's statement that waits on the lock {@code holder} holds fail, as the database
     * fails a statement (cancelled, or out of lock-wait time); returns when it has.
     */
    abstract void failTheWaitingWriter(CompletableFuture<?> commit) throws Exception;

    abstract void dropDatabase();

    @BeforeAll
    void start() {
        store = openStore();
        catalog = new CatalogService(store);
    }

    @AfterAll
    void stop() {
        store.close();
        dropDatabase();
    }

    @Test
    void renameWithMovedLocationsNewColumnsAndParametersChangesTheTableAndEveryPartitionAtOnce() {
        Table table = tableWithPartitions(PARTITIONS);
        long lastEvent = catalog.lastEventId();
        TableIdentifier renamed = TableIdentifier.inDefaultCatalog(table.namespace(), "renamed");
        String newLocation = "file:/warehouse/" + table.namespace() + ".db/renamed";
        Table committed = catalog.commitTable(
                new TableCommit(
                        table.identifier(),
                        List.of(new TableRequirement.AssertVersion(table.version())),
                        List.of(new TableUpdate.Rename(renamed), new TableUpdate.SetLocation(newLocation)),
                        Optional.of(new PartitionRewrite(
                                Optional.of(new PartitionRewrite.LocationPrefix(table.location(), newLocation)),
                                Optional.of(NEW_COLUMNS),
                                List.of("dropped"),
                                Map.of("numFiles", "0", "absent", "0"),
                                Map.of("accurate", "true")))),
                context);

        assertThat(committed.identifier()).isEqualTo(renamed);
        assertThat(committed.version()).isEqualTo(table.version() + 1);
        List<Partition> partitions = all(renamed);
        assertThat(partitions).hasSize(PARTITIONS);
        for (Partition partition : partitions) {
            String name = "ds=" + partition.values().get(0) + "/hr="
                    + partition.values().get(1);
            if (partition.values().get(1).equals("0")) {
                assertThat(partition.location()).isEqualTo("file:/elsewhere/" + name);
            } else {
                assertThat(partition.location()).isEqualTo(newLocation + "/" + name);
            }
            assertThat(partition.columns()).isEqualTo(NEW_COLUMNS);
            assertThat(partition.parameters()).isEqualTo(Map.of("numFiles", "0", "accurate", "true"));
        }
        List<Event> events = eventsAfter(lastEvent);
        assertThat(events).hasSize(1 + PARTITIONS);
        assertThat(events.get(0).type()).isEqualTo(EventType.TABLE_COMMITTED);
        for (Event event : events.subList(1, events.size())) {
            assertThat(event.type()).isEqualTo(EventType.PARTITIONS_UPDATED);
            assertThat(event.table()).isEqualTo("renamed");
            EventChange.PartitionsChange change = (EventChange.PartitionsChange) event.change();
            assertThat(change.table().identifier()).isEqualTo(renamed);
            assertThat(change.before()).hasSize(1);
            assertThat(change.after()).hasSize(1);
            assertThat(change.before().get(0).parameters()).containsKey("dropped");
            assertThat(change.after().get(0).columns()).isEqualTo(NEW_COLUMNS);
        }
    }

    @Test
    void aRewriteAloneKeepsTheTableVersionAndWritesOnlyWhatChanges() {
        Table table = tableWithPartitions(1_200);
        long lastEvent = catalog.lastEventId();
        TableCommit truncate = new TableCommit(
                table.identifier(),
                List.of(new TableRequirement.AssertVersion(table.version())),
                List.of(),
                Optional.of(new PartitionRewrite(
                        Optional.empty(),
                        Optional.empty(),
                        List.of(),
                        Map.of("numFiles", "0"),
                        Map.of("accurate", "true"))));
        Table after = catalog.commitTable(truncate, context);
        assertThat(after.version()).isEqualTo(table.version());
        assertThat(catalog.getTable(table.identifier(), TableView.BASIC).version())
                .isEqualTo(table.version());
        assertThat(all(table.identifier()))
                .allSatisfy(partition -> assertThat(partition.parameters())
                        .isEqualTo(Map.of("numFiles", "0", "dropped", "x", "accurate", "true")));
        assertThat(eventsAfter(lastEvent))
                .hasSize(1_200)
                .allSatisfy(event -> assertThat(event.type()).isEqualTo(EventType.PARTITIONS_UPDATED));

        long afterFirst = catalog.lastEventId();
        catalog.commitTable(truncate, context);
        assertThat(eventsAfter(afterFirst)).isEmpty();
    }

    @Test
    void aFailedRequirementChangesNothing() {
        Table table = tableWithPartitions(50);
        List<Partition> before = all(table.identifier());
        long lastEvent = catalog.lastEventId();
        assertCatalogError(
                ErrorCode.REQUIREMENT_FAILED,
                () -> catalog.commitTable(
                        new TableCommit(
                                table.identifier(),
                                List.of(new TableRequirement.AssertVersion(table.version() + 7)),
                                List.of(new TableUpdate.SetProperties(Map.of("k", "v"))),
                                Optional.of(setParameter("k", "v"))),
                        context));
        assertThat(all(table.identifier())).isEqualTo(before);
        assertThat(eventsAfter(lastEvent)).isEmpty();
    }

    @Test
    void aRewriteThatFailsAfterTheTableSwappedUndoesTheTableChange() {
        String namespace = newNamespace();
        Table plain = catalog.createTable(CatalogFixtures.unpartitionedHiveTable(namespace, "plain"), context);
        long lastEvent = catalog.lastEventId();
        assertCatalogError(
                ErrorCode.NOT_PARTITIONED,
                () -> catalog.commitTable(
                        new TableCommit(
                                plain.identifier(),
                                List.of(),
                                List.of(new TableUpdate.Rename(TableIdentifier.inDefaultCatalog(namespace, "moved"))),
                                Optional.of(setParameter("k", "v"))),
                        context));
        assertThat(catalog.getTable(plain.identifier(), TableView.BASIC).version())
                .isEqualTo(plain.version());
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog.getTable(TableIdentifier.inDefaultCatalog(namespace, "moved"), TableView.BASIC));
        assertThat(eventsAfter(lastEvent)).isEmpty();
    }

    /**
     * Another writer holds the last partition's row: the rewrite writes two pages, then waits on it, and the
     * database fails its statement. The rename and the pages written roll back with it.
     */
    @Test
    void aStoreFailureAfterSomePagesLeavesTheTableAndEveryPartitionAsTheyWere() throws Exception {
        Table table = tableWithPartitions(PARTITIONS);
        List<Partition> before = all(table.identifier());
        String lastName = "ds=" + before.get(before.size() - 1).values().get(0) + "/hr="
                + before.get(before.size() - 1).values().get(1);
        long lastEvent = catalog.lastEventId();
        TableIdentifier renamed = TableIdentifier.inDefaultCatalog(table.namespace(), "renamed");
        try (Connection other = connect()) {
            other.setAutoCommit(false);
            try (PreparedStatement lock =
                    other.prepareStatement("UPDATE partitions SET location = location WHERE part_name = ?")) {
                lock.setString(1, lastName);
                assertThat(lock.executeUpdate()).isEqualTo(1);
            }
            CompletableFuture<Table> commit = CompletableFuture.supplyAsync(() -> catalog.commitTable(
                    new TableCommit(
                            table.identifier(),
                            List.of(new TableRequirement.AssertVersion(table.version())),
                            List.of(new TableUpdate.Rename(renamed)),
                            Optional.of(setParameter("k", "v"))),
                    context));
            failTheWaitingWriter(commit);
            assertThatThrownBy(() -> commit.get(60, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOf(CatalogException.class);
            other.rollback();
        }
        assertThat(catalog.getTable(table.identifier(), TableView.BASIC).version())
                .isEqualTo(table.version());
        assertCatalogError(ErrorCode.TABLE_NOT_FOUND, () -> catalog.getTable(renamed, TableView.BASIC));
        assertThat(all(table.identifier())).isEqualTo(before);
        assertThat(eventsAfter(lastEvent)).isEmpty();
    }

    private static PartitionRewrite setParameter(String key, String value) {
        return new PartitionRewrite(Optional.empty(), Optional.empty(), List.of(), Map.of(), Map.of(key, value));
    }

    private String newNamespace() {
        String name = CatalogFixtures.unique("rw");
        catalog.createNamespace(Namespace.of(name), context);
        return name;
    }

    /** ds over days, hr 0..9; hr=0 lies outside the table's directory. */
    private Table tableWithPartitions(int count) {
        String namespace = newNamespace();
        Table table = catalog.createTable(CatalogFixtures.hiveTable(namespace, "t"), context);
        List<Partition> partitions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String ds = String.format("2024-%05d", i / 10);
            int hr = i % 10;
            String name = "ds=" + ds + "/hr=" + hr;
            Partition fixture = CatalogFixtures.partition(ds, hr);
            Map<String, String> parameters = new HashMap<>(Map.of("numFiles", "3", "dropped", "x"));
            partitions.add(new Partition(
                    fixture.values(),
                    hr == 0 ? "file:/elsewhere/" + name : table.location() + "/" + name,
                    parameters,
                    fixture.createTime(),
                    fixture.lastAccessTime(),
                    fixture.columns(),
                    fixture.storage()));
        }
        catalog.addPartitions(table.identifier(), partitions, false, context);
        return table;
    }

    private List<Partition> all(TableIdentifier table) {
        List<Partition> partitions = new ArrayList<>();
        String token = "";
        do {
            Page<Partition> page =
                    catalog.listPartitions(table, Optional.empty(), List.of(), new PageRequest(1_000, token), false);
            partitions.addAll(page.items());
            token = page.nextPageToken();
        } while (!token.isEmpty());
        return partitions;
    }

    private List<Event> eventsAfter(long id) {
        return CatalogFixtures.eventsAfter(catalog, id);
    }
}
