package dev.lakegate.launcher;

import dev.lakegate.hms.handler.limits.Limits;
import dev.lakegate.hms.handler.tables.ManagedTables;
import dev.lakegate.hms.server.auth.ThriftAuthentication;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import javax.security.auth.login.LoginException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code lakegate serve}: the gateway, Thrift (HMS) in front of the catalog. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Runs the gateway: the Hive Metastore Thrift API in front of the native catalog.")
final class ServeCommand implements Callable<Integer> {

    private static final Logger log = LoggerFactory.getLogger(ServeCommand.class);

    @Option(
            names = "--thrift-host",
            defaultValue = "127.0.0.1",
            description = "Thrift address (default: ${DEFAULT-VALUE}).")
    String thriftHost;

    @Option(
            names = "--thrift-port",
            defaultValue = "9083",
            description = "Thrift (HMS) port; 0 picks one (default: ${DEFAULT-VALUE}).")
    int thriftPort;

    @Option(
            names = "--grpc-host",
            defaultValue = "127.0.0.1",
            description = "gRPC address of the embedded catalog (default: ${DEFAULT-VALUE}).")
    String grpcHost;

    @Option(
            names = "--grpc-port",
            defaultValue = "9090",
            description = "gRPC port of the embedded catalog; 0 picks one, -1 serves it in-process only "
                    + "(default: ${DEFAULT-VALUE}).")
    int grpcPort;

    @Option(
            names = "--catalog",
            paramLabel = "HOST:PORT",
            converter = HostAndPortConverter.class,
            description = "Use a remote catalog server instead of the embedded one.")
    HostAndPort catalog;

    @Option(
            names = "--warehouse",
            description = "Warehouse root for managed databases and tables (default: file: <data>/warehouse).")
    String warehouse;

    @Option(
            names = "--max-message-size",
            defaultValue = "104857600",
            description = "Largest Thrift message accepted, in bytes (default: ${DEFAULT-VALUE}, as HMS).")
    int maxMessageSize;

    @Option(
            names = "--thrift-threads",
            defaultValue = "200",
            description = "Threads serving Thrift calls (default: ${DEFAULT-VALUE}).")
    int thriftThreads;

    @Option(
            names = "--max-inflight-bytes",
            defaultValue = "0",
            description = "Thrift request bytes the server holds at once (read, waiting or running); above it, "
                    + "connections holding more than 64 KiB stop reading until calls are answered "
                    + "(default: an eighth of the heap).")
    long maxInFlightBytes;

    @Option(
            names = "--max-connection-inflight-bytes",
            defaultValue = "0",
            description = "Thrift request bytes one connection holds before it stops reading while a call of it "
                    + "waits or runs (default: the max message size).")
    long maxConnectionInFlightBytes;

    @Option(
            names = "--reply-read-timeout",
            defaultValue = "60",
            description = "Seconds a Thrift client may read none of the replies waiting for it before its "
                    + "connection is closed (default: ${DEFAULT-VALUE}).")
    int replyReadTimeoutSeconds;

    @Option(
            names = "--lock-timeout",
            defaultValue = "300",
            description =
                    "Seconds an HMS lock lives without a heartbeat, as hive.txn.timeout (default: ${DEFAULT-VALUE}).")
    int lockTimeoutSeconds;

    @Option(
            names = "--legacy",
            paramLabel = "URI",
            description = "A running Hive Metastore to front (thrift://host:port): it answers for every database "
                    + "the catalog does not own.")
    java.net.URI legacy;

    @Option(
            names = "--legacy-timeout",
            defaultValue = "10",
            description = "Seconds a call forwarded to the legacy metastore may take (default: ${DEFAULT-VALUE}).")
    int legacyTimeoutSeconds;

    @Option(
            names = "--expressions-dir",
            paramLabel = "DIR",
            description = "The folder of Hive's reader of partition expressions (get_partitions_by_expr and its "
                    + "kin), as the build lays it out (default: expressions/ beside lakegate.jar).")
    Path expressionsDir;

    @Option(
            names = "--managed-tables",
            paramLabel = "by-client|external|managed",
            defaultValue = "by-client",
            converter = ManagedTablesConverter.class,
            description = "What a created managed table that is not transactional becomes: by-client keeps it "
                    + "managed for Hive 2.3 and 3.1 clients (create_table, as HMS 3.1) and makes it external, "
                    + "purged on drop, for Hive 4 clients (create_table_req, as HMS 4.0); external does so for "
                    + "every client; managed for none (default: ${DEFAULT-VALUE}).")
    ManagedTables managedTables;

    // A map option, repeatable; from the environment (LAKEGATE_LIMIT) or the config file (limit = …) as a
    // comma-separated list, which split turns into the same entries.
    @Option(
            names = "--limit",
            paramLabel = "NAME=VALUE",
            split = ",",
            description = "Sets a limit on what one HMS call may carry, repeatable (e.g. --limit columns=20000); "
                    + "the limits and their defaults are in README.md, \"Limits\". An unknown name is refused.")
    Map<String, String> limits;

