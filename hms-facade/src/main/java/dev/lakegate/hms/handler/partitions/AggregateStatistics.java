package dev.lakegate.hms.handler.partitions;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AggrStats;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Date;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Decimal;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Timestamp;
import org.apache.hadoop.hive.metastore.api.TimestampColumnStatsData;

/**
 * get_aggr_stats_for as HMS 4.0.1 computes it by default (direct SQL, bit vectors and histograms
 * not fetched, {@code metastore.stats.ndv.tuner=0}, no density function): MetaStoreDirectSql's
 * aggrStatsUseDB and StatObjectConverter.fillColumnStatisticsData. Per column (and column type,
 * as HMS groups them): nulls, trues and falses summed; low values the minimum, high values the
 * maximum; average and maximum lengths the maximum; the number of distinct values the largest
 * partition's, for integral, date and timestamp columns at most {@code high - low + 1}. The kind of
 * the result follows the column's type name, as in HMS. {@code partsFound} counts the partitions
 * that have statistics for every requested column.
 *
 * <p>Not done: HMS's linear extrapolation for a column that has statistics in some (at least two,
 * but not all) of the requested partitions; those are aggregated over the partitions that have
 * them. No bit vectors are merged, and none are returned.
 */
public final class AggregateStatistics {

    private AggregateStatistics() {}

    /** @param byPartition the statistics of each requested partition that has any, for the requested columns */
    public static AggrStats aggregate(List<String> columns, List<List<ColumnStatisticsObj>> byPartition) {
        if (columns.isEmpty() || byPartition.isEmpty()) {
            return new AggrStats(new ArrayList<>(), 0);
        }
        long partsFound = 0;
        Map<String, Map<String, List<ColumnStatisticsObj>>> groups = new LinkedHashMap<>();
        columns.forEach(column -> groups.put(column, new LinkedHashMap<>()));
        for (List<ColumnStatisticsObj> partition : byPartition) {
            int matching = 0;
            for (ColumnStatisticsObj object : partition) {
                Map<String, List<ColumnStatisticsObj>> byType = groups.get(object.getColName());
                if (byType != null) {
                    matching++;
                    byType.computeIfAbsent(object.getColType(), type -> new ArrayList<>()).add(object);
                }
            }
            if (matching == columns.size()) {
                partsFound++;
            }
        }
        List<ColumnStatisticsObj> result = new ArrayList<>();
        groups.forEach((column, byType) -> byType.forEach((type, objects) ->
                result.add(new ColumnStatisticsObj(column, type, aggregate(type, objects)))));
        return new AggrStats(result, partsFound);
    }

