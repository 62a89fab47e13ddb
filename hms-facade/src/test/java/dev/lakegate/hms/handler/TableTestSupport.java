package dev.lakegate.hms.handler;

import dev.lakegate.catalog.client.CatalogClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/** Shared builders for the databases and tables tests: HMS structs as a Hive client fills them. */
final class TableTestSupport {

    static final String TEXT_INPUT = "org.apache.hadoop.mapred.TextInputFormat";
    static final String TEXT_OUTPUT = "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat";
    static final String LAZY_SERDE = "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe";

    private TableTestSupport() {}

    static Database database(String name) {
        Database database = new Database(name, "a database", null, new HashMap<>());
        return database;
    }

    static Table table(String database, String name, String type, List<FieldSchema> keys) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(
                List.of(new FieldSchema("id", "bigint", "the id"), new FieldSchema("name", "string", null))));
        sd.setInputFormat(TEXT_INPUT);
        sd.setOutputFormat(TEXT_OUTPUT);
        sd.setSerdeInfo(new SerDeInfo(null, LAZY_SERDE, new HashMap<>(Map.of("serialization.format", "1"))));
        sd.setBucketCols(new ArrayList<>());
        sd.setSortCols(new ArrayList<>());
        sd.setParameters(new HashMap<>());
        Table table = new Table();
        table.setDbName(database);
        table.setTableName(name);
        table.setOwner("alice");
        table.setSd(sd);
        table.setPartitionKeys(new ArrayList<>(keys));
        table.setParameters(new HashMap<>());
        table.setTableType(type);
        if ("EXTERNAL_TABLE".equals(type)) {
            table.getParameters().put("EXTERNAL", "TRUE");
        }
        return table;
    }

    static Table table(String database, String name) {
        return table(database, name, "MANAGED_TABLE", List.of());
    }

    /** Adds a partition through the catalog's gRPC door: partitions are another area's over Thrift. */
    static void addPartition(FacadeGateway gateway, String database, String table, String value, String location) {
        CatalogClient catalog = gateway.catalog();
        dev.lakegate.catalog.v1.Table found = catalog.getTable(database, table);
        dev.lakegate.catalog.v1.Partition.Builder partition = dev.lakegate.catalog.v1.Partition.newBuilder()
                .addValues(value)
                .setLocation(location)
                .setStorage(found.getHive().getStorage());
        for (dev.lakegate.catalog.v1.Field field : found.getSchemas(0).getFieldsList()) {
            if (!field.getName().equals(found.getPartitionSpecs(0).getFields(0).getName())) {
                partition.addColumns(field.toBuilder().setId(0));
            }
        }
        catalog.addPartitions(dev.lakegate.catalog.v1.AddPartitionsRequest.newBuilder()
                .setTable(dev.lakegate.catalog.v1.TableIdentifier.newBuilder()
                        .setNamespace(database)
                        .setName(table))
                .addPartitions(partition)
                .build());
    }

    static List<dev.lakegate.catalog.v1.Partition> partitions(FacadeGateway gateway, String database, String table) {
        return gateway.catalog()
                .listPartitions(dev.lakegate.catalog.v1.ListPartitionsRequest.newBuilder()
                        .setTable(dev.lakegate.catalog.v1.TableIdentifier.newBuilder()
                                .setNamespace(database)
                                .setName(table))
                        .build())
                .getPartitionsList();
    }

    static Path local(String location) {
        return Path.of(location.substring("file:".length()));
    }

    static boolean isDirectory(String location) {
        return Files.isDirectory(local(location));
    }

    static void write(String location, String file, String content) throws Exception {
        Files.createDirectories(local(location));
        Files.writeString(local(location).resolve(file), content);
    }
}
