package dev.lakegate.catalog.server.service;

import static dev.lakegate.catalog.server.service.CatalogContract.assertCatalogError;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.InsertedFile;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Data inserted by an engine outside the catalog, on a real store: one DATA_INSERTED event of the table or of an
 * existing partition, carrying the table, the partition and the files; nothing recorded for what is missing.
 */
abstract class DataInsertedTest extends ServiceOnScratchStore {

    private static final List<InsertedFile> FILES =
            List.of(new InsertedFile("file:/w/t/f1", "c1", ""), new InsertedFile("file:/w/t/f2", "", "sub"));

    private String namespaceWithTables() {
        String namespace = CatalogFixtures.unique("inserts");
        catalog.createNamespace(CatalogFixtures.namespace(namespace), RequestContext.of("tester"));
        catalog.createTable(CatalogFixtures.hiveTable(namespace, "parted"), RequestContext.of("tester"));
        catalog.createTable(CatalogFixtures.unpartitionedHiveTable(namespace, "flat"), RequestContext.of("tester"));
        catalog.addPartitions(
                TableIdentifier.inDefaultCatalog(namespace, "parted"),
                List.of(CatalogFixtures.partition("2024-01-01", 7)),
                false,
                RequestContext.of("tester"));
        return namespace;
    }

    private long last() {
        return catalog.listEvents(EventQuery.after(Long.MAX_VALUE, 1)).lastEventId();
    }

    @Test
    void anInsertIntoATableOrAPartitionIsOneEvent() {
        String namespace = namespaceWithTables();
        long before = last();
        catalog.recordDataInserted(
                TableIdentifier.inDefaultCatalog(namespace.toUpperCase(), "FLAT"),
                List.of(),
                false,
                FILES,
                RequestContext.of("impala"));
        catalog.recordDataInserted(
                TableIdentifier.inDefaultCatalog(namespace, "parted"),
                List.of("2024-01-01", "7"),
                true,
                FILES,
                RequestContext.of("impala"));

        List<Event> events = CatalogFixtures.eventsAfter(catalog, before);
        assertThat(events).extracting(Event::type).containsExactly(EventType.DATA_INSERTED, EventType.DATA_INSERTED);
        assertThat(events).extracting(Event::table).containsExactly("flat", "parted");
        EventChange.DataInserted flat = (EventChange.DataInserted) events.get(0).change();
        assertThat(flat.table().name()).isEqualTo("flat");
        assertThat(flat.partition()).isEmpty();
        assertThat(flat.replace()).isFalse();
        assertThat(flat.files()).isEqualTo(FILES);
        EventChange.DataInserted parted =
                (EventChange.DataInserted) events.get(1).change();
        assertThat(parted.partition())
                .hasValueSatisfying(p -> assertThat(p.values()).containsExactly("2024-01-01", "7"));
        assertThat(parted.replace()).isTrue();
    }

    @Test
    void nothingIsRecordedForWhatIsMissing() {
        String namespace = namespaceWithTables();
        long before = last();
        assertCatalogError(
                ErrorCode.TABLE_NOT_FOUND,
                () -> catalog.recordDataInserted(
                        TableIdentifier.inDefaultCatalog(namespace, "nope"),
                        List.of(),
                        true,
                        FILES,
                        RequestContext.of("impala")));
        assertCatalogError(
                ErrorCode.PARTITION_NOT_FOUND,
                () -> catalog.recordDataInserted(
                        TableIdentifier.inDefaultCatalog(namespace, "parted"),
                        List.of("1999-01-01", "1"),
                        true,
                        FILES,
                        RequestContext.of("impala")));
        assertCatalogError(
                ErrorCode.NOT_PARTITIONED,
                () -> catalog.recordDataInserted(
                        TableIdentifier.inDefaultCatalog(namespace, "flat"),
                        List.of("x"),
                        true,
                        FILES,
                        RequestContext.of("impala")));
        assertThat(CatalogFixtures.eventsAfter(catalog, before)).isEmpty();
    }
}
