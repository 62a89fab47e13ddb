package dev.lakegate.conformance.diff;

import dev.lakegate.conformance.client.ClientFactory;
import dev.lakegate.conformance.targets.MetastoreTarget;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;

/**
 * Runs the same call with this run's real Hive client on two targets, the reference (the real HMS) and
 * the candidate (Lakegate), and compares what came back once each is normalised against its own
 * warehouse. Each target gets its own client connection, opened on first use and kept until
 * {@link #close()}.
 *
 * <pre>{@code
 * try (Differential diff = new Differential(Targets.realHms(), lakegate)) {
 *     diff.run("get_database", c -> c.getDatabase("db1")).assertSame();
 *     diff.run("get_table missing", c -> c.getTable("db1", "nope")).assertSame();
 * }
 * }</pre>
 */
public final class Differential implements AutoCloseable {

    /** One call with the client; may throw whatever the client throws. */
    @FunctionalInterface
    public interface Call<T> {
        T apply(IMetaStoreClient client) throws Exception;
    }

    private final MetastoreTarget reference;
    private final MetastoreTarget candidate;
    private final ClientFactory clients;
    private IMetaStoreClient referenceClient;
    private IMetaStoreClient candidateClient;

    public Differential(MetastoreTarget reference, MetastoreTarget candidate) {
        this(reference, candidate, ClientFactory.current());
    }

    public Differential(MetastoreTarget reference, MetastoreTarget candidate, ClientFactory clients) {
        this.reference = reference;
        this.candidate = candidate;
        this.clients = clients;
    }

    public <T> Comparison run(String call, Call<T> action) throws Exception {
        if (referenceClient == null) {
            referenceClient = clients.open(reference);
        }
        if (candidateClient == null) {
            candidateClient = clients.open(candidate);
        }
        Outcome onReference = outcome(action, referenceClient, Normaliser.of(reference));
        Outcome onCandidate = outcome(action, candidateClient, Normaliser.of(candidate));
        return new Comparison(call, reference.name(), onReference, candidate.name(), onCandidate);
    }

    /** Runs a call on one target only and normalises what came back (for setting up, or for oracle facts). */
    public static <T> Outcome outcome(Call<T> action, IMetaStoreClient client, Normaliser normaliser) {
        try {
            return Outcome.value(normaliser.normalise(action.apply(client)));
        } catch (Exception e) {
            return Outcome.failure(e, normaliser);
        }
    }

    @Override
    public void close() {
        if (referenceClient != null) {
            referenceClient.close();
        }
        if (candidateClient != null) {
            candidateClient.close();
        }
    }
}
