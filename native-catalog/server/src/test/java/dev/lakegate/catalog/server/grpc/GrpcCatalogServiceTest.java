package dev.lakegate.catalog.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.client.EventStream;
import dev.lakegate.catalog.server.service.RequestContext;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.EventType;
import dev.lakegate.catalog.v1.GetTableRequest;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.catalog.v1.UpdateNamespaceRequest;
import dev.lakegate.catalog.v1.WatchEventsRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The service and the client together, in-process and over TCP, against a small real catalog. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GrpcCatalogServiceTest {

    private final InMemoryCatalog catalog = new InMemoryCatalog();
    private final List<AutoCloseable> resources = new ArrayList<>();
    private CatalogGrpcServer server;
    private CatalogClient client;

    @BeforeEach
    void start() throws IOException {
        server = start(CatalogGrpcServer.builder(catalog, catalog).maxWatches(4));
        client = open(CatalogClient.inProcess(server.inProcessName().orElseThrow()));
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    @Test
    void principalAndRequestIdReachTheCatalog() {
        client.withPrincipal("alice")
                .createNamespace(dev.lakegate.catalog.v1.CreateNamespaceRequest.newBuilder()
                        .setNamespace(Namespace.newBuilder().setName("shop"))
                        .setRequestId("req-7")
                        .build());
        client.createNamespace(Namespace.newBuilder().setName("anon").build());
        assertThat(catalog.contexts())
                .containsExactly(new RequestContext("alice", "req-7"), new RequestContext("anonymous", ""));
        assertThat(client.getNamespace("shop").getEtag()).isEqualTo("1");
    }

    @Test
    void catalogErrorsArriveTyped() {
        client.createNamespace(Namespace.newBuilder().setName("shop").build());
        assertThatThrownBy(() -> client.getNamespace("missing"))
                .isInstanceOfSatisfying(CatalogClientException.class, e -> {
                    assertThat(e.code()).isEqualTo(Status.Code.NOT_FOUND);
                    assertThat(e.reason()).isEqualTo(ErrorReason.NAMESPACE_NOT_FOUND);
                    assertThat(e.getMessage()).isEqualTo("namespace missing does not exist");
                    assertThat(e.metadata()).containsEntry("namespace", "missing");
                });
        assertThatThrownBy(() -> client.createNamespace(
                        Namespace.newBuilder().setName("shop").build()))
                .isInstanceOfSatisfying(CatalogClientException.class, e -> {
                    assertThat(e.code()).isEqualTo(Status.Code.ALREADY_EXISTS);
                    assertThat(e.reason()).isEqualTo(ErrorReason.NAMESPACE_ALREADY_EXISTS);
                });
        assertThatThrownBy(() -> client.updateNamespace(UpdateNamespaceRequest.newBuilder()
                        .setNamespace(Namespace.newBuilder().setName("shop"))
                        .setEtag("7")
                        .build()))
                .isInstanceOfSatisfying(CatalogClientException.class, e -> {
                    assertThat(e.code()).isEqualTo(Status.Code.ABORTED);
                    assertThat(e.reason()).isEqualTo(ErrorReason.ETAG_MISMATCH);
                });
    }

    @Test
    void invalidRequestsAreRefusedByTheEdgeBeforeTheCatalogSeesThem() {
        assertThatThrownBy(() -> client.updateNamespace(UpdateNamespaceRequest.newBuilder()
                        .setNamespace(Namespace.newBuilder().setName("shop"))
                        .setEtag("v7")
                        .build()))
                .isInstanceOfSatisfying(CatalogClientException.class, e -> {
                    assertThat(e.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.reason()).isEqualTo(ErrorReason.INVALID_ARGUMENT);
                    assertThat(e.getMessage()).isEqualTo("etag: malformed etag 'v7'");
                    assertThat(e.metadata()).containsEntry("field", "etag");
                });
        assertThat(catalog.contexts()).isEmpty();
        assertThatThrownBy(() -> client.getTable(
                        GetTableRequest.newBuilder().setViewValue(42).build()))
                .isInstanceOfSatisfying(
                        CatalogClientException.class,
                        e -> assertThat(e.getMessage()).isEqualTo("view: unknown value UNRECOGNIZED"));
    }

    @Test
    void watchReplaysThenFollowsThenStopsOnCancel() throws Exception {
        for (String name : List.of("a", "b", "c")) {
            client.createNamespace(Namespace.newBuilder().setName(name).build());
        }
        EventCollector collector = collect(
                client.watchEvents(WatchEventsRequest.newBuilder().setAfterId(1).build()));
        assertThat(collector.next().getId()).isEqualTo(2);
        assertThat(collector.next().getId()).isEqualTo(3);
        awaitTrue(() -> server.service().activeWatches() == 1);

        client.withPrincipal("bob").deleteNamespace("b", false);
        Event followed = collector.next();
        assertThat(followed.getId()).isEqualTo(4);
        assertThat(followed.getType()).isEqualTo(EventType.NAMESPACE_DELETED);
        assertThat(followed.getPrincipal()).isEqualTo("bob");
        assertThat(followed.getNamespaceChange().getBefore().getName()).isEqualTo("b");
        assertThat(followed.getNamespaceChange().hasAfter()).isFalse();

        collector.stream.close();
        // The server's watch notices the cancel and gives its thread back within about a second.
        awaitTrue(() -> server.service().activeWatches() == 0);
        assertThat(collector.stream.hasNext()).isFalse();
    }

    @Test
    void slowReaderHoldsTheWatchBack() throws Exception {
        int count = EventWatches.PAGE_SIZE * 3;
        for (int i = 0; i < count; i++) {
            catalog.createNamespace(dev.lakegate.catalog.server.model.Namespace.of("n" + i), RequestContext.of("x"));
        }
        EventStream stream = client.watchEvents(WatchEventsRequest.getDefaultInstance());
        resources.add(stream);
        assertThat(stream.next().getId()).isEqualTo(1);
        // Not reading on: flow control keeps the watch inside its first page instead of sending the rest.
        Thread.sleep(1_500);
        assertThat(catalog.eventReads()).isEqualTo(1);
        for (long id = 2; id <= count; id++) {
            assertThat(stream.next().getId()).isEqualTo(id);
        }
        assertThat(catalog.eventReads()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void filteredWatchSeesOnlyWhatItAskedFor() throws Exception {
        EventCollector collector = collect(client.watchEvents(WatchEventsRequest.newBuilder()
                .addTypes(EventType.NAMESPACE_UPDATED)
                .build()));
        client.createNamespace(Namespace.newBuilder().setName("a").build());
        client.createNamespace(Namespace.newBuilder().setName("b").build());
        client.updateNamespace(UpdateNamespaceRequest.newBuilder()
                .setNamespace(Namespace.newBuilder().setName("b").setComment("now with comment"))
                .build());
        Event event = collector.next();
        assertThat(event.getId()).isEqualTo(3);
        assertThat(event.getNamespaceChange().getAfter().getComment()).isEqualTo("now with comment");
        collector.stream.close();
    }

    @Test
    void watchesBeyondTheLimitAreRefusedAtOnce() throws Exception {
        for (int i = 0; i < 4; i++) {
            collect(client.watchEvents(WatchEventsRequest.getDefaultInstance()));
        }
        awaitTrue(() -> server.service().activeWatches() == 4);
        EventStream refused = client.watchEvents(WatchEventsRequest.getDefaultInstance());
        resources.add(refused);
        assertThatThrownBy(refused::hasNext)
                .isInstanceOfSatisfying(
                        CatalogClientException.class,
                        e -> assertThat(e.code()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
    }

    @Test
    void shutdownEndsWatchesWithUnavailable() throws Exception {
        EventCollector collector = collect(client.watchEvents(WatchEventsRequest.getDefaultInstance()));
        awaitTrue(() -> server.service().activeWatches() == 1);
        server.close();
        Object end = collector.items.poll(10, TimeUnit.SECONDS);
        assertThat(end)
                .isInstanceOfSatisfying(
                        CatalogClientException.class, e -> assertThat(e.code()).isEqualTo(Status.Code.UNAVAILABLE));
    }

    @Test
    void servesOverTcpWithHealth() throws IOException {
        CatalogGrpcServer tcp =
                start(CatalogGrpcServer.builder(catalog, catalog).listen(0));
        assertThat(tcp.port()).isPositive();
        CatalogClient remote = open(CatalogClient.forAddress("127.0.0.1", tcp.port()))
                .withPrincipal("carol")
                .withDeadline(Duration.ofSeconds(10));
        remote.createNamespace(Namespace.newBuilder().setName("over_tcp").build());
        assertThat(remote.listAllNamespaces()).extracting(Namespace::getName).containsExactly("over_tcp");
        assertThat(catalog.contexts()).containsExactly(new RequestContext("carol", ""));

        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", tcp.port())
                .usePlaintext()
                .build();
        resources.add(() -> channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS));
        HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel);
        assertThat(health.check(HealthCheckRequest.newBuilder()
                                .setService("lakegate.catalog.v1.CatalogService")
                                .build())
                        .getStatus())
                .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertThat(health.check(HealthCheckRequest.getDefaultInstance()).getStatus())
                .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    }

    @Test
    void unreachableServerFailsTypedToo() {
        CatalogClient nowhere = open(CatalogClient.inProcess("nothing-" + UUID.randomUUID()));
        assertThatThrownBy(() -> nowhere.getNamespace("x")).isInstanceOfSatisfying(CatalogClientException.class, e -> {
            assertThat(e.code()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(e.reason()).isEqualTo(ErrorReason.ERROR_REASON_UNSPECIFIED);
        });
    }

    private CatalogGrpcServer start(CatalogGrpcServer.Builder builder) throws IOException {
        CatalogGrpcServer started = builder.inProcess("catalog-test-" + UUID.randomUUID())
                .executorThreads(4)
                .shutdownTimeout(Duration.ofSeconds(5))
                .start();
        resources.add(started);
        return started;
    }

    private CatalogClient open(CatalogClient opened) {
        resources.add(opened);
        return opened;
    }

    private EventCollector collect(EventStream stream) {
        EventCollector collector = new EventCollector(stream);
        resources.add(stream);
        Thread reader = new Thread(collector, "test-event-reader");
        reader.setDaemon(true);
        reader.start();
        return collector;
    }

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 10 s");
            }
            Thread.sleep(20);
        }
    }

    /** Reads a stream on its own thread, so that a test waits with a timeout, never forever. */
    private static final class EventCollector implements Runnable {
        final EventStream stream;
        final BlockingQueue<Object> items = new LinkedBlockingQueue<>();

        EventCollector(EventStream stream) {
            this.stream = stream;
        }

        @Override
        public void run() {
            try {
                while (stream.hasNext()) {
                    items.add(stream.next());
                }
            } catch (RuntimeException e) {
                items.add(e);
            }
        }

        Event next() throws InterruptedException {
            Object item = items.poll(10, TimeUnit.SECONDS);
            assertThat(item).as("next event").isInstanceOf(Event.class);
            return (Event) item;
        }
    }
}
