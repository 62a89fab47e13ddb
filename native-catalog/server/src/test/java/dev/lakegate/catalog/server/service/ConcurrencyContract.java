package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.Event;
import dev.lakegate.catalog.server.model.EventQuery;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.model.TableCommit;
import dev.lakegate.catalog.server.model.TableIdentifier;
import dev.lakegate.catalog.server.model.TableRequirement;
import dev.lakegate.catalog.server.model.TableUpdate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

public interface ConcurrencyContract extends CatalogContract {

    int WRITERS = 16;
    /**
     * Each commit adds a property, so each read and write costs more than the one before: 100 per writer
     * (1,600) took 37 s directly and 143 s through gRPC on 2 cores; 25 keep every writer racing the others.
     */
    int COMMITS_PER_WRITER = 25;

    /**
     * Each writer reads the version, commits asserting it, and on a lost race reads again: the
     * optimistic loop an Iceberg or Hive client runs.
     */
    @Test
    default void sixteenWritersCommitFourHundredTimesWithoutALostUpdate() throws Exception {
        String namespace = newNamespace();
        Table table = catalog().createTable(CatalogFixtures.unpartitionedHiveTable(namespace, "hot"), context());
        long firstEvent = catalog().listEvents(EventQuery.after(0, 1)).lastEventId();
        AtomicLong conflicts = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < COMMITS_PER_WRITER; i++) {
                        commitWithRetry(table.identifier(), "w" + writer + "." + i, conflicts);
                    }
                    return null;
                }));
            }
            for (Future<?> writer : writers) {
                writer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Table end = catalog().getTable(table.identifier(), TableView.BASIC);
        long lastEvent = catalog().listEvents(EventQuery.after(firstEvent, 1)).lastEventId();
        String state = "version " + end.version() + ", " + end.properties().size() + " properties, "
                + (lastEvent - firstEvent) + " events, " + conflicts.get() + " lost races, commits that share a "
                + "resulting version: " + sharedVersions(firstEvent);
        assertThat(end.version()).as(state).isEqualTo(WRITERS * COMMITS_PER_WRITER);
        assertThat(end.properties().size())
                .as(state)
                .isEqualTo(WRITERS * COMMITS_PER_WRITER + table.properties().size());

        List<Event> events = new ArrayList<>();
        long from = firstEvent;
        List<Event> page;
        do {
            page = catalog().listEvents(EventQuery.after(from, 1000)).events();
            events.addAll(page);
            from = page.isEmpty() ? from : page.get(page.size() - 1).id();
        } while (!page.isEmpty());
        assertThat(events)
                .extracting(Event::id)
                .containsExactlyElementsOf(LongStream.rangeClosed(firstEvent + 1, firstEvent + events.size())
                        .boxed()
                        .toList());
        assertThat(events.stream()
                        .filter(e -> e.type() == EventType.TABLE_COMMITTED
                                && e.table().equals("hot")))
                .hasSize(WRITERS * COMMITS_PER_WRITER);
        System.out.printf(
                "%s: %d commits by %d writers, %d lost races retried%n",
                getClass().getSimpleName(), WRITERS * COMMITS_PER_WRITER, WRITERS, conflicts.get());
    }

    /** Pairs of commit events that claim the same new version: each pair is a lost update. */
    private String sharedVersions(long afterId) {
        java.util.Map<Long, List<String>> byVersion = new java.util.TreeMap<>();
        long from = afterId;
        List<Event> page;
        do {
            page = catalog().listEvents(EventQuery.after(from, 1000)).events();
            for (Event event : page) {
                if (event.change() instanceof dev.lakegate.catalog.server.model.EventChange.TableChange change
                        && change.after().isPresent()) {
                    byVersion
                            .computeIfAbsent(change.after().get().version(), v -> new ArrayList<>())
                            .add(event.id() + ":" + change.updates());
                }
            }
            from = page.isEmpty() ? from : page.get(page.size() - 1).id();
        } while (!page.isEmpty());
        return byVersion.entrySet().stream()
                .filter(e -> e.getValue().size() > 1)
                .map(Object::toString)
                .toList()
                .toString();
    }

    private void commitWithRetry(TableIdentifier table, String key, AtomicLong conflicts) {
        while (true) {
            long version = catalog().getTable(table, TableView.BASIC).version();
            try {
                catalog()
                        .commitTable(
                                new TableCommit(
                                        table,
                                        List.of(new TableRequirement.AssertVersion(version)),
                                        List.of(new TableUpdate.SetProperties(Map.of(key, Long.toString(version))))),
                                context());
                return;
            } catch (CatalogException e) {
                if (e.code() != ErrorCode.REQUIREMENT_FAILED && e.code() != ErrorCode.COMMIT_CONFLICT) {
                    throw e;
                }
                conflicts.incrementAndGet();
            }
        }
    }
}
