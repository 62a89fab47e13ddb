package dev.lakegate.launcher;

import dev.lakegate.catalog.server.grpc.CatalogGrpcServer;
import dev.lakegate.catalog.server.grpc.GrpcServerTls;
import dev.lakegate.catalog.server.metadata.TableFileIO;
import dev.lakegate.catalog.server.service.AcidHousekeeper;
import dev.lakegate.catalog.server.service.CatalogService;
import dev.lakegate.catalog.server.store.JdbcCatalogStore;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code lakegate catalog-server}: the native catalog alone, over gRPC. */
@Command(
        name = "catalog-server",
        mixinStandardHelpOptions = true,
        description = "Runs the native lake catalog over gRPC, without the Thrift facade.")
final class CatalogServerCommand implements Callable<Integer> {

    private static final Logger log = LoggerFactory.getLogger(CatalogServerCommand.class);

    @Option(
            names = "--grpc-host",
            defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    String grpcHost;

    @Option(
            names = "--grpc-port",
            defaultValue = "9090",
            description = "gRPC port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int grpcPort;

    @Option(
            names = "--grpc-threads",
            defaultValue = "16",
            description = "Threads serving gRPC calls (default: ${DEFAULT-VALUE}).")
    int grpcThreads;

    @Option(names = ConfigDefaults.CONFIG_FLAG, paramLabel = "FILE", description = "A properties file of options.")
    String config;

    @Mixin
    StoreOptions store;

    @Mixin
    TableFileOptions tableFiles;

    @Mixin
    CatalogOptions catalogOptions;

    @Mixin
    GrpcTlsOptions grpcTls;

    @Mixin
    GrpcTokenOptions grpcTokens;

    @Mixin
    AuthorizationOptions authorization;

    @Override
    public Integer call() throws Exception {
        Optional<GrpcServerTls> tls = grpcTls.tls();
        JdbcCatalogStore catalogStore = store.open();
        TableFileIO files = tableFiles.open();
        CatalogService catalog = new CatalogService(catalogStore, files, catalogOptions.settings());
        CatalogGrpcServer.Builder builder = CatalogGrpcServer.builder(catalog, catalog)
                .listen(grpcHost, grpcPort)
                .executorThreads(grpcThreads)
                .authorization(authorization.settings());
        tls.ifPresent(builder::tls);
        grpcTokens.authentication().ifPresent(builder::authenticateNetworkCalls);
        CatalogGrpcServer server = builder.start();
        AcidHousekeeper housekeeper = AcidHousekeeper.start(catalog.acidTransactions(), AcidHousekeeper.INTERVAL);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            log.info("shutting down");
                            housekeeper.close();
                            server.close();
                            catalogStore.close();
                            files.close();
                        },
                        "lakegate-shutdown"));
        catalogStore.whenDead(death -> {
            server.reportNotServing();
            StoreDeathExit.exit("catalog-server", death);
        });
        // The port line is what scripts and tests wait for; keep its shape.
        System.out.println("lakegate catalog-server listening on " + grpcHost + ":" + server.port()
                + tls.map(on -> " (" + on.describe() + ")").orElse("") + " (catalog in " + store.describe() + ")");
        System.out.flush();
        server.awaitTermination();
        return 0;
    }
}
