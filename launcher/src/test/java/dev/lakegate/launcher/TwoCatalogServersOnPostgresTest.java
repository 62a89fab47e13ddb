package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.server.store.PostgresTestDatabase;
import dev.lakegate.catalog.v1.AcquireLeaseRequest;
import dev.lakegate.catalog.v1.CommitTableRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.EventType;
import dev.lakegate.catalog.v1.Lease;
import dev.lakegate.catalog.v1.LeaseMode;
import dev.lakegate.catalog.v1.LeaseResource;
import dev.lakegate.catalog.v1.LeaseState;
import dev.lakegate.catalog.v1.ListEventsRequest;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.SetProperties;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableFormat;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableRequirement;
import dev.lakegate.catalog.v1.TableUpdate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two {@code lakegate catalog-server} processes on one PostgreSQL database: what one commits or
 * leases, the other sees, because all state (versions, event counter, leases) lives in the database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwoCatalogServersOnPostgresTest {

    private static final int WRITERS = 16;
    private static final int COMMITS_PER_WRITER = 100;

    private PostgresTestDatabase database;
    private ChildProcess first;
    private ChildProcess second;
    private CatalogClient one;
    private CatalogClient two;

    @BeforeAll
    void start() throws Exception {
        database = PostgresTestDatabase.create();
        first = ChildProcess.lakegate("catalog-server", "--grpc-port", "0", "--jdbc-url", database.jdbcUrl());
        second = ChildProcess.lakegate("catalog-server", "--grpc-port", "0", "--jdbc-url", database.jdbcUrl());
        one = CatalogClient.forAddress("127.0.0.1", first.port()).withPrincipal("one");
        two = CatalogClient.forAddress("127.0.0.1", second.port()).withPrincipal("two");
        one.createNamespace(Namespace.newBuilder().setName("shared").build());
    }

    @AfterAll
    void stop() throws Exception {
        one.close();
        two.close();
        first.close();
        second.close();
        database.close();
    }

    @Test
    void sixteenWritersOverTwoServersLoseNoUpdate() throws Exception {
        two.createTable(Table.newBuilder()
                .setNamespace("shared")
                .setName("hot")
                .setFormat(TableFormat.ICEBERG)
                .setLocation("s3://bucket/shared/hot")
                .build());
        long firstEvent = one.listEvents(ListEventsRequest.newBuilder()
                        .setAfterId(0)
                        .setPageSize(1)
                        .build())
                .getLastEventId();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try {
            List<Future<Integer>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                CatalogClient client = w % 2 == 0 ? one : two;
                int writer = w;
                writers.add(pool.submit(() -> {
                    int conflicts = 0;
                    for (int i = 0; i < COMMITS_PER_WRITER; i++) {
                        conflicts += commitWithRetry(client, "w" + writer + "." + i);
                    }
                    return conflicts;
                }));
            }
            int conflicts = 0;
            for (Future<Integer> writer : writers) {
                conflicts += writer.get();
            }
            System.out.println("two servers: 1600 commits, " + conflicts + " lost races retried by clients");
        } finally {
            pool.shutdownNow();
        }

        Table end = two.getTable("shared", "hot");
        assertThat(end.getVersion()).isEqualTo(WRITERS * COMMITS_PER_WRITER);
        assertThat(end.getPropertiesCount()).isEqualTo(WRITERS * COMMITS_PER_WRITER);

        List<Event> events = new ArrayList<>();
        long from = firstEvent;
        while (true) {
            List<Event> page = one.listEvents(ListEventsRequest.newBuilder()
                            .setAfterId(from)
                            .setPageSize(1000)
                            .build())
                    .getEventsList();
            if (page.isEmpty()) {
                break;
            }
            events.addAll(page);
            from = page.get(page.size() - 1).getId();
        }
        assertThat(events)
                .extracting(Event::getId)
                .containsExactlyElementsOf(
                        LongStream.rangeClosed(firstEvent + 1, firstEvent + WRITERS * COMMITS_PER_WRITER)
                                .boxed()
                                .toList());
        assertThat(events).extracting(Event::getType).containsOnly(EventType.TABLE_COMMITTED);
        assertThat(events).extracting(Event::getPrincipal).contains("one", "two");
    }

    private static int commitWithRetry(CatalogClient client, String key) {
        int conflicts = 0;
        while (true) {
            long version = client.getTable("shared", "hot").getVersion();
            try {
                client.commitTable(CommitTableRequest.newBuilder()
                        .setTable(TableIdentifier.newBuilder()
                                .setNamespace("shared")
                                .setName("hot"))
                        .addRequirements(TableRequirement.newBuilder().setAssertVersion(version))
                        .addUpdates(TableUpdate.newBuilder()
                                .setSetProperties(
                                        SetProperties.newBuilder().putProperties(key, Long.toString(version))))
                        .build());
                return conflicts;
            } catch (CatalogClientException e) {
                if (e.reason() != ErrorReason.REQUIREMENT_FAILED && e.reason() != ErrorReason.COMMIT_CONFLICT) {
                    throw e;
                }
                conflicts++;
            }
        }
    }

    @Test
    void leaseHeldThroughOneServerBlocksTheOtherUntilReleaseOrExpiry() throws Exception {
        AcquireLeaseRequest exclusive = AcquireLeaseRequest.newBuilder()
                .addResources(LeaseResource.newBuilder()
                        .setNamespace("shared")
                        .setTable("not_yet")
                        .setMode(LeaseMode.EXCLUSIVE))
                .setHolder("test")
                .setTtlMs(30_000)
                .build();
        Lease held = one.acquireLease(exclusive);
        assertThat(held.getState()).isEqualTo(LeaseState.ACQUIRED);
        Lease waiting = two.acquireLease(exclusive.toBuilder().setTtlMs(60_000).build());
        assertThat(waiting.getState()).isEqualTo(LeaseState.WAITING);
        assertThat(two.getLease(waiting.getId()).getState()).isEqualTo(LeaseState.WAITING);

        one.releaseLease(held.getId());
        assertThat(two.getLease(waiting.getId()).getState()).isEqualTo(LeaseState.ACQUIRED);

        Lease third = one.acquireLease(exclusive.toBuilder().setTtlMs(60_000).build());
        assertThat(third.getState()).isEqualTo(LeaseState.WAITING);
        // The second lease is not heartbeated past its ttl only if we stop; instead release it by expiry:
        Lease shortLived = two.acquireLease(AcquireLeaseRequest.newBuilder()
                .addResources(LeaseResource.newBuilder()
                        .setNamespace("shared")
                        .setTable("expiring")
                        .setMode(LeaseMode.EXCLUSIVE))
                .setHolder("forgetful")
                .setTtlMs(3_000)
                .build());
        Lease behind = one.acquireLease(AcquireLeaseRequest.newBuilder()
                .addResources(LeaseResource.newBuilder()
                        .setNamespace("shared")
                        .setTable("expiring")
                        .setMode(LeaseMode.EXCLUSIVE))
                .setHolder("patient")
                .setTtlMs(60_000)
                .build());
        assertThat(behind.getState()).isEqualTo(LeaseState.WAITING);
        // ttls with room for a loaded machine: a 1 s lease once expired before the next call came
        Thread.sleep(4_000);
        assertThat(one.getLease(behind.getId()).getState()).isEqualTo(LeaseState.ACQUIRED);
        CatalogClientException expired = org.junit.jupiter.api.Assertions.assertThrows(
                CatalogClientException.class, () -> two.heartbeatLease(shortLived.getId()));
        assertThat(expired.reason()).isEqualTo(ErrorReason.LEASE_NOT_FOUND);

        two.releaseLease(waiting.getId());
        assertThat(one.getLease(third.getId()).getState()).isEqualTo(LeaseState.ACQUIRED);
    }
}
