package dev.lakegate.hms.handler;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.Partition;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.catalog.v1.TableIdentifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;

/** Managed tables of (ds string, hr int) with many partitions, for the tests of writes of a whole table. */
final class ManyPartitions {

    /** The most partitions one catalog call adds. */
    private static final int PER_CALL = 10_000;

    private ManyPartitions() {}

    /**
     * A table made through the facade (which makes its directory), and {@code count} partitions below it
     * through the catalog, each with basic statistics; partition names are unique across tables.
     */
    static Table table(
            ThriftHiveMetastore.Client client, CatalogClient catalog, String database, String name, int count)
            throws TException {
        client.create_table(TableTestSupport.table(
                database,
                name,
                "MANAGED_TABLE",
                List.of(new FieldSchema("ds", "string", null), new FieldSchema("hr", "int", null))));
        Table created = get(client, database, name);
        dev.lakegate.catalog.v1.Table stored = catalog.getTable(database, name);
        Partition.Builder template = Partition.newBuilder()
                .setStorage(stored.getHive().getStorage())
                .putAllParameters(Map.of("numFiles", "2", "totalSize", "300", "numRows", "30", "rawDataSize", "280"));
        for (FieldSchema column : created.getSd().getCols()) {
            for (dev.lakegate.catalog.v1.Field field : stored.getSchemas(0).getFieldsList()) {
                if (field.getName().equals(column.getName())) {
                    template.addColumns(field.toBuilder().setId(0));
                }
            }
        }
        List<Partition> partitions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String ds = String.format("%s-%05d", name, i / 24);
            String hr = Integer.toString(i % 24);
            partitions.add(template.clone()
                    .addValues(ds)
                    .addValues(hr)
                    .setLocation(created.getSd().getLocation() + "/ds=" + ds + "/hr=" + hr)
                    .build());
        }
        for (int from = 0; from < partitions.size(); from += PER_CALL) {
            catalog.addPartitions(AddPartitionsRequest.newBuilder()
                    .setTable(identifier(database, name))
                    .addAllPartitions(partitions.subList(from, Math.min(partitions.size(), from + PER_CALL)))
                    .build());
        }
        return created;
    }

    static Table get(ThriftHiveMetastore.Client client, String database, String name) throws TException {
        return client.get_table_req(new GetTableRequest(database, name)).getTable();
    }

    /** Every partition of the table, in name order, read from the catalog a page at a time. */
    static List<Partition> all(CatalogClient catalog, String database, String name) {
        List<Partition> partitions = new ArrayList<>();
        String token = "";
        do {
            ListPartitionsResponse page = catalog.listPartitions(ListPartitionsRequest.newBuilder()
                    .setTable(identifier(database, name))
                    .setView(PartitionView.PARTITION_VIEW_FULL)
                    .setPageToken(token)
                    .build());
            partitions.addAll(page.getPartitionsList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return partitions;
    }

    private static TableIdentifier identifier(String database, String name) {
        return TableIdentifier.newBuilder().setNamespace(database).setName(name).build();
    }
}
