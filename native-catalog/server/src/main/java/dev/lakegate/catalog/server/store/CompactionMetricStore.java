package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.CompactionMetric;
import java.util.OptionalInt;

/** Hive's compaction metrics, each with a version its updates move. */
public interface CompactionMetricStore {

    /** The version the metric is kept at; empty when it is not kept. */
    OptionalInt version(CompactionMetric metric);

    /** Keeps a metric not kept yet, at version 1. */
    void insert(CompactionMetric metric, int value);

    /** Sets a kept metric's value if it is still at {@code version} (which moves by one); false: it moved on. */
    boolean update(CompactionMetric metric, int value, int version);

    /**
     * Removes the metric; one of no partition is removed from the table and each of its partitions, as HMS
     * removes it. The number removed.
     */
    int remove(CompactionMetric metric);
}
