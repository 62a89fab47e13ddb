package dev.lakegate.translator.mapping.statistics;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.util.Optional;
import org.apache.thrift.TBase;
import org.apache.thrift.TFieldIdEnum;

/**
 * The Thrift struct of a kind with a range (long, double, decimal, date or timestamp statistics),
 * through the fields the five share. Hive's IDL numbers them alike in all five: low value 1, high
 * value 2, nulls 3, distinct values 4, bit vectors 5, histogram 6; and a Thrift field id is the wire
 * format every client relies on, so it cannot change. Reading and writing by id lets the rules the
 * five have in common be written once. Values are those of the struct's own getters and setters:
 * boxed numbers, HMS's Decimal, Date or Timestamp, and bytes.
 */
final class RangedStats<V> {

    private static final short LOW = 1;
    private static final short HIGH = 2;
    private static final short NULLS = 3;
    private static final short DISTINCT = 4;
    private static final short BIT_VECTORS = 5;
    private static final short HISTOGRAM = 6;

    private final TBase<?, ?> struct;
    private final Class<V> type;

    /** @param type the class of the low and high values */
    RangedStats(TBase<?, ?> struct, Class<V> type) {
        this.struct = requireNonNull(struct, "struct is null");
        this.type = requireNonNull(type, "type is null");
    }

    TBase<?, ?> struct() {
        return struct;
    }

    Range<V> range() {
        return new Range<>(get(LOW).map(type::cast), get(HIGH).map(type::cast));
    }

    /** Sets the bounds the range has; a bound it lacks is left as it is. */
    void setRange(Range<V> range) {
        range.low().ifPresent(low -> set(LOW, low));
        range.high().ifPresent(high -> set(HIGH, high));
    }

    long nulls() {
        return (Long) value(NULLS);
    }

    void setNulls(long nulls) {
        set(NULLS, nulls);
    }

    long distinct() {
        return (Long) value(DISTINCT);
    }

    void setDistinct(long distinct) {
        set(DISTINCT, distinct);
    }

    /** Null when unset. */
    byte[] bitVectors() {
        return (byte[]) value(BIT_VECTORS);
    }

    void setBitVectors(ByteBuffer bitVectors) {
        set(BIT_VECTORS, bitVectors);
    }

    /** Null when unset. */
    byte[] histogram() {
        return (byte[]) value(HISTOGRAM);
    }

    void setHistogram(ByteBuffer histogram) {
        set(HISTOGRAM, histogram);
    }

    /** Unsets the bit vectors and the histogram. */
    void dropSketches() {
        set(BIT_VECTORS, null);
        set(HISTOGRAM, null);
    }

    private Optional<Object> get(short id) {
        return isSet(struct, id) ? Optional.of(value(id)) : Optional.empty();
    }

    private Object value(short id) {
        return value(struct, id);
    }

    /** A null value unsets the field. */
    private void set(short id, Object value) {
        set(struct, id, value);
    }

    private static <F extends TFieldIdEnum> boolean isSet(TBase<?, F> struct, short id) {
        return struct.isSet(struct.fieldForId(id));
    }

    private static <F extends TFieldIdEnum> Object value(TBase<?, F> struct, short id) {
        return struct.getFieldValue(struct.fieldForId(id));
    }

    private static <F extends TFieldIdEnum> void set(TBase<?, F> struct, short id, Object value) {
        struct.setFieldValue(struct.fieldForId(id), value);
    }
}
