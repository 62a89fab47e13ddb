package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.ForeignAppend;
import dev.lakegate.catalog.server.model.ForeignEvent;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Another metastore's log appended to the event log, on a real store: each event once, in the source's order,
 * after the catalog's own, as the source wrote it; several followers appending the same events at once append
 * each exactly once; ranges of a namespace skipped; and writes that log no event (a migration's copy).
 */
abstract class ForeignEventsTest extends ServiceOnScratchStore {

    private static final RequestContext GATEWAY = RequestContext.of("gateway");

    private static ForeignEvent event(long sourceId) {
        return new ForeignEvent(
                "",
                "legacy_db",
                sourceId % 2 == 0 ? "t" + sourceId : "",
                new EventChange.Foreign(
                        sourceId,
                        Instant.ofEpochSecond(1_700_000_000L + sourceId),
                        sourceId % 2 == 0 ? "CREATE_TABLE" : "CREATE_DATABASE",
                        "{\"id\":" + sourceId + "}",
                        "json-0.2"));
    }

    private static List<ForeignEvent> events(long first, long last) {
        return LongStream.rangeClosed(first, last)
                .mapToObj(ForeignEventsTest::event)
                .toList();
    }

    private List<Event> foreignAfter(long id) {
        return CatalogFixtures.eventsAfter(catalog, id).stream()
                .filter(e -> e.type() == EventType.FOREIGN)
                .toList();
    }

    private long last() {
        return catalog.listEvents(EventQuery.after(Long.MAX_VALUE, 1)).lastEventId();
    }

    @Test
    void eventsAfterThePositionAreAppendedOnceInOrderAsTheSourceWroteThem() {
        String source = CatalogFixtures.unique("hms");
        // A source without a position starts where the first caller says; asking again changes nothing.
        assertThat(catalog.foreignEvents().append(source, List.of(), 10, GATEWAY))
                .isEqualTo(new ForeignAppend(10, 0));
        assertThat(catalog.foreignEvents().append(source, List.of(), 99, GATEWAY))
                .isEqualTo(new ForeignAppend(10, 0));
        long before = last();

        assertThat(catalog.foreignEvents().append(source, events(9, 13), 0, GATEWAY))
                .isEqualTo(new ForeignAppend(13, 3));
        assertThat(catalog.foreignEvents().append(source, events(12, 15), 0, GATEWAY))
                .isEqualTo(new ForeignAppend(15, 2));
        assertThat(catalog.foreignEvents().append(source, events(14, 15), 0, GATEWAY))
                .isEqualTo(new ForeignAppend(15, 0));

        List<Event> appended = CatalogFixtures.eventsAfter(catalog, before);
        assertThat(appended)
                .extracting(e -> ((EventChange.Foreign) e.change()).sourceId())
                .containsExactly(11L, 12L, 13L, 14L, 15L);
        assertThat(appended)
                .extracting(Event::id)
                .containsExactly(before + 1, before + 2, before + 3, before + 4, before + 5);
        Event twelve = appended.get(1);
        assertThat(twelve.type()).isEqualTo(EventType.FOREIGN);
        assertThat(twelve.namespace()).isEqualTo("legacy_db");
        assertThat(twelve.table()).isEqualTo("t12");
        assertThat(twelve.principal()).isEqualTo("gateway");
        assertThat(twelve.change()).isEqualTo(event(12).change());
        assertThat(appended.get(0).table()).isEmpty();
    }

    @Test
    void followersAppendingTheSameEventsAtOnceAppendEachExactlyOnce() throws Exception {
        String source = CatalogFixtures.unique("hms");
        catalog.foreignEvents().append(source, List.of(), 0, GATEWAY);
        long before = last();
        int followers = 4;
        long total = 200;
        ExecutorService pool = Executors.newFixedThreadPool(followers);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Integer>> counts = new ArrayList<>();
            for (int f = 0; f < followers; f++) {
                int batch = 7 + 5 * f; // each reads the source in pages of its own size
                counts.add(pool.submit(() -> {
                    go.await();
                    int appended = 0;
                    long position = 0;
                    while (position < total) {
                        ForeignAppend done = catalog.foreignEvents()
                                .append(source, events(position + 1, Math.min(total, position + batch)), 0, GATEWAY);
                        appended += done.appended();
                        position = done.position();
                    }
                    return appended;
                }));
            }
            go.countDown();
            int sum = 0;
            for (Future<Integer> count : counts) {
                sum += count.get();
            }
            assertThat(sum).isEqualTo(total);
        } finally {
            pool.shutdownNow();
        }
        assertThat(foreignAfter(before))
                .extracting(e -> ((EventChange.Foreign) e.change()).sourceId())
                .containsExactlyElementsOf(
                        LongStream.rangeClosed(1, total).boxed().toList());
    }

    private static ForeignEvent in(String namespace, long sourceId) {
        ForeignEvent event = event(sourceId);
        return new ForeignEvent("", namespace, event.table(), event.change());
    }

    private List<String> appendedAfter(long id) {
        return foreignAfter(id).stream()
                .map(e -> e.namespace() + ":" + ((EventChange.Foreign) e.change()).sourceId())
                .toList();
    }

    @Test
    void aSkippedRangeLeavesOutItsNamespacesEventsAndThePositionMovesPastThem() {
        String source = CatalogFixtures.unique("hms");
        catalog.foreignEvents().append(source, List.of(), 20, GATEWAY);
        long before = last();
        // Opened before the rollback's first write: a follower appending meanwhile skips its events.
        assertThat(catalog.foreignEvents().skip(source, "Rolled", 20, 0, GATEWAY))
                .isEqualTo(20);
        assertThat(catalog.foreignEvents()
                        .append(source, List.of(in("rolled", 21), in("other", 22), in("rolled", 23)), 0, GATEWAY))
                .isEqualTo(new ForeignAppend(23, 1));
        // Closed after its last write: what comes later is the database's own again.
        catalog.foreignEvents().skip(source, "rolled", 21, 24, GATEWAY);
        assertThat(catalog.foreignEvents()
                        .append(source, List.of(in("rolled", 24), in("rolled", 25), in("other", 26)), 0, GATEWAY))
                .isEqualTo(new ForeignAppend(26, 2));
        assertThat(catalog.foreignEvents().append(source, List.of(in("rolled", 24)), 0, GATEWAY))
                .isEqualTo(new ForeignAppend(26, 0));
        assertThat(appendedAfter(before)).containsExactly("other:22", "rolled:25", "other:26");
        // A closed range the position passed is forgotten; a range ahead of the position still skips.
        catalog.foreignEvents().skip(source, "rolled", 30, 31, GATEWAY);
        catalog.foreignEvents()
                .append(source, List.of(in("rolled", 30), in("rolled", 31), in("rolled", 32)), 0, GATEWAY);
        assertThat(appendedAfter(before))
                .containsExactly("other:22", "rolled:25", "other:26", "rolled:30", "rolled:32");
    }

    @Test
    void aRequestThatLogsNoEventsChangesTheCatalogAndLeavesTheLogAsItWas() {
        RequestContext unlogged = GATEWAY.withEventsLogged(false);
        String copied = CatalogFixtures.unique("copied");
        long before = last();
        catalog.createNamespace(CatalogFixtures.namespace(copied), unlogged);
        catalog.createTable(CatalogFixtures.hiveTable(copied, "t"), unlogged);
        catalog.addPartitions(
                TableIdentifier.inDefaultCatalog(copied, "t"),
                List.of(CatalogFixtures.partition("2024-01-01", 1)),
                false,
                unlogged);
        assertThat(catalog.getPartition(TableIdentifier.inDefaultCatalog(copied, "t"), List.of("2024-01-01", "1")))
                .isNotNull();
        assertThat(last()).isEqualTo(before);
        // The same writes logged, as every other caller makes them.
        catalog.addPartitions(
                TableIdentifier.inDefaultCatalog(copied, "t"),
                List.of(CatalogFixtures.partition("2024-01-01", 2)),
                false,
                GATEWAY);
        assertThat(CatalogFixtures.eventsAfter(catalog, before))
                .extracting(Event::type)
                .containsExactly(EventType.PARTITIONS_ADDED);
        // An append of foreign events logs them whoever asks.
        String source = CatalogFixtures.unique("hms");
        assertThat(catalog.foreignEvents()
                        .append(source, events(1, 2), 0, unlogged)
                        .appended())
                .isEqualTo(2);
        assertThat(foreignAfter(before)).hasSize(2);
    }
}
