package dev.lakegate.hms.handler;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.Namespace;
import dev.lakegate.translator.mapping.TableMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/** Databases and tables for the partition and statistics tests, made through the catalog's gRPC API. */
final class PartitionTestTables {

    private final CatalogClient catalog;
    private final String warehouse;

    PartitionTestTables(CatalogClient catalog, String warehouse) {
        this.catalog = catalog;
        this.warehouse = warehouse;
    }

    void database(String name) {
        catalog.createNamespace(Namespace.newBuilder()
                .setName(name)
                .setLocation(warehouse + "/" + name + ".db")
                .build());
    }

    /** A table of columns {@code id int, name string} and the given keys ({@code "ds string"}, {@code "hr int"}). */
    Table table(String database, String name, boolean external, String... keys) {
        Table table = new Table();
        table.setDbName(database);
        table.setTableName(name);
        table.setOwner("alice");
        table.setTableType(external ? "EXTERNAL_TABLE" : "MANAGED_TABLE");
        Map<String, String> parameters = new HashMap<>();
        if (external) {
            parameters.put("EXTERNAL", "TRUE");
        }
        table.setParameters(parameters);
        table.setSd(sd(warehouse + "/" + database + ".db/" + name));
        List<FieldSchema> partitionKeys = new ArrayList<>();
        for (String key : keys) {
            String[] parts = key.split(" ");
            partitionKeys.add(new FieldSchema(parts[0], parts[1], null));
        }
        table.setPartitionKeys(partitionKeys);
        catalog.createTable(TableMapper.toNative(table));
        return table;
    }

    /** A table of columns {@code id int, name string}, no keys and no location, as a client sends it. */
    static Table unpartitioned(String database, String name) {
        Table table = new Table();
        table.setDbName(database);
        table.setTableName(name);
        table.setOwner("alice");
        table.setTableType("MANAGED_TABLE");
        table.setParameters(new HashMap<>());
        table.setSd(sd(null));
        table.setPartitionKeys(new ArrayList<>());
        return table;
    }

    static StorageDescriptor sd(String location) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(
                new ArrayList<>(List.of(new FieldSchema("id", "int", null), new FieldSchema("name", "string", null))));
        sd.setLocation(location);
        sd.setInputFormat("org.apache.hadoop.mapred.TextInputFormat");
        sd.setOutputFormat("org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat");
        SerDeInfo serde = new SerDeInfo();
        serde.setSerializationLib("org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe");
        serde.setParameters(new HashMap<>(Map.of("serialization.format", "1")));
        sd.setSerdeInfo(serde);
        sd.setParameters(new HashMap<>());
        sd.setBucketCols(new ArrayList<>());
        sd.setSortCols(new ArrayList<>());
        return sd;
    }

    /** A partition as clients build it: the table's storage without a location, unless one is given. */
    static Partition partition(String database, String table, String location, String... values) {
        Partition partition = new Partition();
        partition.setDbName(database);
        partition.setTableName(table);
        partition.setValues(new ArrayList<>(List.of(values)));
        StorageDescriptor sd = sd(location);
        partition.setSd(sd);
        partition.setParameters(new HashMap<>());
        return partition;
    }
}