    private static ColumnStatisticsData aggregate(String type, List<ColumnStatisticsObj> objects) {
        String name = type == null ? "" : type.toLowerCase(Locale.ROOT);
        ColumnStatisticsData first = objects.get(0).getStatsData();
        ColumnStatisticsData result = new ColumnStatisticsData();
        if (name.equals("boolean") || (!known(name) && first.isSetBooleanStats())) {
            BooleanColumnStatsData data = new BooleanColumnStatsData(0, 0, 0);
            for (ColumnStatisticsObj object : objects) {
                if (object.getStatsData().isSetBooleanStats()) {
                    BooleanColumnStatsData stats = object.getStatsData().getBooleanStats();
                    data.setNumTrues(data.getNumTrues() + stats.getNumTrues());
                    data.setNumFalses(data.getNumFalses() + stats.getNumFalses());
                    data.setNumNulls(data.getNumNulls() + stats.getNumNulls());
                }
            }
            result.setBooleanStats(data);
        } else if (name.equals("string") || name.startsWith("varchar") || name.startsWith("char")
                || (!known(name) && first.isSetStringStats())) {
            Numbers numbers = new Numbers();
            objects.forEach(object -> numbers.add(object.getStatsData()));
            result.setStringStats(new StringColumnStatsData(numbers.maxLength, numbers.averageLength, numbers.nulls,
                    numbers.distinct));
        } else if (name.equals("binary") || (!known(name) && first.isSetBinaryStats())) {
            Numbers numbers = new Numbers();
            objects.forEach(object -> numbers.add(object.getStatsData()));
            result.setBinaryStats(new BinaryColumnStatsData(numbers.maxLength, numbers.averageLength, numbers.nulls));
        } else if (integral(name) || name.equals("date") || name.equals("timestamp")
                || (!known(name) && (first.isSetLongStats() || first.isSetDateStats() || first.isSetTimestampStats()))) {
            Numbers numbers = new Numbers();
            objects.forEach(object -> numbers.add(object.getStatsData()));
            long distinct = numbers.distinct;
            if (numbers.longLow != null && numbers.longHigh != null) {
                distinct = Math.min(distinct, numbers.longHigh - numbers.longLow + 1);
            }
            if (name.equals("date") || (!integral(name) && !name.equals("timestamp") && first.isSetDateStats())) {
                DateColumnStatsData data = new DateColumnStatsData(numbers.nulls, distinct);
                if (numbers.longLow != null) {
                    data.setLowValue(new Date(numbers.longLow));
                }
                if (numbers.longHigh != null) {
                    data.setHighValue(new Date(numbers.longHigh));
                }
                result.setDateStats(data);
            } else if (name.equals("timestamp") || (!integral(name) && first.isSetTimestampStats())) {
                TimestampColumnStatsData data = new TimestampColumnStatsData(numbers.nulls, distinct);
                if (numbers.longLow != null) {
                    data.setLowValue(new Timestamp(numbers.longLow));
                }
                if (numbers.longHigh != null) {
                    data.setHighValue(new Timestamp(numbers.longHigh));
                }
                result.setTimestampStats(data);
            } else {
                LongColumnStatsData data = new LongColumnStatsData(numbers.nulls, distinct);
                if (numbers.longLow != null) {
                    data.setLowValue(numbers.longLow);
                }
                if (numbers.longHigh != null) {
                    data.setHighValue(numbers.longHigh);
                }
                result.setLongStats(data);
            }
        } else if (name.equals("double") || name.equals("float") || (!known(name) && first.isSetDoubleStats())) {
            Numbers numbers = new Numbers();
            objects.forEach(object -> numbers.add(object.getStatsData()));
            DoubleColumnStatsData data = new DoubleColumnStatsData(numbers.nulls, numbers.distinct);
            if (numbers.doubleLow != null) {
                data.setLowValue(numbers.doubleLow);
            }
            if (numbers.doubleHigh != null) {
                data.setHighValue(numbers.doubleHigh);
            }
            result.setDoubleStats(data);
        } else {
            Numbers numbers = new Numbers();
            objects.forEach(object -> numbers.add(object.getStatsData()));
            DecimalColumnStatsData data = new DecimalColumnStatsData(numbers.nulls, numbers.distinct);
            if (numbers.decimalLow != null) {
                data.setLowValue(decimal(numbers.decimalLow));
            }
            if (numbers.decimalHigh != null) {
                data.setHighValue(decimal(numbers.decimalHigh));
            }
            result.setDecimalStats(data);
        }
        return result;
    }

    private static boolean integral(String name) {
        return name.equals("bigint") || name.equals("int") || name.equals("smallint") || name.equals("tinyint");
    }

    private static boolean known(String name) {
        return name.equals("boolean") || name.equals("string") || name.startsWith("varchar") || name.startsWith("char")
                || name.equals("binary") || integral(name) || name.equals("date") || name.equals("timestamp")
                || name.equals("double") || name.equals("float") || name.startsWith("decimal");
    }

    private static Decimal decimal(BigDecimal value) {
        return new Decimal((short) value.scale(), ByteBuffer.wrap(value.unscaledValue().toByteArray()));
    }

    private static BigDecimal bigDecimal(Decimal value) {
        return new BigDecimal(new BigInteger(value.getUnscaled()), value.getScale());
    }

