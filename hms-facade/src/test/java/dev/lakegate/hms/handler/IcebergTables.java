package dev.lakegate.hms.handler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
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
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.parquet.Parquet;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Real Iceberg tables (metadata, manifests, Parquet data files written by iceberg-data) behind the HMS door,
 * committed as Iceberg's HiveCatalog commits: the engine writes a metadata file, then moves the table's
 * {@code metadata_location} with alter_table. What the files hold is read back from them for comparison.
 */
final class IcebergTables implements BeforeAllCallback, AfterAllCallback {

    private static final String DATABASE = "lake";

    private final FacadeGateway gateway = FacadeGateway.create();
    private Path data;
    private ThriftHiveMetastore.Client client;

    /**
     * For a test class ({@code @RegisterExtension static}): a gateway, a client of it (user alice) and a new
     * database {@code lake} whose tables' files are in a folder of their own, removed after the class.
     */
    static IcebergTables onAGateway() {
        return new IcebergTables();
    }

    private IcebergTables() {}

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        data = Files.createTempDirectory("iceberg-tables");
        gateway.beforeAll(context);
        client = gateway.client("alice");
        client.create_database(TableTestSupport.database(DATABASE));
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        gateway.afterAll(context);
        try (Stream<Path> paths = Files.walk(data)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    ThriftHiveMetastore.Client client() {
        return client;
    }

    /** A new unpartitioned format-2 table, known to HMS with these columns (as HiveCatalog spells them). */
    org.apache.iceberg.Table create(
            String name, Schema schema, Map<String, String> properties, List<FieldSchema> columns) throws Exception {
        String location = data.resolve(name).toUri().toString();
        Map<String, String> all = new HashMap<>(properties);
        all.put("format-version", "2");
        org.apache.iceberg.Table iceberg =
                new HadoopTables(new Configuration()).create(schema, PartitionSpec.unpartitioned(), all, location);
        client.create_table(hmsTable(name, location, metadataFile(iceberg), columns));
        return iceberg;
    }

    Table get(String name) throws Exception {
        return client.get_table_req(new GetTableRequest(DATABASE, name)).getTable();
    }

    /**
     * What HiveCatalog's commit does: alter_table with the new metadata_location and the previous one, without
     * {@code COLUMN_STATS_ACCURATE} (unless {@code iceberg.hive.keep.stats}, which is off by default).
     */
    void pointAt(String name, org.apache.iceberg.Table iceberg, Map<String, String> carried) throws Exception {
        Table table = get(name);
        String previous = table.getParameters().get("metadata_location");
        table.getParameters().remove("COLUMN_STATS_ACCURATE");
        table.getParameters().putAll(carried);
        table.getParameters().put("previous_metadata_location", previous);
        table.getParameters().put("metadata_location", metadataFile(iceberg));
        client.alter_table(DATABASE, name, table);
    }

    /** A Parquet data file of these rows, with the metrics the table's properties ask for. */
    static DataFile write(org.apache.iceberg.Table iceberg, List<Record> rows) throws IOException {
        DataWriter<Record> writer = Parquet.writeData(
                        iceberg.io().newOutputFile(iceberg.location() + "/data/" + UUID.randomUUID() + ".parquet"))
                .schema(iceberg.schema())
                .createWriterFunc(GenericParquetWriter::create)
                .metricsConfig(MetricsConfig.forTable(iceberg))
                .withSpec(iceberg.spec())
                .overwrite()
                .build();
        try (writer) {
            rows.forEach(writer::write);
        }
        return writer.toDataFile();
    }

    /** The bytes of the current snapshot's data files, as the file system has them. */
    static long bytesOfLiveFiles(org.apache.iceberg.Table iceberg) throws IOException {
        long bytes = 0;
        try (CloseableIterable<FileScanTask> tasks = iceberg.newScan().planFiles()) {
            for (FileScanTask task : tasks) {
                bytes += iceberg.io().newInputFile(task.file().location()).getLength();
            }
        }
        return bytes;
    }

    /** Every row of the current snapshot's data files, read back from the Parquet files. */
    static List<Record> rowsOfLiveFiles(org.apache.iceberg.Table iceberg) {
        Schema schema = iceberg.schema();
        List<Record> rows = new ArrayList<>();
        try (CloseableIterable<FileScanTask> tasks = iceberg.newScan().planFiles()) {
            for (FileScanTask task : tasks) {
                try (CloseableIterable<Record> records = Parquet.read(
                                iceberg.io().newInputFile(task.file().location()))
                        .project(schema)
                        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(schema, fileSchema))
                        .build()) {
                    records.forEach(record -> rows.add(record.copy()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    private static String metadataFile(org.apache.iceberg.Table iceberg) {
        return ((HasTableOperations) iceberg).operations().current().metadataFileLocation();
    }

    private Table hmsTable(String name, String location, String metadataFile, List<FieldSchema> columns) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(columns));
        sd.setLocation(location);
        sd.setInputFormat("org.apache.hadoop.mapred.FileInputFormat");
        sd.setOutputFormat("org.apache.hadoop.mapred.FileOutputFormat");
        sd.setSerdeInfo(new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()));
        Table table = new Table();
        table.setDbName(DATABASE);
        table.setTableName(name);
        table.setTableType("EXTERNAL_TABLE");
        table.setSd(sd);
        table.setPartitionKeys(new ArrayList<>());
        table.setParameters(
                new HashMap<>(Map.of("EXTERNAL", "TRUE", "table_type", "ICEBERG", "metadata_location", metadataFile)));
        return table;
    }
}
