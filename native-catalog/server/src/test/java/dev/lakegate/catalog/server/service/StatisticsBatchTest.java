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
import dev.lakegate.catalog.server.model.StatisticsBatch;
import dev.lakegate.catalog.server.model.StatisticsBatchDelete;
import dev.lakegate.catalog.server.model.StatisticsTarget;
import dev.lakegate.catalog.server.model.StatisticsWrite;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.store.ScratchStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Statistics of many partitions written or deleted in one call, on a real store: all targets change
 * with their parameters, or a failure on the last target (after the others were written in the same
 * transaction) leaves every statistic, parameter and event as it was.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class StatisticsBatchTest {

    private static final int PARTITIONS = 40;
    private static final String ACCURATE = "COLUMN_STATS_ACCURATE";

    private ScratchStore store;
    private CatalogService catalog;
    private final RequestContext context = RequestContext.of("tester");

    /** The store under test, on a database of its own. */
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
    void everyPartitionGetsItsStatisticsAndParametersWithTheEventsOfTheSingleCalls() {
        Table table = tableWithPartitions(PARTITIONS);
        long lastEvent = catalog.lastEventId();
        catalog.batchUpdateColumnStatistics(batch(table, writesFor(PARTITIONS)), context);

        for (int i = 0; i < PARTITIONS; i++) {
            assertThat(catalog.getColumnStatistics(target(table, i), List.of())).hasSize(4);
            assertThat(catalog.getPartition(table.identifier(), values(i)).parameters())
                    .containsEntry(ACCURATE, "{\"p\":" + i + "}")
                    .containsEntry("numFiles", "1");
        }
        List<Event> events = eventsAfter(lastEvent);
        assertThat(events).hasSize(2 * PARTITIONS);
        for (int i = 0; i < PARTITIONS; i++) {
            assertThat(events.get(2 * i).type()).isEqualTo(EventType.STATISTICS_UPDATED);
            assertThat(((EventChange.StatisticsChange) events.get(2 * i).change())
                            .target()
                            .partitionValues())
                    .isEqualTo(values(i));
            assertThat(events.get(2 * i + 1).type()).isEqualTo(EventType.PARTITIONS_UPDATED);
            EventChange.PartitionsChange change =
                    (EventChange.PartitionsChange) events.get(2 * i + 1).change();
            assertThat(change.before().get(0).parameters()).doesNotContainKey(ACCURATE);
            assertThat(change.after().get(0).parameters()).containsEntry(ACCURATE, "{\"p\":" + i + "}");
        }
    }

    @Test
    void aMissingPartitionAtTheEndChangesNothing() {
        Table table = tableWithPartitions(PARTITIONS);
        List<StatisticsWrite> writes = new ArrayList<>(writesFor(PARTITIONS));
        writes.add(new StatisticsWrite(values(PARTITIONS + 5), StatisticsContract.everyKind(), Map.of(ACCURATE, "x")));
        assertUnchangedAfterFailure(table, batch(table, writes), ErrorCode.PARTITION_NOT_FOUND);
    }

    @Test
    void aColumnTheLastPartitionLacksRollsBackTheTargetsAlreadyWritten() {
        Table table = tableWithPartitions(PARTITIONS);
        List<StatisticsWrite> writes = new ArrayList<>(writesFor(PARTITIONS - 1));
        List<ColumnStatistics> refused = new ArrayList<>(StatisticsContract.everyKind());
        refused.add(new ColumnStatistics(
                "no_such_column",
                "bigint",
                Optional.of(0L),
                Optional.of(1L),
                new byte[0],
                new byte[0],
                new ColumnStatistics.LongData(Optional.of(1L), Optional.of(2L))));
        writes.add(new StatisticsWrite(values(PARTITIONS - 1), refused, Map.of(ACCURATE, "x")));
        assertUnchangedAfterFailure(table, batch(table, writes), ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void tablePropertiesChangeOnlyAtTheAssertedVersion() {
        Table table = tableWithPartitions(1);
        StatisticsWrite write =
                new StatisticsWrite(List.of(), StatisticsContract.everyKind(), Map.of(ACCURATE, "{\"t\":1}"));
        StatisticsTarget tableTarget = StatisticsTarget.ofTable(table.identifier());
        long lastEvent = catalog.lastEventId();
        assertCatalogError(
                ErrorCode.REQUIREMENT_FAILED,
                () -> catalog.batchUpdateColumnStatistics(
                        new StatisticsBatch(table.identifier(), "", List.of(write), Optional.of(table.version() + 1)),
                        context));
        assertThat(catalog.getColumnStatistics(tableTarget, List.of())).isEmpty();
        assertThat(eventsAfter(lastEvent)).isEmpty();

        catalog.batchUpdateColumnStatistics(
                new StatisticsBatch(table.identifier(), "", List.of(write), Optional.of(table.version())), context);
        Table after = catalog.getTable(table.identifier(), TableView.BASIC);
        assertThat(after.version()).isEqualTo(table.version() + 1);
        assertThat(after.properties()).containsEntry(ACCURATE, "{\"t\":1}").containsEntry("comment", "rich");
        assertThat(catalog.getColumnStatistics(tableTarget, List.of())).hasSize(4);
        assertThat(eventsAfter(lastEvent))
                .extracting(Event::type)
                .containsExactly(EventType.STATISTICS_UPDATED, EventType.TABLE_COMMITTED);
    }

    @Test
    void deletesOfManyPartitionsAreOneTransaction() {
        Table table = tableWithPartitions(PARTITIONS);
        catalog.batchUpdateColumnStatistics(batch(table, writesFor(PARTITIONS)), context);
        List<List<String>> all = new ArrayList<>();
        for (int i = 0; i < PARTITIONS; i++) {
            all.add(values(i));
        }
        List<List<String>> withMissing = new ArrayList<>(all);
        withMissing.add(values(PARTITIONS + 1));
        long lastEvent = catalog.lastEventId();
        assertCatalogError(
                ErrorCode.PARTITION_NOT_FOUND,
                () -> catalog.batchDeleteColumnStatistics(
                        new StatisticsBatchDelete(table.identifier(), "", withMissing, List.of("id"), false), context));
        assertThat(catalog.getColumnStatistics(target(table, 0), List.of("id"))).hasSize(1);
        assertThat(eventsAfter(lastEvent)).isEmpty();

        int deleted = catalog.batchDeleteColumnStatistics(
                new StatisticsBatchDelete(table.identifier(), "", withMissing, List.of("ID"), true), context);
        assertThat(deleted).isEqualTo(PARTITIONS);
        for (int i = 0; i < PARTITIONS; i++) {
            assertThat(catalog.getColumnStatistics(target(table, i), List.of()))
                    .extracting(ColumnStatistics::column)
                    .containsExactly("name", "price", "seen");
        }
        assertThat(eventsAfter(lastEvent))
                .hasSize(PARTITIONS)
                .allSatisfy(event -> assertThat(event.type()).isEqualTo(EventType.STATISTICS_DELETED));
    }

    @Test
    void aDeleteOfEveryPartitionReadsThemPageByPageInItsOneTransaction() {
        int count = 1_001; // past the page of 1,000
        Table table = tableWithPartitions(count);
        catalog.batchUpdateColumnStatistics(batch(table, writesFor(count)), context);
        long lastEvent = catalog.lastEventId();

        int deleted = catalog.batchDeleteColumnStatistics(
                new StatisticsBatchDelete(table.identifier(), "", List.of(), List.of("id", "name"), false, true),
                context);

        assertThat(deleted).isEqualTo(2 * count);
        for (int i : new int[] {0, 999, 1_000}) {
            assertThat(catalog.getColumnStatistics(target(table, i), List.of()))
                    .extracting(ColumnStatistics::column)
                    .containsExactly("price", "seen");
        }
        assertThat(eventsAfter(lastEvent)).hasSize(count);
        assertCatalogError(
                ErrorCode.INVALID_ARGUMENT,
                () -> new StatisticsBatchDelete(table.identifier(), "", List.of(values(0)), List.of(), false, true));
    }

    @Test
    void partitionUpdatesDropTheStatisticsTheyMakeStaleInTheirTransaction() {
        Table table = tableWithPartitions(PARTITIONS);
        catalog.batchUpdateColumnStatistics(batch(table, writesFor(PARTITIONS)), context);
        List<PartitionUpdate> updates = new ArrayList<>();
        for (int i = 0; i < PARTITIONS; i++) {
            Partition partition = catalog.getPartition(table.identifier(), values(i));
            updates.add(new PartitionUpdate(values(i), partition, "", List.of("id")));
        }
        List<PartitionUpdate> withMissing = new ArrayList<>(updates);
        Partition ghost = CatalogFixtures.partition(values(PARTITIONS + 1).get(0), 1);
        withMissing.add(new PartitionUpdate(values(PARTITIONS + 1), ghost, "", List.of("id")));
        long lastEvent = catalog.lastEventId();

        assertCatalogError(
                ErrorCode.PARTITION_NOT_FOUND,
                () -> catalog.updatePartitions(table.identifier(), withMissing, context));
        for (int i = 0; i < PARTITIONS; i++) {
            assertThat(catalog.getColumnStatistics(target(table, i), List.of())).hasSize(4);
        }
        assertThat(eventsAfter(lastEvent)).isEmpty();

        catalog.updatePartitions(table.identifier(), updates, context);
        for (int i = 0; i < PARTITIONS; i++) {
            assertThat(catalog.getColumnStatistics(target(table, i), List.of()))
                    .extracting(ColumnStatistics::column)
                    .containsExactly("name", "price", "seen");
        }
        assertThat(eventsAfter(lastEvent))
                .extracting(Event::type)
                .containsOnly(EventType.PARTITIONS_UPDATED, EventType.STATISTICS_DELETED)
                .hasSize(2 * PARTITIONS);
    }

    private void assertUnchangedAfterFailure(Table table, StatisticsBatch batch, ErrorCode expected) {
        List<Partition> before = new ArrayList<>();
        for (int i = 0; i < PARTITIONS; i++) {
            before.add(catalog.getPartition(table.identifier(), values(i)));
        }
        long lastEvent = catalog.lastEventId();
        assertCatalogError(expected, () -> catalog.batchUpdateColumnStatistics(batch, context));
        for (int i = 0; i < PARTITIONS; i++) {
            assertThat(catalog.getColumnStatistics(target(table, i), List.of())).isEmpty();
            assertThat(catalog.getPartition(table.identifier(), values(i))).isEqualTo(before.get(i));
        }
        assertThat(eventsAfter(lastEvent)).isEmpty();
    }

    private static StatisticsBatch batch(Table table, List<StatisticsWrite> writes) {
        return new StatisticsBatch(table.identifier(), "", writes, Optional.empty());
    }

    private static List<StatisticsWrite> writesFor(int count) {
        List<StatisticsWrite> writes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            writes.add(new StatisticsWrite(
                    values(i), StatisticsContract.everyKind(), Map.of(ACCURATE, "{\"p\":" + i + "}")));
        }
        return writes;
    }

    private static List<String> values(int i) {
        return List.of(String.format("2024-%05d", i), "1");
    }

    private static StatisticsTarget target(Table table, int i) {
        return new StatisticsTarget(table.identifier(), values(i), "");
    }

    private Table tableWithPartitions(int count) {
        String namespace = CatalogFixtures.unique("sb");
        catalog.createNamespace(Namespace.of(namespace), context);
        Table table = catalog.createTable(CatalogFixtures.hiveTable(namespace, "t"), context);
        List<Partition> partitions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            partitions.add(CatalogFixtures.partition(values(i).get(0), 1));
        }
        catalog.addPartitions(table.identifier(), partitions, false, context);
        return catalog.getTable(table.identifier(), TableView.BASIC);
    }

    private List<Event> eventsAfter(long id) {
        return CatalogFixtures.eventsAfter(catalog, id);
    }
}
