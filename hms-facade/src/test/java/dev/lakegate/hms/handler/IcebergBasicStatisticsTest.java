package dev.lakegate.hms.handler;

import static dev.lakegate.hms.handler.TableTestSupport.database;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * get_table of an Iceberg table through the HMS door: numRows, numFiles and totalSize come from the figures the
 * catalog counted for the current snapshot when the engine's alter_table moved metadata_location (as Iceberg's
 * HiveCatalog commits), and a value a client wrote after that commit stands.
 */
class IcebergBasicStatisticsTest {

    private static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "data", Types.StringType.get()));

    @TempDir
    static Path data;

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    static ThriftHiveMetastore.Client client;

    @BeforeAll
    static void start() throws Exception {
        client = gateway.client("alice");
        client.create_database(database("lake"));
    }

    @Test
    void theCurrentSnapshotsFiguresAreTheTablesBasicStatistics() throws Exception {
        String location = data.resolve("events").toUri().toString();
        org.apache.iceberg.Table iceberg = new HadoopTables(new Configuration())
                .create(SCHEMA, PartitionSpec.unpartitioned(), Map.of("format-version", "2"), location);
        client.create_table(icebergTable("events", location, metadataFile(iceberg)));

        iceberg.newAppend()
                .appendFile(write(iceberg, 0, 40))
                .appendFile(write(iceberg, 100, 25))
                .commit();
        pointAt("events", iceberg, Map.of());
        Table read = get("events");
        assertThat(read.getParameters())
                .containsEntry("numRows", "65")
                .containsEntry("numFiles", "2")
                .containsEntry("totalSize", Long.toString(bytesOfLiveFiles(iceberg)));
        assertThat(rowsOfLiveFiles(iceberg)).isEqualTo(65);

        // An engine's commit that carries stale figures (HiveCatalog copies the parameters it read) loses.
        iceberg.newAppend().appendFile(write(iceberg, 200, 5)).commit();
        pointAt("events", iceberg, Map.of("numRows", "65", "numFiles", "2"));
        assertThat(get("events").getParameters()).containsEntry("numRows", "70").containsEntry("numFiles", "3");

        // A statistic a client writes after the snapshot's commit stands until the next commit of a snapshot.
        Table altered = get("events");
        altered.getParameters().put("numRows", "1000");
        client.alter_table("lake", "events", altered);
        assertThat(get("events").getParameters()).containsEntry("numRows", "1000");
    }

    private static Table get(String name) throws Exception {
        return client.get_table_req(new GetTableRequest("lake", name)).getTable();
    }

    private static Table icebergTable(String name, String location, String metadataFile) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(
                List.of(new FieldSchema("id", "bigint", null), new FieldSchema("data", "string", null))));
        sd.setLocation(location);
        sd.setInputFormat("org.apache.hadoop.mapred.FileInputFormat");
        sd.setOutputFormat("org.apache.hadoop.mapred.FileOutputFormat");
        sd.setSerdeInfo(new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()));
        Table table = new Table();
        table.setDbName("lake");
        table.setTableName(name);
        table.setTableType("EXTERNAL_TABLE");
        table.setSd(sd);
        table.setPartitionKeys(new ArrayList<>());
        table.setParameters(
                new HashMap<>(Map.of("EXTERNAL", "TRUE", "table_type", "ICEBERG", "metadata_location", metadataFile)));
        return table;
    }

    /** What HiveCatalog's commit does: alter_table with the new metadata_location and the previous one. */
    private static void pointAt(String name, org.apache.iceberg.Table iceberg, Map<String, String> carried)
            throws Exception {
        Table table = get(name);
        String previous = table.getParameters().get("metadata_location");
        table.getParameters().putAll(carried);
        table.getParameters().put("previous_metadata_location", previous);
        table.getParameters().put("metadata_location", metadataFile(iceberg));
        client.alter_table("lake", name, table);
    }

    private static String metadataFile(org.apache.iceberg.Table iceberg) {
        return ((HasTableOperations) iceberg).operations().current().metadataFileLocation();
    }

    private static DataFile write(org.apache.iceberg.Table iceberg, long from, int count) throws IOException {
        DataWriter<Record> writer = Parquet.writeData(
                        iceberg.io().newOutputFile(iceberg.location() + "/data/" + UUID.randomUUID() + ".parquet"))
                .schema(SCHEMA)
                .createWriterFunc(GenericParquetWriter::create)
                .withSpec(iceberg.spec())
                .overwrite()
                .build();
        try (writer) {
            LongStream.range(from, from + count).forEach(id -> {
                GenericRecord row = GenericRecord.create(SCHEMA);
                row.setField("id", id);
                row.setField("data", "v" + id);
                writer.write(row);
            });
        }
        return writer.toDataFile();
    }

    private static long bytesOfLiveFiles(org.apache.iceberg.Table iceberg) throws IOException {
        long bytes = 0;
        try (CloseableIterable<FileScanTask> tasks = iceberg.newScan().planFiles()) {
            for (FileScanTask task : tasks) {
                bytes += iceberg.io().newInputFile(task.file().location()).getLength();
            }
        }
        return bytes;
    }

    private static long rowsOfLiveFiles(org.apache.iceberg.Table iceberg) {
        long rows = 0;
        try (CloseableIterable<FileScanTask> tasks = iceberg.newScan().planFiles()) {
            for (FileScanTask task : tasks) {
                try (CloseableIterable<Record> records = Parquet.read(
                                iceberg.io().newInputFile(task.file().location()))
                        .project(SCHEMA)
                        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(SCHEMA, fileSchema))
                        .build()) {
                    for (Record ignored : records) {
                        rows++;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }
}
