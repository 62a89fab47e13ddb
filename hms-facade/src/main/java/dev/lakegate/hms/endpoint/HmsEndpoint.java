package dev.lakegate.hms.endpoint;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.expressions.PartitionExpressions;
import dev.lakegate.hms.handler.CatalogCalls;
import dev.lakegate.hms.handler.FacadeSettings;
import dev.lakegate.hms.handler.HmsAreas;
import dev.lakegate.hms.handler.ReplyBudget;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.handler.limits.Limits;
import dev.lakegate.hms.handler.tokens.DelegationTokens;
import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.idl.HmsProcessor;
import dev.lakegate.hms.legacy.DatabaseRoutes;
import dev.lakegate.hms.legacy.LegacyEventCopier;
import dev.lakegate.hms.legacy.LegacyMetastore;
import dev.lakegate.hms.legacy.LegacyRouter;
import dev.lakegate.hms.server.ThriftServer;
import dev.lakegate.hms.server.ThriftServerStats;
import dev.lakegate.hms.server.ThriftTls;
import dev.lakegate.hms.server.auth.ThriftAuthentication;
import dev.lakegate.hms.server.auth.UserGroups;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * The HMS door of one catalog: every area of the handler over a catalog client, behind a Thrift server
 * and, in front of a running HMS, the router that sends each database's calls where its route says.
 * One place puts these together, whoever runs them: {@code lakegate serve} and the tests.
 */
public final class HmsEndpoint implements AutoCloseable {

    /** How long a gateway keeps a database's route: a route changed in the catalog holds everywhere after this. */
    public static final Duration ROUTE_CACHE = Duration.ofSeconds(2);

    /** How often a gateway in front of a legacy metastore looks for new events in its notification log. */
    public static final Duration LEGACY_EVENTS_INTERVAL = Duration.ofSeconds(1);

    private final ThriftServer thrift;
    private final Optional<LegacyMetastore> legacy;
    private final Optional<LegacyEventCopier> legacyEvents;
    private final ReplyBudget replies;

    private HmsEndpoint(
            ThriftServer thrift,
            Optional<LegacyMetastore> legacy,
            Optional<LegacyEventCopier> legacyEvents,
            ReplyBudget replies) {
        this.thrift = thrift;
        this.legacy = legacy;
        this.legacyEvents = legacyEvents;
        this.replies = replies;
    }

    public static Builder builder(CatalogClient catalog, Warehouse warehouse) {
        return new Builder(catalog, warehouse);
    }

    public int port() {
        return thrift.port();
    }

    /** What the calls in progress hold of the catalog's answers, and the bounds. */
    public ReplyBudget replies() {
        return replies;
    }

    /** The Thrift server's counters: connections, calls, in-flight bytes. */
    public ThriftServerStats stats() {
        return thrift.stats();
    }

    /**
     * Stops the Thrift server and the copying of the legacy metastore's log, then the connections to the legacy
     * metastore; not the catalog client.
     */
    @Override
    public void close() {
        try {
            legacyEvents.ifPresent(LegacyEventCopier::close);
            thrift.close();
        } finally {
            legacy.ifPresent(LegacyMetastore::close);
        }
    }

    public static final class Builder {

        private final CatalogClient catalog;
        private final Warehouse warehouse;
        private FacadeSettings settings;
        private Limits limits = Limits.DEFAULTS;
        private String host = "127.0.0.1";
        private int port;
        private int maxMessageSize = ThriftServer.DEFAULT_MAX_MESSAGE_SIZE;
        private int workerThreads = ThriftServer.DEFAULT_WORKER_THREADS;
        private long maxInFlightBytes;
        private long maxConnectionInFlightBytes;
        private Duration replyReadTimeout = ThriftServer.DEFAULT_REPLY_READ_TIMEOUT;
        private Optional<URI> legacy = Optional.empty();
        private Duration legacyTimeout = Duration.ofSeconds(10);
        private Duration legacyEventsInterval = LEGACY_EVENTS_INTERVAL;
        private Optional<PartitionExpressions> expressions = Optional.empty();
        private Optional<ThriftTls> tls = Optional.empty();
        private Optional<ThriftAuthentication> authentication = Optional.empty();
        private UserGroups userGroups = UserGroups.fromSetUgi();

        private Builder(CatalogClient catalog, Warehouse warehouse) {
            this.catalog = requireNonNull(catalog, "catalog is null");
            this.warehouse = requireNonNull(warehouse, "warehouse is null");
            this.settings = HmsAreas.defaultSettings(warehouse);
        }

        public Builder settings(FacadeSettings settings) {
            this.settings = requireNonNull(settings, "settings is null");
            return this;
        }

        /** What one call may carry (names, parameters, partitions per call…), checked before any work. */
        public Builder limits(Limits limits) {
            this.limits = requireNonNull(limits, "limits is null");
            return this;
        }

