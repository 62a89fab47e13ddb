package dev.lakegate.conformance.targets;

import dev.lakegate.realhms.FileTrees;
import java.net.URI;
import java.nio.file.Path;

/**
 * A metastore that the scenarios talk to over Thrift, with a real Hive client: the real Apache Hive
 * Metastore ({@link RealHiveMetastore}) or a Lakegate gateway ({@link LakegateGateway}). Scenarios see nothing else.
 */
public interface MetastoreTarget extends AutoCloseable {

    /** A short name for reports and test names, e.g. {@code hms-3.1.3} or {@code lakegate}. */
    String name();

    /** Starts the target and returns once it answers a Thrift call. Idempotent. */
    void start() throws Exception;

    /** Stops the target and frees its port. Idempotent; never throws. */
    void stop();

    /** Where a client connects, e.g. {@code thrift://127.0.0.1:40123}. Only valid once started. */
    URI thriftUri();

    /**
     * The warehouse folder the target puts managed databases and tables in, on this machine, so that
     * the tests can look at what the target made there.
     */
    Path warehouseDir();

    /** The warehouse folder as the target writes it into locations, e.g. {@code file:/tmp/x/warehouse}. */
    default String warehouseUri() {
        return FileTrees.hadoopUri(warehouseDir());
    }

    @Override
    default void close() {
        stop();
    }
}
