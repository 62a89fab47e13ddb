package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A time-limited claim on namespaces or tables by name; it lapses unless heartbeated. One taken inside
 * one of Hive's transactions ({@code transactionId} not 0) is released when the transaction ends and
 * kept alive by its heartbeats.
 */
public record Lease(
        long id,
        List<Resource> resources,
        String holder,
        State state,
        Instant createTime,
        Optional<Instant> acquireTime,
        Instant expireTime,
        Duration ttl,
        long transactionId) {

    public Lease {
        resources = List.copyOf(resources);
        holder = Namespace.nullToEmpty(holder);
        requireNonNull(state, "state is null");
        requireNonNull(createTime, "createTime is null");
        requireNonNull(acquireTime, "acquireTime is null");
        requireNonNull(expireTime, "expireTime is null");
        requireNonNull(ttl, "ttl is null");
    }

    public enum State {
        ACQUIRED,
        WAITING
    }

    public enum Mode {
        SHARED,
        EXCLUSIVE;

        public boolean conflictsWith(Mode other) {
            return this == EXCLUSIVE || other == EXCLUSIVE;
        }
    }

    /** A namespace (table empty: the whole namespace) or a table of a catalog, which need not exist. */
    public record Resource(String namespace, String table, Mode mode, String catalog) {
        public Resource {
            requireNonNull(namespace, "namespace is null");
            table = Namespace.nullToEmpty(table);
            requireNonNull(mode, "mode is null");
            catalog = catalog == null || catalog.isEmpty() ? NamedCatalog.DEFAULT : catalog;
        }

        /** A namespace or table of the default catalog. */
        public Resource(String namespace, String table, Mode mode) {
            this(namespace, table, mode, NamedCatalog.DEFAULT);
        }

        public boolean overlaps(Resource other) {
            return catalog.equals(other.catalog)
                    && namespace.equals(other.namespace)
                    && (table.isEmpty() || other.table.isEmpty() || table.equals(other.table));
        }

        public boolean conflictsWith(Resource other) {
            return overlaps(other) && mode.conflictsWith(other.mode);
        }
    }
}
