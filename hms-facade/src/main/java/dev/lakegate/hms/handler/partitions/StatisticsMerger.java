package dev.lakegate.hms.handler.partitions;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.DateColumnStatsData;
import org.apache.hadoop.hive.metastore.api.Decimal;
import org.apache.hadoop.hive.metastore.api.DecimalColumnStatsData;
import org.apache.hadoop.hive.metastore.api.DoubleColumnStatsData;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.StringColumnStatsData;
import org.apache.hadoop.hive.metastore.api.TimestampColumnStatsData;

/**
 * MetaStoreServerUtils.mergeColStats with Hive's ColumnStatsMergers, without NDV estimators: low
 * values the minimum, high values the maximum, nulls (and trues, falses) summed, lengths the
 * maximum, the number of distinct values the larger. HMS merges the bit vectors when both sides
 * have them and estimates from the merged sketch; here the larger count is kept and the bit vectors
 * and histograms of a merged column are dropped, since a sketch of one side would misstate the
 * merged data.
 */
public final class StatisticsMerger {

    private StatisticsMerger() {}

    /** Merges {@code old} into {@code fresh}, column by column; columns only in {@code fresh} stay as they are. */
    public static void merge(ColumnStatistics fresh, ColumnStatistics old) {
        Map<String, ColumnStatisticsObj> byName = new HashMap<>();
        old.getStatsObj().forEach(object -> byName.put(object.getColName(), object));
        for (ColumnStatisticsObj object : fresh.getStatsObj()) {
            ColumnStatisticsObj previous = byName.get(object.getColName());
            if (previous != null && previous.getStatsData().getSetField() == object.getStatsData().getSetField()) {
                merge(object.getStatsData(), previous.getStatsData());
            }
        }
    }

