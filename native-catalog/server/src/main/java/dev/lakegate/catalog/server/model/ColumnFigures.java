package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * One column's figures over a table's or partition's live data files. Counts add up the files that
 * carried them ({@code filesCounted} of them; fewer than the data files means the counts are partial).
 * Bounds are the lowest lower and highest upper bound any file carried: a file removed later leaves them
 * as they were, so they stay true bounds but may be wider than the live files need. Each bound is kept
 * in Iceberg's single-value serialization (base64, {@code lowerBoundBytes}) and as readable text.
 * {@code filesWithoutBounds} counts the data files that held values of the column but no bounds for it (its
 * metrics mode then was {@code counts}, or its values were all NaN): while there are any, the bounds are those
 * of the other files only, not of the column. Rows recorded before it was counted read 0.
 */
public record ColumnFigures(
        int fieldId,
        String name,
        long valueCount,
        long nullCount,
        long filesCounted,
        Optional<String> lowerBound,
        Optional<String> upperBound,
        Optional<String> lowerBoundBytes,
        Optional<String> upperBoundBytes,
        long filesWithoutBounds) {

    public ColumnFigures {
        name = Namespace.nullToEmpty(name);
        requireNonNull(lowerBound, "lowerBound is null");
        requireNonNull(upperBound, "upperBound is null");
        requireNonNull(lowerBoundBytes, "lowerBoundBytes is null");
        requireNonNull(upperBoundBytes, "upperBoundBytes is null");
    }
}
