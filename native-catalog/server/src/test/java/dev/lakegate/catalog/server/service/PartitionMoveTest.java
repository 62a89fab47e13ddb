package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ColumnStatistics;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Namespace;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.store.ScratchStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Partitions moved between two tables on a real store: all move (statistics dropped, events on both
 * tables), or a failure found after the source rows were read (the destination holds the last one,
 * the last one is missing from the source) leaves both tables, statistics and events as they were.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PartitionMoveTest {

    private static final int PARTITIONS = 30;

    private ScratchStore store;
    private CatalogService catalog;
    private final RequestContext context = RequestContext.of("tester");

    abstract ScratchStore openStore();

    @BeforeAll
    void start() {
        store = openStore();
        catalog = new CatalogService(store.store());
    }

    @AfterAll
    void stop() {
        store.close();
    }

    @Test
    void everyPartitionMovesWithItsNewLocationAndTheEventsOfBothTables() {
        String namespace = namespace();
        Table source = tableWithPartitions(namespace, "src", PARTITIONS);
        Table destination = tableWithPartitions(namespace(), "dst", 0);
        catalog.updateColumnStatistics(
                new StatisticsTarget(source.identifier(), values(3), ""), StatisticsContract.everyKind(), context);
        long lastEvent = catalog.lastEventId();

        List<Partition> moved = catalog.movePartitions(
                source.identifier(), destination.identifier(), moves(0, PARTITIONS - 1), context);

        assertThat(moved).hasSize(PARTITIONS - 1);
        assertThat(count(source)).isEqualTo(1);
        assertThat(count(destination)).isEqualTo(PARTITIONS - 1);
        Partition third = catalog.getPartition(destination.identifier(), values(3));
        assertThat(third.location()).isEqualTo(location(3));
        assertThat(third.parameters()).containsEntry("numFiles", "1");
        assertCatalogError(ErrorCode.PARTITION_NOT_FOUND, () -> catalog.getPartition(source.identifier(), values(3)));
        // HMS drops a moved partition's statistics with it and the new one has none.
        assertThat(catalog.getColumnStatistics(
                        new StatisticsTarget(destination.identifier(), values(3), ""), List.of()))
                .isEmpty();
        List<Event> events = CatalogFixtures.eventsAfter(catalog, lastEvent);
        assertThat(events).hasSize(PARTITIONS);
        assertThat(events.get(0).type()).isEqualTo(EventType.PARTITIONS_ADDED);
        assertThat(events.get(0).table()).isEqualTo(destination.name());
        assertThat(((EventChange.PartitionsChange) events.get(0).change()).after())
                .hasSize(PARTITIONS - 1);
        // One deletion per partition, as HMS logs one DROP_PARTITION each.
        for (int i = 1; i < PARTITIONS; i++) {
            assertThat(events.get(i).type()).isEqualTo(EventType.PARTITIONS_DELETED);
            assertThat(events.get(i).namespace()).isEqualTo(namespace);
            assertThat(((EventChange.PartitionsChange) events.get(i).change()).before())
                    .extracting(Partition::values)
                    .containsExactly(values(i - 1));
        }
    }

    @Test
    void aPartitionTheDestinationHoldsChangesNeitherTable() {
        Table source = tableWithPartitions(namespace(), "src", PARTITIONS);
        Table destination = tableWithPartitions(namespace(), "dst", 0);
        catalog.addPartitions(
                destination.identifier(), List.of(CatalogFixtures.partition(ds(PARTITIONS - 1), 1)), false, context);
        assertUnchangedAfter(
                source, destination, moves(0, PARTITIONS), ErrorCode.PARTITION_ALREADY_EXISTS, PARTITIONS, 1);
    }

    @Test
    void aPartitionMissingFromTheSourceChangesNeitherTable() {
        Table source = tableWithPartitions(namespace(), "src", PARTITIONS);
        Table destination = tableWithPartitions(namespace(), "dst", 0);
        assertUnchangedAfter(
                source, destination, moves(0, PARTITIONS + 1), ErrorCode.PARTITION_NOT_FOUND, PARTITIONS, 0);
    }

    @Test
    void tablesWithOtherPartitionKeysAreRefused() {
        String namespace = namespace();
        Table source = tableWithPartitions(namespace, "src", 2);
        catalog.createTable(CatalogFixtures.icebergTable(namespace, "lake"), context);
        assertCatalogError(
                ErrorCode.NOT_PARTITIONED,
                () -> catalog.movePartitions(
                        source.identifier(),
                        TableIdentifier.inDefaultCatalog(namespace, "lake"),
                        moves(0, 1),
                        context));
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog.movePartitions(
                        source.identifier(),
                        TableIdentifier.inDefaultCatalog(namespace, "ghost"),
                        moves(0, 1),
                        context));
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> catalog.movePartitions(source.identifier(), source.identifier(), moves(0, 1), context));
        assertThat(count(source)).isEqualTo(2);
    }

    private void assertUnchangedAfter(
            Table source, Table destination, List<PartitionMove> moves, ErrorCode expected, int inSource, int inDest) {
        List<Partition> before = listAll(source);
        catalog.updateColumnStatistics(
                new StatisticsTarget(source.identifier(), values(0), ""), StatisticsContract.everyKind(), context);
        long lastEvent = catalog.lastEventId();
        assertCatalogError(
                expected, () -> catalog.movePartitions(source.identifier(), destination.identifier(), moves, context));
        assertThat(listAll(source)).isEqualTo(before).hasSize(inSource);
        assertThat(count(destination)).isEqualTo(inDest);
        assertThat(catalog.getColumnStatistics(new StatisticsTarget(source.identifier(), values(0), ""), List.of()))
                .extracting(ColumnStatistics::column)
                .isNotEmpty();
        assertThat(CatalogFixtures.eventsAfter(catalog, lastEvent)).isEmpty();
    }

    private List<Partition> listAll(Table table) {
        return catalog.listPartitions(table.identifier(), Optional.empty(), List.of(), PageRequest.first(10_000), false)
                .items();
    }

    private long count(Table table) {
        return catalog.countPartitions(table.identifier(), Optional.empty());
    }

    private static List<PartitionMove> moves(int from, int to) {
        List<PartitionMove> moves = new ArrayList<>();
        for (int i = from; i < to; i++) {
            moves.add(new PartitionMove(values(i), location(i)));
        }
        return moves;
    }

    private static String location(int i) {
        return "file:/warehouse/moved/ds=" + ds(i) + "/hr=1";
    }

    private static String ds(int i) {
        return String.format("2024-%05d", i);
    }

    private static List<String> values(int i) {
        return List.of(ds(i), "1");
    }

    private String namespace() {
        String namespace = CatalogFixtures.unique("mv");
        catalog.createNamespace(Namespace.of(namespace), context);
        return namespace;
    }

    private Table tableWithPartitions(String namespace, String name, int count) {
        Table table = catalog.createTable(CatalogFixtures.hiveTable(namespace, name), context);
        List<Partition> partitions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            partitions.add(CatalogFixtures.partition(ds(i), 1));
        }
        if (count > 0) {
            catalog.addPartitions(table.identifier(), partitions, false, context);
        }
        return catalog.getTable(table.identifier(), TableView.BASIC);
    }
}
