package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsData;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsDesc;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.Decimal;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.LongColumnStatsData;
import org.apache.hadoop.hive.metastore.api.TableStatsRequest;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.thrift.TApplicationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * HMS's column statistics of an Iceberg table through the HMS door, from its current snapshot's figures: each
 * answer checked against what the Parquet files hold when read back. Distinct values are 0 (Hive's "unknown")
 * but where known; string and binary columns, and booleans of both values, have none (HMS would need figures
 * no manifest holds); a column whose files carry no bounds has none. A statistic a client writes after the
 * commit stands for that column until the next commit.
 */
class IcebergColumnStatisticsTest {

    private static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "small", Types.IntegerType.get()),
            Types.NestedField.optional(3, "price", Types.DecimalType.of(10, 2)),
            Types.NestedField.optional(4, "ratio", Types.DoubleType.get()),
            Types.NestedField.optional(5, "weight", Types.FloatType.get()),
            Types.NestedField.optional(6, "day", Types.DateType.get()),
            Types.NestedField.optional(7, "name", Types.StringType.get()),
            Types.NestedField.optional(8, "flag", Types.BooleanType.get()),
            Types.NestedField.optional(9, "mixed", Types.BooleanType.get()),
            Types.NestedField.optional(10, "note", Types.LongType.get()),
            Types.NestedField.required(11, "version", Types.IntegerType.get()));

    private static final List<FieldSchema> COLUMNS = List.of(
            new FieldSchema("id", "bigint", null),
            new FieldSchema("small", "int", null),
            new FieldSchema("price", "decimal(10,2)", null),
            new FieldSchema("ratio", "double", null),
            new FieldSchema("weight", "float", null),
            new FieldSchema("day", "date", null),
            new FieldSchema("name", "string", null),
            new FieldSchema("flag", "boolean", null),
            new FieldSchema("mixed", "boolean", null),
            new FieldSchema("note", "bigint", null),
            new FieldSchema("version", "int", null));

    private static final List<String> NAMES =
            COLUMNS.stream().map(FieldSchema::getName).toList();

    @RegisterExtension
    static final IcebergTables tables = IcebergTables.onAGateway();

    @Test
    void theCurrentSnapshotsColumnFiguresAreTheTablesColumnStatistics() throws Exception {
        // "note" is written with counts but no bounds, as a table's metrics mode can ask.
        org.apache.iceberg.Table iceberg =
                tables.create("sales", SCHEMA, Map.of("write.metadata.metrics.column.note", "counts"), COLUMNS);
        iceberg.newAppend()
                .appendFile(IcebergTables.write(iceberg, rows(0, 40)))
                .appendFile(IcebergTables.write(iceberg, rows(500, 25)))
                .commit();
        tables.pointAt("sales", iceberg, Map.of());

        Map<String, ColumnStatisticsObj> answered = statistics("sales", NAMES);
        assertThat(answered.keySet())
                .containsExactlyInAnyOrder("id", "small", "price", "ratio", "weight", "day", "flag", "note", "version");
        assertHoldsWhatTheFilesHold(answered, IcebergTables.rowsOfLiveFiles(iceberg));
        assertThat(answered.get("note").getStatsData().getLongStats().isSetLowValue())
                .isFalse();
        assertThat(answered.get("note").getStatsData().getLongStats().isSetHighValue())
                .isFalse();
        assertThat(answered.get("id").getStatsData().getLongStats().getNumDVs()).isZero();
        assertThat(answered.get("version").getStatsData().getLongStats().getNumDVs())
                .isEqualTo(1);

        ColumnStatistics single = tables.client().get_table_column_statistics("lake", "sales", "PRICE");
        assertThat(single.getStatsDesc().isIsTblLevel()).isTrue();
        assertThat(single.getStatsObj()).containsExactly(answered.get("price"));
        // A column without statistics: no result, as HMS answers it.
        assertThatThrownBy(() -> tables.client().get_table_column_statistics("lake", "sales", "name"))
                .isInstanceOfSatisfying(
                        TApplicationException.class,
                        e -> assertThat(e.getType()).isEqualTo(TApplicationException.MISSING_RESULT));

        // A client's statistics written after the commit stand for their column, the others stay the catalog's.
        ColumnStatisticsObj written =
                new ColumnStatisticsObj("id", "bigint", ColumnStatisticsData.longStats(new LongColumnStatsData(0, 64)));
        ColumnStatistics update =
                new ColumnStatistics(new ColumnStatisticsDesc(true, "lake", "sales"), List.of(written));
        update.setEngine("hive");
        assertThat(tables.client().update_table_column_statistics(update)).isTrue();
        Map<String, ColumnStatisticsObj> afterUpdate = statistics("sales", List.of("id", "small"));
        assertThat(afterUpdate.get("id").getStatsData().getLongStats().getNumDVs())
                .isEqualTo(64);
        assertThat(afterUpdate.get("small")).isEqualTo(answered.get("small"));

        // The next commit is the later write: every column is the new snapshot's again. "note" gets bounds in
        // the new file only, so the column still has none: the older files' values may lie outside them.
        iceberg.updateProperties()
                .set("write.metadata.metrics.column.note", "full")
                .commit();
        iceberg.newAppend()
                .appendFile(IcebergTables.write(iceberg, rows(1000, 10)))
                .commit();
        tables.pointAt("sales", iceberg, Map.of());
        Map<String, ColumnStatisticsObj> afterCommit = statistics("sales", NAMES);
        assertThat(afterCommit.get("id").getStatsData().getLongStats().getNumDVs())
                .isZero();
        assertHoldsWhatTheFilesHold(afterCommit, IcebergTables.rowsOfLiveFiles(iceberg));
        assertThat(afterCommit.get("note").getStatsData().getLongStats().isSetLowValue())
                .isFalse();
        assertThat(tables.client()
                        .get_table_statistics_req(new TableStatsRequest("lake", "sales", List.of()))
                        .getTableStats())
                .isEmpty();
    }

    private static Map<String, ColumnStatisticsObj> statistics(String table, List<String> columns) throws Exception {
        return tables
                .client()
                .get_table_statistics_req(new TableStatsRequest("lake", table, new ArrayList<>(columns)))
                .getTableStats()
                .stream()
                .collect(Collectors.toMap(ColumnStatisticsObj::getColName, Function.identity()));
    }

    /** Nulls and bounds per column, and the column types HiveCatalog gives them, from the rows read back. */
    private static void assertHoldsWhatTheFilesHold(Map<String, ColumnStatisticsObj> answered, List<Record> rows) {
        for (FieldSchema column : COLUMNS) {
            ColumnStatisticsObj stats = answered.get(column.getName());
            if (stats != null) {
                assertThat(stats.getColType()).isEqualTo(column.getType());
            }
        }
        LongColumnStatsData id = answered.get("id").getStatsData().getLongStats();
        assertThat(id.getNumNulls()).isZero();
        assertThat(id.getLowValue()).isEqualTo(min(rows, "id", Long.class));
        assertThat(id.getHighValue()).isEqualTo(max(rows, "id", Long.class));
        LongColumnStatsData small = answered.get("small").getStatsData().getLongStats();
        assertThat(small.getNumNulls()).isEqualTo(nulls(rows, "small")).isPositive();
        assertThat(small.getLowValue()).isEqualTo((long) min(rows, "small", Integer.class));
        assertThat(small.getHighValue()).isEqualTo((long) max(rows, "small", Integer.class));
        var price = answered.get("price").getStatsData().getDecimalStats();
        assertThat(price.getNumNulls()).isEqualTo(nulls(rows, "price"));
        assertThat(decimal(price.getLowValue())).isEqualTo(min(rows, "price", BigDecimal.class));
        assertThat(decimal(price.getHighValue())).isEqualTo(max(rows, "price", BigDecimal.class));
        var ratio = answered.get("ratio").getStatsData().getDoubleStats();
        assertThat(ratio.getLowValue()).isEqualTo(min(rows, "ratio", Double.class));
        assertThat(ratio.getHighValue()).isEqualTo(max(rows, "ratio", Double.class));
        var weight = answered.get("weight").getStatsData().getDoubleStats();
        assertThat(weight.getLowValue()).isEqualTo((double) min(rows, "weight", Float.class));
        assertThat(weight.getHighValue()).isEqualTo((double) max(rows, "weight", Float.class));
        var day = answered.get("day").getStatsData().getDateStats();
        assertThat(day.getNumNulls()).isEqualTo(nulls(rows, "day"));
        assertThat(day.getLowValue().getDaysSinceEpoch())
                .isEqualTo(min(rows, "day", LocalDate.class).toEpochDay());
        assertThat(day.getHighValue().getDaysSinceEpoch())
                .isEqualTo(max(rows, "day", LocalDate.class).toEpochDay());
        var flag = answered.get("flag").getStatsData().getBooleanStats();
        assertThat(flag.getNumNulls()).isEqualTo(nulls(rows, "flag"));
        assertThat(flag.getNumTrues()).isEqualTo(rows.size() - nulls(rows, "flag"));
        assertThat(flag.getNumFalses()).isZero();
        LongColumnStatsData note = answered.get("note").getStatsData().getLongStats();
        assertThat(note.getNumNulls()).isEqualTo(nulls(rows, "note")).isPositive();
        LongColumnStatsData version = answered.get("version").getStatsData().getLongStats();
        assertThat(version.getLowValue()).isEqualTo(version.getHighValue()).isEqualTo(7);
    }

    private static List<Record> rows(long from, int count) {
        List<Record> rows = new ArrayList<>();
        for (long id = from; id < from + count; id++) {
            Record row = GenericRecord.create(SCHEMA);
            row.setField("id", id);
            row.setField("small", id % 7 == 0 ? null : (int) (id % 100) - 50);
            row.setField("price", id % 11 == 0 ? null : BigDecimal.valueOf(id * 37 % 10_000, 2));
            row.setField("ratio", id / 3.0 - 10);
            row.setField("weight", (float) (id % 13) / 4);
            row.setField("day", id % 5 == 0 ? null : LocalDate.of(2024, 1, 1).plusDays(id % 400));
            row.setField("name", "n" + id);
            row.setField("flag", id % 3 == 0 ? null : Boolean.TRUE);
            row.setField("mixed", id % 2 == 0);
            row.setField("note", id % 4 == 0 ? null : id * 10);
            row.setField("version", 7);
            rows.add(row);
        }
        return rows;
    }

    private static long nulls(List<Record> rows, String column) {
        return rows.stream().filter(row -> row.getField(column) == null).count();
    }

    private static <T extends Comparable<? super T>> T min(List<Record> rows, String column, Class<T> type) {
        return values(rows, column, type).min(Comparator.naturalOrder()).orElseThrow();
    }

    private static <T extends Comparable<? super T>> T max(List<Record> rows, String column, Class<T> type) {
        return values(rows, column, type).max(Comparator.naturalOrder()).orElseThrow();
    }

    private static <T> java.util.stream.Stream<T> values(List<Record> rows, String column, Class<T> type) {
        return rows.stream()
                .map(row -> row.getField(column))
                .filter(Objects::nonNull)
                .map(type::cast);
    }

    private static BigDecimal decimal(Decimal value) {
        return new BigDecimal(new BigInteger(value.getUnscaled()), value.getScale());
    }
}
