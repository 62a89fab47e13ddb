package dev.lakegate.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.server.metadata.LocalFileIO;
import dev.lakegate.catalog.server.service.IcebergFiles;
import dev.lakegate.catalog.v1.DataType;
import dev.lakegate.catalog.v1.PrimitiveType;
import dev.lakegate.catalog.v1.TableFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakegate table} against a running gateway: refs made over gRPC reach an HMS reader, as a new
 * metadata_location whose file (read with Iceberg's parser) has them.
 */
class TableCommandTest {

    @TempDir
    Path data;

    private GatewayFixture gateway;
    private ThriftHiveMetastore.Client hms;
    private final LocalFileIO io = new LocalFileIO();

    @BeforeEach
    void start() throws Exception {
        gateway = GatewayFixture.start(data);
        hms = gateway.client();
        hms.create_database(new Database("lake", null, null, new HashMap<>()));
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    /** An Iceberg table written by Iceberg's library, committed to the metastore as HiveCatalog does. */
    private long[] icebergTableWithTwoAppends(String name) throws Exception {
        String location = gateway.warehouse() + "/lake.db/" + name;
        Schema schema = new Schema(Types.NestedField.optional(1, "id", Types.LongType.get()));
        IcebergFiles files = IcebergFiles.create(location, io, schema, PartitionSpec.unpartitioned());
        org.apache.iceberg.Table table = files.table();
        table.newAppend().appendFile(files.dataFile("a", 3)).commit();
        long first = table.currentSnapshot().snapshotId();
        table.newAppend().appendFile(files.dataFile("b", 4)).commit();
        long second = table.currentSnapshot().snapshotId();

        StorageDescriptor sd = new StorageDescriptor(
                new ArrayList<>(List.of(new FieldSchema("id", "bigint", null))),
                location,
                "org.apache.hadoop.mapred.FileInputFormat",
                "org.apache.hadoop.mapred.FileOutputFormat",
                false,
                0,
                new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()),
                new ArrayList<>(),
                new ArrayList<>(),
                new HashMap<>());
        Table hiveTable = new Table(
                name,
                "lake",
                "alice",
                0,
                0,
                0,
                sd,
                new ArrayList<>(),
                new HashMap<>(
                        Map.of("EXTERNAL", "TRUE", "table_type", "ICEBERG", "metadata_location", files.metadataFile())),
                null,
                null,
                "EXTERNAL_TABLE");
        hms.create_table(hiveTable);
        return new long[] {first, second};
    }

    private Map<String, String> parameters() throws Exception {
        return hms.get_table_req(new GetTableRequest("lake", "events"))
                .getTable()
                .getParameters();
    }

    private CommandRun lakegate(String... args) {
        List<String> all = new ArrayList<>(List.of("table", "--catalog", "127.0.0.1:" + gateway.grpcPort()));
        all.addAll(List.of(args));
        return CommandRun.of(all.toArray(String[]::new));
    }

    @Test
    void anIcebergTableCreatedOverGrpcLooksToHmsClientsAsHiveCatalogMakesIt() throws Exception {
        try (CatalogClient client = CatalogClient.forAddress("127.0.0.1", gateway.grpcPort())) {
            client.createTable(dev.lakegate.catalog.v1.Table.newBuilder()
                    .setNamespace("lake")
                    .setName("clicks")
                    .setFormat(TableFormat.ICEBERG)
                    .addSchemas(dev.lakegate.catalog.v1.Schema.newBuilder()
                            .addFields(field("id", PrimitiveType.INT64, true))
                            .addFields(field("url", PrimitiveType.STRING, false)))
                    .putProperties("write.format.default", "parquet")
                    .build());
        }
        Table table = hms.get_table_req(new GetTableRequest("lake", "clicks")).getTable();
        assertThat(table.getParameters())
                .containsEntry("table_type", "ICEBERG")
                .containsEntry("EXTERNAL", "TRUE")
                .containsEntry("storage_handler", "org.apache.iceberg.mr.hive.HiveIcebergStorageHandler")
                .containsEntry("write.format.default", "parquet");
        assertThat(table.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(table.getSd().getLocation()).isEqualTo(gateway.warehouse() + "/lake.db/clicks");
        assertThat(table.getSd().getInputFormat()).isEqualTo("org.apache.iceberg.mr.hive.HiveIcebergInputFormat");
        assertThat(table.getSd().getOutputFormat()).isEqualTo("org.apache.iceberg.mr.hive.HiveIcebergOutputFormat");
        assertThat(table.getSd().getSerdeInfo().getSerializationLib())
                .isEqualTo("org.apache.iceberg.mr.hive.HiveIcebergSerDe");
        assertThat(table.getSd().getCols())
                .extracting(FieldSchema::getName, FieldSchema::getType)
                .containsExactly(tuple("id", "bigint"), tuple("url", "string"));
        TableMetadata metadata =
                TableMetadataParser.read(io, table.getParameters().get("metadata_location"));
        assertThat(metadata.location()).isEqualTo(table.getSd().getLocation());
        assertThat(metadata.schema().findField("id").isRequired()).isTrue();
    }

    private static dev.lakegate.catalog.v1.Field field(String name, PrimitiveType type, boolean required) {
        return dev.lakegate.catalog.v1.Field.newBuilder()
                .setName(name)
                .setRequired(required)
                .setType(DataType.newBuilder().setPrimitive(type))
                .build();
    }

    @Test
    void aTagAndARollbackMadeOverGrpcReachHiveMetastoreReaders() throws Exception {
        long[] snapshots = icebergTableWithTwoAppends("events");
        String before = parameters().get("metadata_location");

        CommandRun listed = lakegate("snapshots", "lake.events");
        assertThat(listed.exit()).as(listed.err()).isZero();
        assertThat(listed.out())
                .contains(Long.toString(snapshots[0]), Long.toString(snapshots[1]), "append", "(current)");

        CommandRun tagged = lakegate("tag", "lake.events", "v1", "--snapshot", Long.toString(snapshots[0]));
        assertThat(tagged.exit()).as(tagged.err()).isZero();
        Map<String, String> afterTag = parameters();
        assertThat(afterTag.get("metadata_location")).isNotEqualTo(before);
        assertThat(afterTag).containsEntry("previous_metadata_location", before);
        TableMetadata read = TableMetadataParser.read(io, afterTag.get("metadata_location"));
        assertThat(read.ref("v1").isTag()).isTrue();
        assertThat(read.ref("v1").snapshotId()).isEqualTo(snapshots[0]);
        assertThat(lakegate("refs", "lake.events").out()).contains("v1", "tag", "main", "branch");

        CommandRun again = lakegate("branch", "lake.events", "v1");
        assertThat(again.exit()).isEqualTo(1);
        assertThat(again.err()).contains("lakegate table:");

        CommandRun rolledBack = lakegate("rollback", "lake.events", Long.toString(snapshots[0]));
        assertThat(rolledBack.exit()).as(rolledBack.err()).isZero();
        String afterRollback = parameters().get("metadata_location");
        assertThat(TableMetadataParser.read(io, afterRollback).currentSnapshot().snapshotId())
                .isEqualTo(snapshots[0]);

        CommandRun forward = lakegate("rollback", "lake.events", Long.toString(snapshots[1]));
        assertThat(forward.exit()).isEqualTo(1);
        assertThat(forward.err()).contains("is not an ancestor of main");
        assertThat(parameters().get("metadata_location")).isEqualTo(afterRollback);

        // Fast-forward: main (back at the first snapshot) moves to a branch ahead of it, not the reverse.
        assertThat(lakegate("branch", "lake.events", "ahead", "--snapshot", Long.toString(snapshots[1]))
                        .exit())
                .isZero();
        CommandRun backwards = lakegate("fast-forward", "lake.events", "ahead", "--to", "main");
        assertThat(backwards.exit()).isEqualTo(1);
        assertThat(backwards.err()).contains("is not an ancestor of main's snapshot");
        CommandRun fastForward = lakegate("fast-forward", "lake.events", "main", "--to", "ahead");
        assertThat(fastForward.exit()).as(fastForward.err()).isZero();
        assertThat(TableMetadataParser.read(io, parameters().get("metadata_location"))
                        .currentSnapshot()
                        .snapshotId())
                .isEqualTo(snapshots[1]);
        assertThat(lakegate("drop-ref", "lake.events", "ahead").exit()).isZero();

        CommandRun dropped = lakegate("drop-ref", "lake.events", "v1");
        assertThat(dropped.exit()).as(dropped.err()).isZero();
        assertThat(TableMetadataParser.read(io, parameters().get("metadata_location"))
                        .refs())
                .containsOnlyKeys("main");
    }
}
