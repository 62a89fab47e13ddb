package dev.lakegate.bench;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.server.authz.AuthorizationMode;
import dev.lakegate.catalog.server.authz.AuthorizationSettings;
import dev.lakegate.catalog.server.grpc.CatalogGrpcServer;
import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrivilegeGrant;
import dev.lakegate.catalog.server.model.PrivilegeObject;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.service.RequestContext;
import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import dev.lakegate.catalog.v1.GetTableRequest;
import dev.lakegate.catalog.v1.TableView;
import dev.lakegate.realhms.ScratchPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What enforcing authorization costs a read: GetTable over gRPC on the loopback, one caller holding SELECT on
 * the table's namespace, against one catalog (embedded H2, or a scratch PostgreSQL database on 127.0.0.1:5432
 * as user postgres) served twice, with authorization off and enforcing. Rounds alternate between the two so
 * that both see the same JIT and store warmth. Not a test: run it by hand
 * ({@code java -cp ... dev.lakegate.bench.AuthorizationOverhead [calls] [h2|postgres] [max-staleness-ms]}); it
 * prints p50 and p99 of each.
 */
public final class AuthorizationOverhead {

    private static final String POSTGRES = "jdbc:postgresql://127.0.0.1:5432/postgres";

    private AuthorizationOverhead() {}

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        String storeName = args.length > 1 ? args[1] : "h2";
        Duration maxStaleness = Duration.ofMillis(args.length > 2 ? Long.parseLong(args[2]) : 0);
        if (storeName.equals("postgres")) {
            try (ScratchPostgres database = ScratchPostgres.create(POSTGRES, "postgres", "");
                    JdbcCatalogStore store = JdbcCatalogStore.openPostgres(database.jdbcUrl(), "postgres", "")) {
                measure(store, calls, "PostgreSQL", maxStaleness);
            }
            return;
        }
        Path dir = Files.createTempDirectory("lakegate-authz-bench-");
        try (JdbcCatalogStore store = JdbcCatalogStore.openH2(dir)) {
            measure(store, calls, "H2", maxStaleness);
        } finally {
            try (var paths = Files.walk(dir)) {
                paths.sorted(java.util.Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            }
        }
    }

    private static void measure(JdbcCatalogStore store, int calls, String storeName, Duration maxStaleness)
            throws Exception {
        CatalogService catalog = new CatalogService(store);
        catalog.createNamespace(BenchTables.namespace(), RequestContext.of("owner"));
        Table table = catalog.createTable(BenchTables.hiveTable("t000"), RequestContext.of("owner"));
        catalog.privileges()
                .grant(List.of(new PrivilegeGrant(
                        PrivilegeObject.namespace("hive", BenchTables.NAMESPACE),
                        Principal.user("reader"),
                        "SELECT",
                        false,
                        Optional.of(Principal.user("owner")),
                        Instant.EPOCH,
                        "")));
        GetTableRequest request = GetTableRequest.newBuilder()
                .setTable(TableMapper.toProto(table.identifier()))
                .setView(TableView.BASIC)
                .build();
        try (CatalogGrpcServer off = serve(catalog, AuthorizationSettings.OFF);
                CatalogGrpcServer enforce = serve(
                        catalog,
                        new AuthorizationSettings(
                                AuthorizationMode.ENFORCE, Set.of(), false, Optional.empty(), maxStaleness));
                CatalogClient offClient = client(off);
                CatalogClient enforceClient = client(enforce)) {
            compare(
                    "GetTable over gRPC (loopback, " + storeName + "), enforcing with a maximum staleness of "
                            + maxStaleness.toMillis() + " ms",
                    calls,
                    () -> offClient.getTable(request),
                    () -> enforceClient.getTable(request));
        }
    }

    /** One call, timed. */
    interface Call {
        void run() throws Exception;
    }

    /**
     * Times {@code calls} of each, in 10 rounds alternating between them after an untimed round of each, and
     * prints p50 and p99 of each under {@code title}.
     */
    static void compare(String title, int calls, Call off, Call enforce) throws Exception {
        int rounds = 10;
        int perRound = calls / rounds;
        long[] offNanos = new long[rounds * perRound];
        long[] enforceNanos = new long[rounds * perRound];
        time(off, new long[perRound], 0, perRound);
        time(enforce, new long[perRound], 0, perRound);
        for (int round = 0; round < rounds; round++) {
            time(off, offNanos, round * perRound, perRound);
            time(enforce, enforceNanos, round * perRound, perRound);
        }
        System.out.println(title + ", " + rounds * perRound + " calls each:");
        System.out.println("  authorization off:     " + percentiles(offNanos));
        System.out.println("  authorization enforce: " + percentiles(enforceNanos));
    }

    /** Times {@code count} calls into {@code nanos} from {@code from}. */
    private static void time(Call call, long[] nanos, int from, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            call.run();
            nanos[from + i] = System.nanoTime() - start;
        }
    }

    private static CatalogGrpcServer serve(CatalogService catalog, AuthorizationSettings settings)
            throws java.io.IOException {
        return CatalogGrpcServer.builder(catalog, catalog)
                .listen(0)
                .authorization(settings)
                .start();
    }

    private static CatalogClient client(CatalogGrpcServer server) {
        return CatalogClient.forAddress("127.0.0.1", server.port()).withPrincipal("reader");
    }

    private static String percentiles(long[] nanos) {
        int count = nanos.length;
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        return String.format(
                "p50 %.1f µs, p99 %.1f µs", sorted[count / 2] / 1_000.0, sorted[(int) (count * 0.99)] / 1_000.0);
    }
}