    /** The SQL aggregates over one column's statistics: sums, minima and maxima of the set values. */
    private static final class Numbers {
        long nulls;
        long distinct;
        long maxLength;
        double averageLength;
        Long longLow;
        Long longHigh;
        Double doubleLow;
        Double doubleHigh;
        BigDecimal decimalLow;
        BigDecimal decimalHigh;

        void add(ColumnStatisticsData data) {
            switch (data.getSetField()) {
                case LONG_STATS -> {
                    LongColumnStatsData stats = data.getLongStats();
                    counts(stats.getNumNulls(), stats.getNumDVs());
                    if (stats.isSetLowValue()) {
                        longLow = longLow == null ? stats.getLowValue() : Math.min(longLow, stats.getLowValue());
                    }
                    if (stats.isSetHighValue()) {
                        longHigh = longHigh == null ? stats.getHighValue() : Math.max(longHigh, stats.getHighValue());
                    }
                }
                case DATE_STATS -> {
                    DateColumnStatsData stats = data.getDateStats();
                    counts(stats.getNumNulls(), stats.getNumDVs());
                    if (stats.isSetLowValue()) {
                        long low = stats.getLowValue().getDaysSinceEpoch();
                        longLow = longLow == null ? low : Math.min(longLow, low);
                    }
                    if (stats.isSetHighValue()) {
                        long high = stats.getHighValue().getDaysSinceEpoch();
                        longHigh = longHigh == null ? high : Math.max(longHigh, high);
                    }
                }
                case TIMESTAMP_STATS -> {
                    TimestampColumnStatsData stats = data.getTimestampStats();
                    counts(stats.getNumNulls(), stats.getNumDVs());
                    if (stats.isSetLowValue()) {
                        long low = stats.getLowValue().getSecondsSinceEpoch();
                        longLow = longLow == null ? low : Math.min(longLow, low);
                    }
                    if (stats.isSetHighValue()) {
                        long high = stats.getHighValue().getSecondsSinceEpoch();
                        longHigh = longHigh == null ? high : Math.max(longHigh, high);
                    }
                }
                case DOUBLE_STATS -> {
                    DoubleColumnStatsData stats = data.getDoubleStats();
                    counts(stats.getNumNulls(), stats.getNumDVs());
                    if (stats.isSetLowValue()) {
                        doubleLow = doubleLow == null ? stats.getLowValue() : Math.min(doubleLow, stats.getLowValue());
                    }
                    if (stats.isSetHighValue()) {
                        doubleHigh = doubleHigh == null ? stats.getHighValue()
                                : Math.max(doubleHigh, stats.getHighValue());
                    }
                }
                case DECIMAL_STATS -> {
                    DecimalColumnStatsData stats = data.getDecimalStats();
                    counts(stats.getNumNulls(), stats.getNumDVs());
                    if (stats.isSetLowValue()) {
                        BigDecimal low = bigDecimal(stats.getLowValue());
                        decimalLow = decimalLow == null || low.compareTo(decimalLow) < 0 ? low : decimalLow;
                    }
                    if (stats.isSetHighValue()) {
                        BigDecimal high = bigDecimal(stats.getHighValue());
                        decimalHigh = decimalHigh == null || high.compareTo(decimalHigh) > 0 ? high : decimalHigh;
                    }
                }
                case STRING_STATS -> {
                    StringColumnStatsData stats = data.getStringStats();
                    counts(stats.getNumNulls(), stats.getNumDVs());
                    lengths(stats.getMaxColLen(), stats.getAvgColLen());
                }
                case BINARY_STATS -> {
                    BinaryColumnStatsData stats = data.getBinaryStats();
                    counts(stats.getNumNulls(), 0);
                    lengths(stats.getMaxColLen(), stats.getAvgColLen());
                }
                case BOOLEAN_STATS -> counts(data.getBooleanStats().getNumNulls(), 0);
            }
        }

        private void counts(long numNulls, long numDistinct) {
            nulls += numNulls;
            distinct = Math.max(distinct, numDistinct);
        }

        private void lengths(long max, double average) {
            maxLength = Math.max(maxLength, max);
            averageLength = Math.max(averageLength, average);
        }
    }
}
