package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * get_table of an Iceberg table through the HMS door: numRows, numFiles and totalSize come from the figures the
 * catalog counted for the current snapshot when the engine's alter_table moved metadata_location (as Iceberg's
 * HiveCatalog commits), and a value a client wrote after that commit stands.
 */
class IcebergBasicStatisticsTest {

    private static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "data", Types.StringType.get()));

    @RegisterExtension
    static final IcebergTables tables = IcebergTables.onAGateway();

    @Test
    void theCurrentSnapshotsFiguresAreTheTablesBasicStatistics() throws Exception {
        org.apache.iceberg.Table iceberg = tables.create(
                "events",
                SCHEMA,
                Map.of(),
                List.of(new FieldSchema("id", "bigint", null), new FieldSchema("data", "string", null)));

        iceberg.newAppend()
                .appendFile(write(iceberg, 0, 40))
                .appendFile(write(iceberg, 100, 25))
                .commit();
        tables.pointAt("events", iceberg, Map.of());
        Table read = tables.get("events");
        assertThat(read.getParameters())
                .containsEntry("numRows", "65")
                .containsEntry("numFiles", "2")
                .containsEntry("totalSize", Long.toString(IcebergTables.bytesOfLiveFiles(iceberg)));
        assertThat(IcebergTables.rowsOfLiveFiles(iceberg)).hasSize(65);

        // An engine's commit that carries stale figures (HiveCatalog copies the parameters it read) loses.
        iceberg.newAppend().appendFile(write(iceberg, 200, 5)).commit();
        tables.pointAt("events", iceberg, Map.of("numRows", "65", "numFiles", "2"));
        assertThat(tables.get("events").getParameters())
                .containsEntry("numRows", "70")
                .containsEntry("numFiles", "3");

        // A statistic a client writes after the snapshot's commit stands until the next commit of a snapshot.
        Table altered = tables.get("events");
        altered.getParameters().put("numRows", "1000");
        tables.client().alter_table("lake", "events", altered);
        assertThat(tables.get("events").getParameters()).containsEntry("numRows", "1000");
    }

    private static DataFile write(org.apache.iceberg.Table iceberg, long from, int count) throws Exception {
        List<Record> rows = LongStream.range(from, from + count)
                .mapToObj(id -> {
                    Record row = GenericRecord.create(SCHEMA);
                    row.setField("id", id);
                    row.setField("data", "v" + id);
                    return row;
                })
                .toList();
        return IcebergTables.write(iceberg, rows);
    }
}
