package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

/** Hive's sort order of a bucketed table: order 1 is ascending, 0 descending. */
public record SortColumn(String column, int order) {

    public SortColumn {
        requireNonNull(column, "column is null");
    }
}
