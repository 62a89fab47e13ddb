package dev.lakegate.catalog.server.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.server.model.Compaction;
import dev.lakegate.catalog.server.model.Compaction.State;
import dev.lakegate.catalog.server.model.Compaction.Type;
import dev.lakegate.catalog.server.model.CompactionEnqueued;
import dev.lakegate.catalog.server.model.CompactionFilter;
import dev.lakegate.catalog.server.model.CompactionRequest;
import dev.lakegate.catalog.server.model.TableIdentifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Hive's compaction queue on a real store, as HMS 4.0.1 keeps it: one entry initiated or working per place
 * (a partition, or a whole table), numbered from one sequence. Tests share the store, so each uses its own
 * database name.
 */
abstract class CompactionQueueTest extends ServiceOnScratchStore {

    private static int databases;

    private static String database() {
        return "cq" + (++databases);
    }

    private static CompactionRequest request(String db, String table, String partition, Type type) {
        return CompactionRequest.of(TableIdentifier.inDefaultCatalog(db, table), Optional.ofNullable(partition), type);
    }

    private CompactionEnqueued enqueue(CompactionRequest request) {
        return catalog.compactionQueue().enqueue(request);
    }

    private List<Compaction> listed(String db) {
        return catalog.compactionQueue()
                .list(CompactionFilter.builder().namespace(db).build());
    }

    @Test
    void aRequestIsQueuedAsInitiatedWithWhatItAsked() {
        String db = database();
        CompactionRequest asked = new CompactionRequest(
                TableIdentifier.inDefaultCatalog(db, "t"),
                Optional.of("ds=1"),
                Type.REBALANCE,
                "fred",
                Map.of("compactor.mapreduce.map.memory.mb", "2048"),
                "pool1",
                4,
                "order by a",
                "host-1",
                "4.0.1");
        CompactionEnqueued enqueued = enqueue(asked);
        assertThat(enqueued.accepted()).isTrue();
        assertThat(enqueued.id()).isPositive();
        assertThat(listed(db)).singleElement().satisfies(entry -> {
            assertThat(entry.id()).isEqualTo(enqueued.id());
            assertThat(entry.request()).isEqualTo(asked);
            assertThat(entry.state()).isEqualTo(State.INITIATED);
            assertThat(entry.enqueueTime()).isEqualTo(clock.instant());
        });
        CompactionEnqueued next = enqueue(request(db, "u", null, Type.MINOR));
        assertThat(next.id()).as("ids come from one sequence").isGreaterThan(enqueued.id());
        assertThat(listed(db).get(1).request().partition()).as("a whole table").isEmpty();
    }

    @Test
    void aPlaceWithAnInitiatedEntryRefusesAnotherAndNamesIt() {
        String db = database();
        CompactionEnqueued first = enqueue(request(db, "t", "ds=1", Type.MAJOR));
        CompactionEnqueued again = enqueue(request(db, "t", "ds=1", Type.MINOR));
        assertThat(again.accepted()).isFalse();
        assertThat(again.refusedBy()).hasValueSatisfying(existing -> {
            assertThat(existing.id()).isEqualTo(first.id());
            assertThat(existing.state()).isEqualTo(State.INITIATED);
            assertThat(existing.request().type()).isEqualTo(Type.MAJOR);
        });
        assertThat(enqueue(request(db, "t", "ds=2", Type.MINOR)).accepted())
                .as("another partition")
                .isTrue();
        assertThat(enqueue(request(db, "t", null, Type.MAJOR)).accepted())
                .as("the whole table is another place than its partitions")
                .isTrue();
        assertThat(enqueue(request(db, "t", null, Type.MINOR)).accepted()).isFalse();
        assertThat(enqueue(request(db, "t", "", Type.MINOR)).accepted())
                .as("an empty partition name is a place of its own")
                .isTrue();
        assertThat(enqueue(request(db.toUpperCase(java.util.Locale.ROOT), "T", "ds=1", Type.MAJOR))
                        .accepted())
                .as("names are taken as given")
                .isTrue();
        assertThat(listed(db)).hasSize(4);
    }

