package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** A scheduled query's identity: the namespace of the engine cluster that runs it, and its name there. */
public record ScheduledQueryKey(String clusterNamespace, String name) {

    public ScheduledQueryKey {
        requireNonNull(clusterNamespace, "clusterNamespace is null");
        requireNonNull(name, "name is null");
    }

    @Override
    public String toString() {
        return name + "@" + clusterNamespace;
    }
}
