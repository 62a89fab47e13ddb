package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * One record of runtime statistics: an opaque payload an engine wrote about its own runs (Hive's
 * re-optimisation reads them back), with the time the catalog recorded it and a weight (how many
 * entries it stands for), by which a reader bounds how much it takes. The catalog never reads the payload.
 */
public record RuntimeStatistics(Instant createTime, int weight, byte[] payload) {

    public RuntimeStatistics {
        requireNonNull(createTime, "createTime is null");
        requireNonNull(payload, "payload is null");
    }
}