    @Spec
    CommandSpec spec;

    @Option(names = ConfigDefaults.CONFIG_FLAG, paramLabel = "FILE", description = "A properties file of options.")
    String config;

    @Mixin
    StoreOptions store;

    @Mixin
    TableFileOptions tableFiles;

    @Mixin
    CatalogOptions catalogOptions;

    @Mixin
    ThriftTlsOptions thriftTls;

    @Mixin
    GrpcTlsOptions grpcTls;

    @Mixin
    CatalogTlsOptions catalogTls;

    @Mixin
    GrpcTokenOptions grpcTokens;

    @Mixin
    CatalogTokenOptions catalogToken;

    @Mixin
    ThriftAuthOptions thriftAuth;

    @Mixin
    AuthorizationOptions authorization;

    /** The folder given, else the one beside the launcher's jar if there is one. */
    private Optional<Path> expressionReader() {
        if (expressionsDir != null) {
            return Optional.of(expressionsDir);
        }
        Optional<Path> beside = ExpressionReaderFolder.besideLauncher();
        if (beside.isEmpty()) {
            log.warn("no reader of Hive's partition expressions (no folder expressions/ beside lakegate.jar):"
                    + " get_partitions_by_expr, get_partitions_spec_by_expr and drop_partitions_req by expression"
                    + " answer a MetaException");
        }
        return beside;
    }

    @Override
    public Integer call() throws Exception {
        // Before anything starts: a limit misspelt must not leave a gateway running on its default.
        Limits callLimits = callLimits();
        Optional<ThriftAuthentication> authentication = thriftAuthentication();
        String warehouseRoot = warehouse != null && !warehouse.isEmpty()
                ? warehouse
                : "file:" + store.data.toAbsolutePath().normalize().resolve("warehouse");
        GatewayConfig config = new GatewayConfig(
                thriftHost,
                thriftPort,
                grpcHost,
                grpcPort,
                store,
                tableFiles,
                Optional.ofNullable(catalog),
                warehouseRoot,
                maxMessageSize,
                thriftThreads,
                maxInFlightBytes,
                maxConnectionInFlightBytes,
                replyReadTimeoutSeconds,
                lockTimeoutSeconds,
                Optional.ofNullable(legacy),
                legacyTimeoutSeconds,
                callLimits,
                expressionReader(),
                managedTables,
                catalogOptions.settings(),
                grpcTokens,
                catalogToken,
                authentication,
                authorization.settings(),
                thriftAuth.userGroups());
        GatewayTls tls = new GatewayTls(thriftTls.tls(), grpcTls.tls(), catalogTls.tls());
        Gateway gateway = Gateway.start(config, tls);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            log.info("shutting down");
                            gateway.close();
                            stopped.countDown();
                        },
                        "lakegate-shutdown"));
        gateway.whenStoreDead(death -> StoreDeathExit.exit("serve", death));
        // Scripts and tests wait for this line; keep its shape.
        System.out.println("lakegate serve listening on " + thriftHost + ":" + gateway.thriftPort()
                + (tls.thrift().isPresent() ? " (thrift, TLS)" : " (thrift)")
                + gateway.grpcPort()
                        .map(port -> ", " + grpcHost + ":" + port
                                + tls.grpc()
                                        .map(on -> " (grpc, " + on.describe() + ")")
                                        .orElse(" (grpc)"))
                        .orElse("")
                + "; catalog " + (catalog != null ? "at " + catalog : "in " + store.describe())
                + "; warehouse " + gateway.warehouse()
                + (legacy != null ? "; legacy metastore " + legacy : ""));
        System.out.flush();
        stopped.await();
        return 0;
    }

    /** The {@code --thrift-auth} settings, ready to serve; a setting missing or contradicted is a usage error. */
    private Optional<ThriftAuthentication> thriftAuthentication() throws IOException, LoginException {
        try {
            return thriftAuth.open();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "Invalid Thrift authentication: " + e.getMessage());
        }
    }

    /** The {@code --limit} settings over the defaults; an unknown name or a bad value is a usage error. */
    Limits callLimits() {
        try {
            return Limits.of(limits == null ? Map.of() : limits);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "Invalid --limit: " + e.getMessage());
        }
    }

    static final class ManagedTablesConverter implements picocli.CommandLine.ITypeConverter<ManagedTables> {
        @Override
        public ManagedTables convert(String value) {
            try {
                return ManagedTables.of(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class HostAndPortConverter implements picocli.CommandLine.ITypeConverter<HostAndPort> {
        @Override
        public HostAndPort convert(String value) {
            return HostAndPort.parse(value);
        }
    }
}
