package dev.lakegate.translator.mapping;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.v1.BinaryStatistics;
import dev.lakegate.catalog.v1.BooleanStatistics;
import dev.lakegate.catalog.v1.DateStatistics;
import dev.lakegate.catalog.v1.DecimalStatistics;
import dev.lakegate.catalog.v1.DecimalValue;
import dev.lakegate.catalog.v1.DoubleStatistics;
import dev.lakegate.catalog.v1.LongStatistics;
import dev.lakegate.catalog.v1.StatisticsTarget;
import dev.lakegate.catalog.v1.StringStatistics;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TimestampStatistics;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.PartitionNames;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.BinaryColumnStatsData;
import org.apache.hadoop.hive.metastore.api.BooleanColumnStatsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
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
 * HMS column statistics and native ones, all eight kinds with their bit vectors and (Hive 4)
 * histograms. The statistics' target is the table or, by name, one of its partitions; the engine is
 * Hive 4's ({@code "hive"} when unset). Not carried: {@code lastAnalyzed} (the proto has no field for
 * it; it comes back 0) and {@code isStatsCompliant}.
 */
public final class StatisticsMapper {

    public static final String DEFAULT_ENGINE = "hive";

    private StatisticsMapper() {}

    /** Native statistics: where they belong and one entry per column. */
    public record NativeStatistics(StatisticsTarget target, List<dev.lakegate.catalog.v1.ColumnStatistics> statistics) {}

    /** @param partitionKeys the table's partition key names, to read a partition name into values */
    public static NativeStatistics toNative(ColumnStatistics statistics, List<String> partitionKeys) {
        ColumnStatisticsDesc desc = statistics.getStatsDesc();
        StatisticsTarget.Builder target = StatisticsTarget.newBuilder()
                .setTable(TableIdentifier.newBuilder().setNamespace(HiveNames.normalize(desc.getDbName()))
                        .setName(HiveNames.normalize(desc.getTableName())))
                .setEngine(statistics.getEngine() == null ? DEFAULT_ENGINE : statistics.getEngine());
        if (!desc.isIsTblLevel()) {
            target.addAllPartitionValues(PartitionMapper.toNativeValues(
                    PartitionNames.valuesFor(desc.getPartName(), partitionKeys)));
        }
        List<dev.lakegate.catalog.v1.ColumnStatistics> columns = new ArrayList<>();
        for (ColumnStatisticsObj object : Values.list(statistics.getStatsObj())) {
            columns.add(toNative(object));
        }
        return new NativeStatistics(target.build(), columns);
    }

    /** @param partitionKeys the table's partition key names, to name a partition target */
    public static ColumnStatistics fromNative(StatisticsTarget target,
            List<dev.lakegate.catalog.v1.ColumnStatistics> statistics, List<String> partitionKeys) {
        boolean tableLevel = target.getPartitionValuesCount() == 0;
        ColumnStatisticsDesc desc = new ColumnStatisticsDesc(tableLevel, target.getTable().getNamespace(),
                target.getTable().getName());
        desc.setCatName(HiveNames.DEFAULT_CATALOG);
        if (!tableLevel) {
            desc.setPartName(PartitionNames.name(partitionKeys,
                    PartitionMapper.fromNativeValues(target.getPartitionValuesList())));
        }
        List<ColumnStatisticsObj> objects = new ArrayList<>();
        for (dev.lakegate.catalog.v1.ColumnStatistics column : statistics) {
            objects.add(fromNative(column));
        }
        ColumnStatistics result = new ColumnStatistics(desc, objects);
        result.setEngine(target.getEngine().isEmpty() ? DEFAULT_ENGINE : target.getEngine());
        return result;
    }

