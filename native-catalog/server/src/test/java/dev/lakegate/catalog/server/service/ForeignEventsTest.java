package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.ForeignAppend;
import dev.lakegate.catalog.server.model.ForeignEvent;
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
 * each exactly once.
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
}
