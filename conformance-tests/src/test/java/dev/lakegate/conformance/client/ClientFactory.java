package dev.lakegate.conformance.client;

import dev.lakegate.conformance.targets.MetastoreTarget;
import java.net.URI;
import java.util.Map;
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

    default IMetaStoreClient open(MetastoreTarget target) throws Exception {
        return open(target.thriftUri(), Map.of());
    }

    /**
     * A client of the metastore at {@code uri} with {@code settings} over this factory's own, by their Hive names
     * ({@code hive.metastore.sasl.enabled}, ...), which every client line reads: 2.3's HiveConf by that name,
     * 3.1's and 4.0's MetastoreConf when its own {@code metastore.*} name is unset.
     */
    IMetaStoreClient open(URI uri, Map<String, String> settings) throws Exception;

    static ClientFactory current() {
        dev.lakegate.conformance.targets.Targets.checkClientSelection();
        return new HiveClientFactory();
    }
}
