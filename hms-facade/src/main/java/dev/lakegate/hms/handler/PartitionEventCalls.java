package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.kept.KeptObjects;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.InvalidPartitionException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.PartitionEventType;
import org.apache.hadoop.hive.metastore.api.UnknownTableException;
import org.apache.thrift.TException;

/**
 * Partition events (HCatalog's LOAD_DONE marks): {@code markPartitionForEvent} records that a partition's
 * load is done, {@code isPartitionMarkedForEvent} asks whether it was. As in HMS, the partition need not
 * exist (only its values must name the table's keys), and a mark never expires (HMS's cleaner is off by
 * default). Kept as opaque objects by table, values and event type; nothing else reads them.
 */
public final class PartitionEventCalls {

    private static final DeclaredExceptions MARK = DeclaredExceptions.of("markPartitionForEvent");
    private static final DeclaredExceptions IS_MARKED = DeclaredExceptions.of("isPartitionMarkedForEvent");

    private final CatalogCalls catalog;
    private final KeptObjects<org.apache.hadoop.hive.metastore.api.Partition> marks =
            new KeptObjects<>("hms.partition_event", org.apache.hadoop.hive.metastore.api.Partition::new);

    public PartitionEventCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public void markPartitionForEvent(
            String database, String table, Map<String, String> values, PartitionEventType type) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.CREATE, database, table);
        catalog.run(MARK, call, client -> {
            String key = key(client, call, table, values, type);
            var mark = new org.apache.hadoop.hive.metastore.api.Partition();
            mark.setDbName(call.database());
            mark.setTableName(call.table());
            mark.setCreateTime((int) (System.currentTimeMillis() / 1000));
            KeptObjects.write(client, marks.createOrReplace(key, mark));
            return null;
        });
    }

    public boolean isPartitionMarkedForEvent(
            String database, String table, Map<String, String> values, PartitionEventType type) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.READ, database, table);
        return catalog.run(
                IS_MARKED,
                call,
                client -> marks.find(client, key(client, call, table, values, type))
                        .isPresent());
    }

    /** {@code catalog/database/table/values/type}, the values in the table's key order (HMS's partition string). */
    private static String key(
            dev.lakegate.catalog.client.CatalogClient client,
            HmsCall call,
            String table,
            Map<String, String> values,
            PartitionEventType type) {
        PartitionTable found = PartitionTable.find(client, call)
                .orElseThrow(() -> HmsFailure.of("Table: " + table + " is not found.", UnknownTableException.class));
        List<FieldSchema> keys = found.keys();
        int given = values == null ? 0 : values.size();
        if (keys.size() != given) {
            throw invalid("Number of partition columns in table: " + keys.size()
                    + " doesn't match with number of supplied partition values: " + given);
        }
        List<String> ordered = new ArrayList<>();
        for (FieldSchema key : keys) {
            String value = values.get(key.getName());
            if (value == null) {
                throw invalid("No value found for partition column: " + key.getName());
            }
            ordered.add(value);
        }
        return call.catalog() + "/" + call.database() + "/" + call.table() + "/" + String.join(",", ordered) + "/"
                + (type == null ? PartitionEventType.LOAD_DONE : type).getValue();
    }

    private static HmsFailure invalid(String message) {
        return HmsFailure.of(message, InvalidPartitionException.class, MetaException.class);
    }
}
