package dev.lakegate.translator.mapping.statistics;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.ColumnStatistics;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;

/** The kind of statistics: from HMS's set field, from the native message's case, or for an aggregate. */
public final class StatisticsKinds {

    private static final StatisticsKind DECIMAL = new DecimalKind();
    private static final List<StatisticsKind> KINDS = List.of(
            new BooleanKind(),
            new LongKind(),
            new DoubleKind(),
            DECIMAL,
            new StringKind(),
            new BinaryKind(),
            new DateKind(),
            new TimestampKind());
    private static final Map<ColumnStatisticsData._Fields, StatisticsKind> BY_FIELD =
            index(ColumnStatisticsData._Fields.class, StatisticsKind::field);
    private static final Map<ColumnStatistics.DataCase, StatisticsKind> BY_CASE =
            index(ColumnStatistics.DataCase.class, StatisticsKind::nativeCase);

    private StatisticsKinds() {}

    /** @throws NullPointerException if {@code data} has no field set */
    public static StatisticsKind of(ColumnStatisticsData data) {
        return BY_FIELD.get(requireNonNull(data.getSetField(), "statistics have no kind"));
    }

    /** Empty for {@code DATA_NOT_SET}. */
    public static Optional<StatisticsKind> of(ColumnStatistics.DataCase nativeCase) {
        return Optional.ofNullable(BY_CASE.get(nativeCase));
    }

    /**
     * The kind of get_aggr_stats_for's answer for a column: the one its type names, as HMS chooses it;
     * for a type no kind names, the kind of the first partition's statistics (decimal if they have none).
     */
    public static StatisticsKind forAggregate(String type, ColumnStatisticsData first) {
        String name = type == null ? "" : type.toLowerCase(Locale.ROOT);
        return KINDS.stream()
                .filter(kind -> kind.aggregatesType(name))
                .findFirst()
                .orElseGet(() -> first.getSetField() == null ? DECIMAL : BY_FIELD.get(first.getSetField()));
    }

    private static <K extends Enum<K>> Map<K, StatisticsKind> index(Class<K> type, Function<StatisticsKind, K> key) {
        Map<K, StatisticsKind> index = new EnumMap<>(type);
        KINDS.forEach(kind -> index.put(key.apply(kind), kind));
        return Collections.unmodifiableMap(index);
    }
}
