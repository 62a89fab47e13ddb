package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a lake table holds as of one snapshot, whole or in one partition, counted from the metrics its
 * data and delete files carry in their manifests. {@code recordCount} counts data files' records before
 * any delete file is applied (as Iceberg's {@code total-records} does); {@code deleteRecordCount} counts
 * the delete files' records. Columns are those some data file carried metrics for, by field id.
 */
public record LakeFigures(
        long recordCount,
        long dataFileCount,
        long deleteFileCount,
        long deleteRecordCount,
        long totalSizeBytes,
        List<ColumnFigures> columns) {

    public static final LakeFigures NONE = new LakeFigures(0, 0, 0, 0, 0, List.of());

    public LakeFigures {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
    }
}