        public Builder listen(String host, int port) {
            this.host = requireNonNull(host, "host is null");
            this.port = port;
            return this;
        }

        public Builder maxMessageSize(int bytes) {
            this.maxMessageSize = bytes;
            return this;
        }

        /** Request bytes held at once over every connection; 0 for the default, an eighth of the heap. */
        public Builder maxInFlightBytes(long bytes) {
            this.maxInFlightBytes = bytes;
            return this;
        }

        /** Request bytes one connection holds before it stops reading; 0 for the default, the max message size. */
        public Builder maxConnectionInFlightBytes(long bytes) {
            this.maxConnectionInFlightBytes = bytes;
            return this;
        }

        /** How long a client may read none of the replies waiting for it before its connection is closed. */
        public Builder replyReadTimeout(Duration timeout) {
            this.replyReadTimeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        public Builder workerThreads(int threads) {
            this.workerThreads = threads;
            return this;
        }

        /**
         * Fronts the metastore at {@code uri} (thrift://host:port); a call forwarded to it may take
         * {@code timeout}.
         */
        public Builder inFrontOf(URI uri, Duration timeout) {
            this.legacy = Optional.of(requireNonNull(uri, "uri is null"));
            this.legacyTimeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        /** How often the legacy metastore's notification log is read for events to copy into the catalog's. */
        public Builder legacyEventsInterval(Duration interval) {
            this.legacyEventsInterval = requireNonNull(interval, "interval is null");
            return this;
        }

        /**
         * The reader of Hive's partition expressions (get_partitions_by_expr and its kin); without one, those
         * calls answer a MetaException saying so.
         */
        public Builder partitionExpressions(PartitionExpressions reader) {
            this.expressions = Optional.of(requireNonNull(reader, "reader is null"));
            return this;
        }

        /** Serves HMS clients over TLS ({@code metastore.use.SSL} on their side). Default plaintext. */
        public Builder tls(ThriftTls tls) {
            this.tls = Optional.of(requireNonNull(tls, "tls is null"));
            return this;
        }

        /** Takes SASL clients only, authenticated as {@code authentication} says (default: no SASL). */
        public Builder authentication(ThriftAuthentication authentication) {
            this.authentication = Optional.of(requireNonNull(authentication, "authentication is null"));
            return this;
        }

        /** Where the groups of a Thrift caller come from (default: the groups its set_ugi names, without SASL). */
        public Builder userGroups(UserGroups userGroups) {
            this.userGroups = requireNonNull(userGroups, "userGroups is null");
            return this;
        }

        public HmsEndpoint start() throws IOException {
            ReplyBudget replies = ReplyBudget.of(limits);
            // as HMS: a metastore authenticating with Kerberos issues delegation tokens and takes them (DIGEST-MD5)
            Optional<DelegationTokens> tokens = authentication
                    .filter(ThriftAuthentication::issuesDelegationTokens)
                    .map(kerberos -> new DelegationTokens(kerberos.tokenLifetimes(), Clock.systemUTC()));
            HmsIface handler = HmsAreas.handler(
                    new CatalogCalls(catalog), warehouse, settings, limits, replies, expressions, tokens);
            ThriftServer.Builder server = ThriftServer.builder(HmsAreas.processor(handler))
                    .listen(host, port)
                    .maxMessageSize(maxMessageSize)
                    .workerThreads(workerThreads)
                    .replyReadTimeout(replyReadTimeout)
                    .userGroups(userGroups);
            tls.ifPresent(server::tls);
            authentication
                    .map(chosen -> tokens.map(issuer -> chosen.withDelegationTokens(id -> issuer.password(catalog, id)))
                            .orElse(chosen))
                    .ifPresent(server::authentication);
            if (maxInFlightBytes != 0) {
                server.maxInFlightBytes(maxInFlightBytes);
            }
            if (maxConnectionInFlightBytes != 0) {
                server.maxConnectionInFlightBytes(maxConnectionInFlightBytes);
            }
            // Bounded by the Thrift workers: a call never needs more than one upstream connection.
            Optional<LegacyMetastore> fronted =
                    legacy.map(uri -> new LegacyMetastore(uri, workerThreads, legacyTimeout));
            try {
                fronted.ifPresent(metastore -> server.router(new LegacyRouter(
                        HmsProcessor.allFunctions(handler),
                        handler,
                        metastore,
                        new DatabaseRoutes(catalog, ROUTE_CACHE))));
                ThriftServer started = server.start();
                Optional<LegacyEventCopier> copier =
                        fronted.map(metastore -> LegacyEventCopier.start(metastore, catalog, legacyEventsInterval));
                return new HmsEndpoint(started, fronted, copier, replies);
            } catch (IOException | RuntimeException e) {
                fronted.ifPresent(LegacyMetastore::close);
                throw e;
            }
        }
    }
}
