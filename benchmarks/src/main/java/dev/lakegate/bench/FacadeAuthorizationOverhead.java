package dev.lakegate.bench;

import dev.lakegate.bench.thrift.HiveShapes;
import dev.lakegate.bench.thrift.Server;
import dev.lakegate.bench.thrift.ThriftCalls;
import dev.lakegate.realhms.LakegateDistribution;
import dev.lakegate.realhms.LakegateProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.HiveObjectPrivilege;
import org.apache.hadoop.hive.metastore.api.HiveObjectRef;
import org.apache.hadoop.hive.metastore.api.HiveObjectType;
import org.apache.hadoop.hive.metastore.api.PrincipalType;
import org.apache.hadoop.hive.metastore.api.PrivilegeBag;
import org.apache.hadoop.hive.metastore.api.PrivilegeGrantInfo;

/**
 * What enforcing authorization costs a read through the HMS facade: {@code get_table_req} over Thrift (plain
 * socket, binary protocol, as Hive's clients connect) by a user ({@code set_ugi}) granted SELECT on the table's
 * database, against two gateways ({@code lakegate serve}, embedded H2, child JVMs from
 * {@code benchmarks/target/lakegate-lib}), one with authorization off and one enforcing, in alternating rounds.
 * Enforcing opens objects nobody holds a grant on ({@code --authorization-ungranted allow}) so that the start
 * probe's anonymous {@code get_all_databases} passes; the reader's table is granted, so its checks find the grant.
 * Not a test: run it by hand ({@code java -cp ... dev.lakegate.bench.FacadeAuthorizationOverhead [calls]}); it
 * prints p50 and p99 of each.
 */
public final class FacadeAuthorizationOverhead {

    private static final String ADMIN = "etl";
    private static final String READER = "reader";
    private static final List<String> JVM = List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC", "-Xss4m");

    private FacadeAuthorizationOverhead() {}

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        Path dir = Files.createTempDirectory("lakegate-facade-authz-bench-");
        LakegateDistribution lib =
                LakegateDistribution.flat(Path.of("benchmarks/target/lakegate-lib"), "mvn -pl benchmarks -am package");
        try (LakegateProcess off = start(lib, dir.resolve("off"), List.of());
                LakegateProcess enforce = start(
                        lib,
                        dir.resolve("enforce"),
                        List.of(
                                "--authorization",
                                "enforce",
                                "--authorization-admins",
                                ADMIN,
                                "--authorization-ungranted",
                                "allow"))) {
            prepare(off, false);
            prepare(enforce, true);
            try (Server.Connection offReader = reader(off);
                    Server.Connection enforceReader = reader(enforce)) {
                GetTableRequest request = ThriftCalls.getTableRequest(HiveShapes.tableName(0));
                AuthorizationOverhead.compare(
                        "get_table_req through the HMS facade (Thrift, loopback, embedded H2)",
                        calls,
                        () -> offReader.client().get_table_req(request),
                        () -> enforceReader.client().get_table_req(request));
            }
        } finally {
            try (var paths = Files.walk(dir)) {
                paths.sorted(java.util.Comparator.reverseOrder())
                        .forEach(path -> path.toFile().delete());
            }
        }
    }

    private static LakegateProcess start(LakegateDistribution lib, Path workDir, List<String> authorization)
            throws Exception {
        Files.createDirectories(workDir);
        List<String> arguments = new ArrayList<>(
                List.of("--grpc-port", "-1", "--data", workDir.resolve("data").toString()));
        arguments.addAll(authorization);
        return LakegateProcess.start(
                new LakegateProcess.Launch(lib, workDir, workDir.resolve("lakegate.log"), JVM, "WARN", arguments));
    }

    private static Server.Connection connect(LakegateProcess gateway, String user) throws Exception {
        Server.Connection connection = new Server("Lakegate", "", gateway.port(), gateway.jvm(), 0).connect();
        connection.client().set_ugi(user, List.of());
        return connection;
    }

    private static Server.Connection reader(LakegateProcess gateway) throws Exception {
        return connect(gateway, READER);
    }

    /** The database and its first table, made by their owner; with checks on, the reader granted SELECT on it. */
    private static void prepare(LakegateProcess gateway, boolean grant) throws Exception {
        try (Server.Connection admin = connect(gateway, ADMIN)) {
            admin.client().create_database(HiveShapes.database());
            admin.client().create_table(HiveShapes.table(HiveShapes.tableName(0)));
            if (grant) {
                HiveObjectRef database =
                        new HiveObjectRef(HiveObjectType.DATABASE, HiveShapes.DATABASE, null, null, null);
                PrivilegeGrantInfo select = new PrivilegeGrantInfo("SELECT", 0, ADMIN, PrincipalType.USER, false);
                admin.client()
                        .grant_privileges(new PrivilegeBag(
                                List.of(new HiveObjectPrivilege(database, READER, PrincipalType.USER, select, "SQL"))));
            }
        }
    }
}
