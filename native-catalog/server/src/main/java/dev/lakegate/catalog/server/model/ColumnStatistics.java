package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.util.Optional;

/** Statistics of one column of a table or partition, as engines compute them. */
public record ColumnStatistics(
        String column,
        String type,
        Optional<Long> numNulls,
        Optional<Long> numDistinct,
        byte[] bitVectors,
        byte[] histogram,
        Data data) {

    public ColumnStatistics {
        requireNonNull(column, "column is null");
        type = Namespace.nullToEmpty(type);
        requireNonNull(numNulls, "numNulls is null");
        requireNonNull(numDistinct, "numDistinct is null");
        bitVectors = bitVectors == null ? new byte[0] : bitVectors.clone();
        histogram = histogram == null ? new byte[0] : histogram.clone();
        requireNonNull(data, "data is null");
    }

    @Override
    public byte[] bitVectors() {
        return bitVectors.clone();
    }

    @Override
    public byte[] histogram() {
        return histogram.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ColumnStatistics that
                && column.equals(that.column)
                && type.equals(that.type)
                && numNulls.equals(that.numNulls)
                && numDistinct.equals(that.numDistinct)
                && java.util.Arrays.equals(bitVectors, that.bitVectors)
                && java.util.Arrays.equals(histogram, that.histogram)
                && data.equals(that.data);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(column, type, numNulls, numDistinct, data);
    }

    public sealed interface Data {}

    public record BooleanData(long numTrues, long numFalses) implements Data {}

    public record LongData(Optional<Long> low, Optional<Long> high) implements Data {}

    public record DoubleData(Optional<Double> low, Optional<Double> high) implements Data {}

    public record DecimalData(Optional<BigDecimal> low, Optional<BigDecimal> high) implements Data {}

    public record StringData(long maxLength, double averageLength) implements Data {}

    public record BinaryData(long maxLength, double averageLength) implements Data {}

    public record DateData(Optional<Long> lowDays, Optional<Long> highDays) implements Data {}

    public record TimestampData(Optional<Long> lowSeconds, Optional<Long> highSeconds) implements Data {}

    /** Statistics that carry only counts (a column of a type with no low/high). */
    public record NoData() implements Data {}
}
