package dev.lakegate.translator.mapping.statistics;

import static java.util.Objects.requireNonNull;

import java.util.Comparator;
import java.util.Optional;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;

/** A low and a high value, either of which statistics may lack. */
record Range<V>(Optional<V> low, Optional<V> high) {

    Range {
        requireNonNull(low, "low is null");
        requireNonNull(high, "high is null");
    }

    static <V> Range<V> none() {
        return new Range<>(Optional.empty(), Optional.empty());
    }

    static <V> Range<V> of(boolean hasLow, Supplier<V> low, boolean hasHigh, Supplier<V> high) {
        return new Range<>(
                hasLow ? Optional.of(low.get()) : Optional.empty(),
                hasHigh ? Optional.of(high.get()) : Optional.empty());
    }

    <R> Range<R> map(Function<? super V, ? extends R> convert) {
        return new Range<>(low.map(convert), high.map(convert));
    }

    /**
     * The lower low and the higher high of this range and {@code offered}: a bound only one side has is
     * kept, and of two {@code lower} (or {@code higher}) picks, given this range's value first.
     */
    Range<V> widen(Range<V> offered, BinaryOperator<V> lower, BinaryOperator<V> higher) {
        return new Range<>(either(low, offered.low, lower), either(high, offered.high, higher));
    }

    /** The lower by {@code order}; the current (first) value when the two compare equal. */
    static <V> BinaryOperator<V> lowerBy(Comparator<? super V> order) {
        return (current, offered) -> order.compare(offered, current) < 0 ? offered : current;
    }

    /** The higher by {@code order}; the current (first) value when the two compare equal. */
    static <V> BinaryOperator<V> higherBy(Comparator<? super V> order) {
        return (current, offered) -> order.compare(offered, current) > 0 ? offered : current;
    }

    private static <V> Optional<V> either(Optional<V> current, Optional<V> offered, BinaryOperator<V> pick) {
        if (current.isEmpty()) {
            return offered;
        }
        return offered.isEmpty() ? current : Optional.of(pick.apply(current.get(), offered.get()));
    }
}