    public static dev.lakegate.catalog.v1.ColumnStatistics toNative(ColumnStatisticsObj object) {
        dev.lakegate.catalog.v1.ColumnStatistics.Builder result = dev.lakegate.catalog.v1.ColumnStatistics.newBuilder()
                .setColumn(object.getColName().toLowerCase(Locale.ROOT))
                .setType(Values.nullToEmpty(object.getColType()));
        ColumnStatisticsData data = object.getStatsData();
        switch (data.getSetField()) {
            case BOOLEAN_STATS -> {
                BooleanColumnStatsData stats = data.getBooleanStats();
                result.setNumNulls(stats.getNumNulls()).setBitVectors(bytes(stats.getBitVectors()))
                        .setBoolean(BooleanStatistics.newBuilder().setNumTrues(stats.getNumTrues())
                                .setNumFalses(stats.getNumFalses()));
            }
            case LONG_STATS -> {
                LongColumnStatsData stats = data.getLongStats();
                LongStatistics.Builder kind = LongStatistics.newBuilder();
                if (stats.isSetLowValue()) {
                    kind.setLow(stats.getLowValue());
                }
                if (stats.isSetHighValue()) {
                    kind.setHigh(stats.getHighValue());
                }
                result.setNumNulls(stats.getNumNulls()).setNumDistinct(stats.getNumDVs())
                        .setBitVectors(bytes(stats.getBitVectors())).setHistogram(bytes(stats.getHistogram()))
                        .setLong(kind);
            }
            case DOUBLE_STATS -> {
                DoubleColumnStatsData stats = data.getDoubleStats();
                DoubleStatistics.Builder kind = DoubleStatistics.newBuilder();
                if (stats.isSetLowValue()) {
                    kind.setLow(stats.getLowValue());
                }
                if (stats.isSetHighValue()) {
                    kind.setHigh(stats.getHighValue());
                }
                result.setNumNulls(stats.getNumNulls()).setNumDistinct(stats.getNumDVs())
                        .setBitVectors(bytes(stats.getBitVectors())).setHistogram(bytes(stats.getHistogram()))
                        .setDouble(kind);
            }
            case DECIMAL_STATS -> {
                DecimalColumnStatsData stats = data.getDecimalStats();
                DecimalStatistics.Builder kind = DecimalStatistics.newBuilder();
                if (stats.isSetLowValue()) {
                    kind.setLow(decimal(stats.getLowValue()));
                }
                if (stats.isSetHighValue()) {
                    kind.setHigh(decimal(stats.getHighValue()));
                }
                result.setNumNulls(stats.getNumNulls()).setNumDistinct(stats.getNumDVs())
                        .setBitVectors(bytes(stats.getBitVectors())).setHistogram(bytes(stats.getHistogram()))
                        .setDecimal(kind);
            }
            case STRING_STATS -> {
                StringColumnStatsData stats = data.getStringStats();
                result.setNumNulls(stats.getNumNulls()).setNumDistinct(stats.getNumDVs())
                        .setBitVectors(bytes(stats.getBitVectors()))
                        .setString(StringStatistics.newBuilder().setMaxLength(stats.getMaxColLen())
                                .setAverageLength(stats.getAvgColLen()));
            }
            case BINARY_STATS -> {
                BinaryColumnStatsData stats = data.getBinaryStats();
                result.setNumNulls(stats.getNumNulls()).setBitVectors(bytes(stats.getBitVectors()))
                        .setBinary(BinaryStatistics.newBuilder().setMaxLength(stats.getMaxColLen())
                                .setAverageLength(stats.getAvgColLen()));
            }
            case DATE_STATS -> {
                DateColumnStatsData stats = data.getDateStats();
                DateStatistics.Builder kind = DateStatistics.newBuilder();
                if (stats.isSetLowValue()) {
                    kind.setLowDays(stats.getLowValue().getDaysSinceEpoch());
                }
                if (stats.isSetHighValue()) {
                    kind.setHighDays(stats.getHighValue().getDaysSinceEpoch());
                }
                result.setNumNulls(stats.getNumNulls()).setNumDistinct(stats.getNumDVs())
                        .setBitVectors(bytes(stats.getBitVectors())).setHistogram(bytes(stats.getHistogram()))
                        .setDate(kind);
            }
            case TIMESTAMP_STATS -> {
                TimestampColumnStatsData stats = data.getTimestampStats();
                TimestampStatistics.Builder kind = TimestampStatistics.newBuilder();
                if (stats.isSetLowValue()) {
                    kind.setLowSeconds(stats.getLowValue().getSecondsSinceEpoch());
                }
                if (stats.isSetHighValue()) {
                    kind.setHighSeconds(stats.getHighValue().getSecondsSinceEpoch());
                }
                result.setNumNulls(stats.getNumNulls()).setNumDistinct(stats.getNumDVs())
                        .setBitVectors(bytes(stats.getBitVectors())).setHistogram(bytes(stats.getHistogram()))
                        .setTimestamp(kind);
            }
        }
        return result.build();
    }