    @Test
    void aListingFiltersByEachPartGivenInIdOrderOrTheNewestFirst() {
        String db = database();
        long a = enqueue(request(db, "t", "ds=1", Type.MAJOR)).id();
        long b = enqueue(request(db, "t", "ds=2", Type.MINOR)).id();
        long c = enqueue(new CompactionRequest(
                        TableIdentifier.inDefaultCatalog(db, "u"),
                        Optional.empty(),
                        Type.MINOR,
                        "",
                        Map.of(),
                        "pool1",
                        0,
                        "",
                        "",
                        ""))
                .id();
        assertThat(ids(CompactionFilter.builder().namespace(db).build())).containsExactly(a, b, c);
        assertThat(ids(CompactionFilter.builder().namespace(db).table("t").build()))
                .containsExactly(a, b);
        assertThat(ids(CompactionFilter.builder()
                        .namespace(db)
                        .table("t")
                        .partition(Optional.of("ds=2"))
                        .build()))
                .containsExactly(b);
        assertThat(ids(CompactionFilter.builder()
                        .namespace(db)
                        .type(Optional.of(Type.MINOR))
                        .build()))
                .containsExactly(b, c);
        assertThat(ids(CompactionFilter.builder()
                        .namespace(db)
                        .state(Optional.of(State.INITIATED))
                        .build()))
                .containsExactly(a, b, c);
        assertThat(ids(CompactionFilter.builder()
                        .namespace(db)
                        .state(Optional.of(State.WORKING))
                        .build()))
                .isEmpty();
        assertThat(ids(CompactionFilter.builder().pool("pool1").namespace(db).build()))
                .containsExactly(c);
        assertThat(ids(CompactionFilter.builder().id(b).build())).containsExactly(b);
        assertThat(ids(CompactionFilter.builder().namespace(db).limit(2).build()))
                .containsExactly(a, b);
        assertThat(ids(CompactionFilter.builder()
                        .namespace(db)
                        .limit(2)
                        .order(true, true)
                        .build()))
                .containsExactly(c, b);
    }

    private List<Long> ids(CompactionFilter filter) {
        return catalog.compactionQueue().list(filter).stream()
                .map(Compaction::id)
                .toList();
    }

    /** As HMS's scheduler mutex makes it: of requests racing for one partition, exactly one is queued. */
    @Test
    void ofRacingRequestsForOnePartitionExactlyOneIsQueued() throws Exception {
        String db = database();
        int racers = 4;
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            for (int round = 0; round < 10; round++) {
                CompactionRequest request = request(db, "t", "p=" + round, Type.MAJOR);
                CyclicBarrier start = new CyclicBarrier(racers);
                List<Future<CompactionEnqueued>> answers = new ArrayList<>();
                for (int i = 0; i < racers; i++) {
                    Callable<CompactionEnqueued> enqueue = () -> {
                        start.await(10, TimeUnit.SECONDS);
                        return enqueue(request);
                    };
                    answers.add(pool.submit(enqueue));
                }
                List<Long> accepted = new ArrayList<>();
                List<Long> refusedBy = new ArrayList<>();
                for (Future<CompactionEnqueued> answer : answers) {
                    CompactionEnqueued enqueued =
                            answer.get(Duration.ofSeconds(30).toSeconds(), TimeUnit.SECONDS);
                    if (enqueued.accepted()) {
                        accepted.add(enqueued.id());
                    } else {
                        refusedBy.add(enqueued.refusedBy().orElseThrow().id());
                    }
                }
                assertThat(accepted).as("round " + round).hasSize(1);
                assertThat(refusedBy).as("round " + round).hasSize(racers - 1).containsOnly(accepted.get(0));
            }
            assertThat(listed(db)).hasSize(10);
        } finally {
            pool.shutdownNow();
        }
    }
}
