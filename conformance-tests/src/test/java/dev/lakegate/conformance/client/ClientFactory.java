package dev.lakegate.conformance.client;

import dev.lakegate.conformance.targets.MetastoreTarget;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;

/**
 * Opens the real Hive client of this run's version ({@code HiveMetaStoreClient}, not the retrying proxy,
 * so that every exception reaches the scenario as the server sent it) against a target: remote mode
 * only, one connection attempt, no client-side retries, short timeouts.
 *
 * <p>Each client line has its own {@link HiveClientFactory} in {@code src/test/client-<line>/java}: the
 * build compiles only the one for the client on the classpath.
 */
public interface ClientFactory {

    /** Seconds a call may take before the client gives up. */
    int SOCKET_TIMEOUT_SECONDS = 60;

    IMetaStoreClient open(MetastoreTarget target) throws Exception;

    static ClientFactory current() {
        dev.lakegate.conformance.targets.Targets.checkClientSelection();
        return new HiveClientFactory();
    }
}