    public static ColumnStatisticsObj fromNative(dev.lakegate.catalog.v1.ColumnStatistics column) {
        ColumnStatisticsData data = new ColumnStatisticsData();
        long nulls = column.getNumNulls();
        long distinct = column.getNumDistinct();
        switch (column.getDataCase()) {
            case BOOLEAN -> {
                BooleanColumnStatsData stats = new BooleanColumnStatsData(column.getBoolean().getNumTrues(),
                        column.getBoolean().getNumFalses(), nulls);
                bitVectors(column, stats::setBitVectors);
                data.setBooleanStats(stats);
            }
            case LONG -> {
                LongColumnStatsData stats = new LongColumnStatsData(nulls, distinct);
                if (column.getLong().hasLow()) {
                    stats.setLowValue(column.getLong().getLow());
                }
                if (column.getLong().hasHigh()) {
                    stats.setHighValue(column.getLong().getHigh());
                }
                bitVectors(column, stats::setBitVectors);
                histogram(column, stats::setHistogram);
                data.setLongStats(stats);
            }
            case DOUBLE -> {
                DoubleColumnStatsData stats = new DoubleColumnStatsData(nulls, distinct);
                if (column.getDouble().hasLow()) {
                    stats.setLowValue(column.getDouble().getLow());
                }
                if (column.getDouble().hasHigh()) {
                    stats.setHighValue(column.getDouble().getHigh());
                }
                bitVectors(column, stats::setBitVectors);
                histogram(column, stats::setHistogram);
                data.setDoubleStats(stats);
            }
            case DECIMAL -> {
                DecimalColumnStatsData stats = new DecimalColumnStatsData(nulls, distinct);
                if (column.getDecimal().hasLow()) {
                    stats.setLowValue(decimal(column.getDecimal().getLow()));
                }
                if (column.getDecimal().hasHigh()) {
                    stats.setHighValue(decimal(column.getDecimal().getHigh()));
                }
                bitVectors(column, stats::setBitVectors);
                histogram(column, stats::setHistogram);
                data.setDecimalStats(stats);
            }
            case STRING -> {
                StringColumnStatsData stats = new StringColumnStatsData(column.getString().getMaxLength(),
                        column.getString().getAverageLength(), nulls, distinct);
                bitVectors(column, stats::setBitVectors);
                data.setStringStats(stats);
            }
            case BINARY -> {
                BinaryColumnStatsData stats = new BinaryColumnStatsData(column.getBinary().getMaxLength(),
                        column.getBinary().getAverageLength(), nulls);
                bitVectors(column, stats::setBitVectors);
                data.setBinaryStats(stats);
            }
            case DATE -> {
                DateColumnStatsData stats = new DateColumnStatsData(nulls, distinct);
                if (column.getDate().hasLowDays()) {
                    stats.setLowValue(new Date(column.getDate().getLowDays()));
                }
                if (column.getDate().hasHighDays()) {
                    stats.setHighValue(new Date(column.getDate().getHighDays()));
                }
                bitVectors(column, stats::setBitVectors);
                histogram(column, stats::setHistogram);
                data.setDateStats(stats);
            }
            case TIMESTAMP -> {
                TimestampColumnStatsData stats = new TimestampColumnStatsData(nulls, distinct);
                if (column.getTimestamp().hasLowSeconds()) {
                    stats.setLowValue(new Timestamp(column.getTimestamp().getLowSeconds()));
                }
                if (column.getTimestamp().hasHighSeconds()) {
                    stats.setHighValue(new Timestamp(column.getTimestamp().getHighSeconds()));
                }
                bitVectors(column, stats::setBitVectors);
                histogram(column, stats::setHistogram);
                data.setTimestampStats(stats);
            }
            case DATA_NOT_SET -> throw new IllegalArgumentException("statistics of " + column.getColumn() + " have no kind");
        }
        return new ColumnStatisticsObj(column.getColumn(), column.getType(), data);
    }

    private static void bitVectors(dev.lakegate.catalog.v1.ColumnStatistics column, java.util.function.Consumer<ByteBuffer> setter) {
        if (!column.getBitVectors().isEmpty()) {
            setter.accept(ByteBuffer.wrap(column.getBitVectors().toByteArray()));
        }
    }

    private static void histogram(dev.lakegate.catalog.v1.ColumnStatistics column, java.util.function.Consumer<ByteBuffer> setter) {
        if (!column.getHistogram().isEmpty()) {
            setter.accept(ByteBuffer.wrap(column.getHistogram().toByteArray()));
        }
    }

    private static ByteString bytes(byte[] bytes) {
        return bytes == null ? ByteString.EMPTY : ByteString.copyFrom(bytes);
    }

    private static DecimalValue decimal(Decimal decimal) {
        return DecimalValue.newBuilder().setUnscaled(ByteString.copyFrom(decimal.getUnscaled()))
                .setScale(decimal.getScale()).build();
    }

    private static Decimal decimal(DecimalValue value) {
        return new Decimal((short) value.getScale(), ByteBuffer.wrap(value.getUnscaled().toByteArray()));
    }
}
