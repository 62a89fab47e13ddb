package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.StatisticsTarget;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.translator.mapping.statistics.StatisticsKind;
import dev.lakegate.translator.mapping.statistics.StatisticsKinds;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;

/**
 * HMS column statistics and native ones, all eight kinds with their bit vectors and (Hive 4)
 * histograms. The statistics' target is the table or, by name, one of its partitions; the engine is
 * Hive 4's ({@code "hive"} when unset). Not carried: {@code lastAnalyzed} (the proto has no field for
 * it; it comes back 0) and {@code isStatsCompliant}. Each kind maps its own fields: {@link StatisticsKind}.
 */
public final class StatisticsMapper {

    public static final String DEFAULT_ENGINE = "hive";

    private StatisticsMapper() {}

    /** Native statistics: where they belong and one entry per column. */
    public record NativeStatistics(
            StatisticsTarget target, List<dev.lakegate.catalog.v1.ColumnStatistics> statistics) {}

    /** @param partitionKeys the table's partition key names, to read a partition name into values */
    public static NativeStatistics toNative(ColumnStatistics statistics, List<String> partitionKeys) {
        ColumnStatisticsDesc desc = statistics.getStatsDesc();
        StatisticsTarget.Builder target = StatisticsTarget.newBuilder()
                .setTable(TableIdentifier.newBuilder()
                        .setCatalog(HiveNames.catalogOrDefault(desc.getCatName()))
                        .setNamespace(HiveNames.normalize(desc.getDbName()))
                        .setName(HiveNames.normalize(desc.getTableName())))
                .setEngine(statistics.getEngine() == null ? DEFAULT_ENGINE : statistics.getEngine());
        if (!desc.isIsTblLevel()) {
            target.addAllPartitionValues(
                    PartitionMapper.toNativeValues(PartitionNames.valuesFor(desc.getPartName(), partitionKeys)));
        }
        List<dev.lakegate.catalog.v1.ColumnStatistics> columns = new ArrayList<>();
        for (ColumnStatisticsObj object : Values.list(statistics.getStatsObj())) {
            columns.add(toNative(object));
        }
        return new NativeStatistics(target.build(), columns);
    }

    /** @param partitionKeys the table's partition key names, to name a partition target */
    public static ColumnStatistics fromNative(
            StatisticsTarget target,
            List<dev.lakegate.catalog.v1.ColumnStatistics> statistics,
            List<String> partitionKeys) {
        boolean tableLevel = target.getPartitionValuesCount() == 0;
        ColumnStatisticsDesc desc = new ColumnStatisticsDesc(
                tableLevel, target.getTable().getNamespace(), target.getTable().getName());
        desc.setCatName(HiveNames.catalogOfNative(target.getTable().getCatalog()));
        if (!tableLevel) {
            desc.setPartName(PartitionNames.name(
                    partitionKeys, PartitionMapper.fromNativeValues(target.getPartitionValuesList())));
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
        StatisticsKinds.of(data).toNative(data, result);
        return result.build();
    }

    public static ColumnStatisticsObj fromNative(dev.lakegate.catalog.v1.ColumnStatistics column) {
        StatisticsKind kind = StatisticsKinds.of(column.getDataCase())
                .orElseThrow(
                        () -> new IllegalArgumentException("statistics of " + column.getColumn() + " have no kind"));
        return new ColumnStatisticsObj(column.getColumn(), column.getType(), kind.fromNative(column));
    }
}