    private static void merge(ColumnStatisticsData into, ColumnStatisticsData other) {
        switch (into.getSetField()) {
            case BOOLEAN_STATS -> {
                BooleanColumnStatsData a = into.getBooleanStats();
                BooleanColumnStatsData b = other.getBooleanStats();
                a.setNumTrues(a.getNumTrues() + b.getNumTrues());
                a.setNumFalses(a.getNumFalses() + b.getNumFalses());
                a.setNumNulls(a.getNumNulls() + b.getNumNulls());
                a.unsetBitVectors();
            }
            case LONG_STATS -> {
                LongColumnStatsData a = into.getLongStats();
                LongColumnStatsData b = other.getLongStats();
                if (b.isSetLowValue()) {
                    a.setLowValue(a.isSetLowValue() ? Math.min(a.getLowValue(), b.getLowValue()) : b.getLowValue());
                }
                if (b.isSetHighValue()) {
                    a.setHighValue(a.isSetHighValue() ? Math.max(a.getHighValue(), b.getHighValue()) : b.getHighValue());
                }
                a.setNumNulls(a.getNumNulls() + b.getNumNulls());
                a.setNumDVs(Math.max(a.getNumDVs(), b.getNumDVs()));
                a.unsetBitVectors();
                a.unsetHistogram();
            }
            case DOUBLE_STATS -> {
                DoubleColumnStatsData a = into.getDoubleStats();
                DoubleColumnStatsData b = other.getDoubleStats();
                if (b.isSetLowValue()) {
                    a.setLowValue(a.isSetLowValue() ? Math.min(a.getLowValue(), b.getLowValue()) : b.getLowValue());
                }
                if (b.isSetHighValue()) {
                    a.setHighValue(a.isSetHighValue() ? Math.max(a.getHighValue(), b.getHighValue()) : b.getHighValue());
                }
                a.setNumNulls(a.getNumNulls() + b.getNumNulls());
                a.setNumDVs(Math.max(a.getNumDVs(), b.getNumDVs()));
                a.unsetBitVectors();
                a.unsetHistogram();
            }
            case DECIMAL_STATS -> {
                DecimalColumnStatsData a = into.getDecimalStats();
                DecimalColumnStatsData b = other.getDecimalStats();
                if (b.isSetLowValue()) {
                    a.setLowValue(!a.isSetLowValue() || value(b.getLowValue()).compareTo(value(a.getLowValue())) < 0
                            ? b.getLowValue() : a.getLowValue());
                }
                if (b.isSetHighValue()) {
                    a.setHighValue(!a.isSetHighValue() || value(b.getHighValue()).compareTo(value(a.getHighValue())) > 0
                            ? b.getHighValue() : a.getHighValue());
                }
                a.setNumNulls(a.getNumNulls() + b.getNumNulls());
                a.setNumDVs(Math.max(a.getNumDVs(), b.getNumDVs()));
                a.unsetBitVectors();
                a.unsetHistogram();
            }
            case DATE_STATS -> {
                DateColumnStatsData a = into.getDateStats();
                DateColumnStatsData b = other.getDateStats();
                if (b.isSetLowValue()) {
                    a.setLowValue(!a.isSetLowValue()
                            || b.getLowValue().getDaysSinceEpoch() < a.getLowValue().getDaysSinceEpoch()
                            ? b.getLowValue() : a.getLowValue());
                }
                if (b.isSetHighValue()) {
                    a.setHighValue(!a.isSetHighValue()
                            || b.getHighValue().getDaysSinceEpoch() > a.getHighValue().getDaysSinceEpoch()
                            ? b.getHighValue() : a.getHighValue());
                }
                a.setNumNulls(a.getNumNulls() + b.getNumNulls());
                a.setNumDVs(Math.max(a.getNumDVs(), b.getNumDVs()));
                a.unsetBitVectors();
                a.unsetHistogram();
            }
            case TIMESTAMP_STATS -> {
                TimestampColumnStatsData a = into.getTimestampStats();
                TimestampColumnStatsData b = other.getTimestampStats();
                if (b.isSetLowValue()) {
                    a.setLowValue(!a.isSetLowValue()
                            || b.getLowValue().getSecondsSinceEpoch() < a.getLowValue().getSecondsSinceEpoch()
                            ? b.getLowValue() : a.getLowValue());
                }
                if (b.isSetHighValue()) {
                    a.setHighValue(!a.isSetHighValue()
                            || b.getHighValue().getSecondsSinceEpoch() > a.getHighValue().getSecondsSinceEpoch()
                            ? b.getHighValue() : a.getHighValue());
                }
                a.setNumNulls(a.getNumNulls() + b.getNumNulls());
                a.setNumDVs(Math.max(a.getNumDVs(), b.getNumDVs()));
                a.unsetBitVectors();
                a.unsetHistogram();
            }
            case STRING_STATS -> {
                StringColumnStatsData a = into.getStringStats();
                StringColumnStatsData b = other.getStringStats();
                a.setMaxColLen(Math.max(a.getMaxColLen(), b.getMaxColLen()));
                a.setAvgColLen(Math.max(a.getAvgColLen(), b.getAvgColLen()));
                a.setNumNulls(a.getNumNulls() + b.getNumNulls());
                a.setNumDVs(Math.max(a.getNumDVs(), b.getNumDVs()));
                a.unsetBitVectors();
            }
            case BINARY_STATS -> {
                BinaryColumnStatsData a = into.getBinaryStats();
                BinaryColumnStatsData b = other.getBinaryStats();
                a.setMaxColLen(Math.max(a.getMaxColLen(), b.getMaxColLen()));
                a.setAvgColLen(Math.max(a.getAvgColLen(), b.getAvgColLen()));
                a.setNumNulls(a.getNumNulls() + b.getNumNulls());
                a.unsetBitVectors();
            }
        }
    }

    private static BigDecimal value(Decimal decimal) {
        return new BigDecimal(new BigInteger(decimal.getUnscaled()), decimal.getScale());
    }
}
