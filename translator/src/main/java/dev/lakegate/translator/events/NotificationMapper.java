package dev.lakegate.translator.events;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.DataInserted;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.FunctionChange;
import dev.lakegate.catalog.v1.NamespaceChange;
import dev.lakegate.catalog.v1.PartitionsChange;
import dev.lakegate.catalog.v1.StatisticsChange;
import dev.lakegate.catalog.v1.TableChange;
import dev.lakegate.translator.mapping.DatabaseMapper;
import dev.lakegate.translator.mapping.FunctionMapper;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.StatisticsMapper;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * Native events as HMS notification events: one each, with the same id, so that the ids HMS clients
 * see stay gap-free. The message is the body Hive 4.0's JSONMessageEncoder writes for the type
 * (format {@value #FORMAT}); {@code server} and {@code servicePrincipal} are this gateway's, as HMS
 * writes its own thrift URI and Kerberos principal there.
 */
public final class NotificationMapper {

    /** Lakegate has no transactions: messages carry HMS's "no write id". */
    private static final long NO_WRITE_ID = -1L;

    public static final String FORMAT = "json-0.2";

    private final String server;
    private final String servicePrincipal;
    private final TransactionMessages transactionMessages;

    public NotificationMapper(String server, String servicePrincipal) {
        this.server = requireNonNull(server, "server is null");
        this.servicePrincipal = requireNonNull(servicePrincipal, "servicePrincipal is null");
        this.transactionMessages = new TransactionMessages(server, servicePrincipal);
    }

    /** An event that needs no table beside it (all but statistics events). */
    public NotificationEvent toHms(Event event) {
        return toHms(event, null);
    }

    /**
     * @param table the event's table as it is now, for statistics events: its partition keys name the
     *     partition and it is the message's {@code tableObjJson}; null leaves those out
     */
    public NotificationEvent toHms(Event event, dev.lakegate.catalog.v1.Table table) {
        if (event.getChangeCase() == Event.ChangeCase.FOREIGN_EVENT) {
            return ForeignNotifications.toHms(event);
        }
        long timestamp = event.getTime().getSeconds();
        HiveEventType type;
        String message;
        String database = event.getNamespace();
        String tableName = event.getTable().isEmpty() ? null : event.getTable();
        switch (event.getChangeCase()) {
            case NAMESPACE_CHANGE -> {
                NamespaceChange change = event.getNamespaceChange();
                tableName = null;
                if (change.hasBefore() && change.hasAfter()) {
                    type = HiveEventType.ALTER_DATABASE;
                    message = common(change.getBefore().getName())
                            .thrift("dbObjBeforeJson", DatabaseMapper.fromNative(change.getBefore()))
                            .thrift("dbObjAfterJson", DatabaseMapper.fromNative(change.getAfter()))
                            .number("timestamp", timestamp)
                            .build();
                } else {
                    Database db = DatabaseMapper.fromNative(change.hasAfter() ? change.getAfter() : change.getBefore());
                    type = change.hasAfter() ? HiveEventType.CREATE_DATABASE : HiveEventType.DROP_DATABASE;
                    message = common(db.getName())
                            .thrift("dbJson", db)
                            .number("timestamp", timestamp)
                            .build();
                }
            }
            case TABLE_CHANGE -> {
                TableChange change = event.getTableChange();
                if (change.hasBefore() && change.hasAfter()) {
                    Table before = TableMapper.fromNative(change.getBefore());
                    Table after = TableMapper.fromNative(change.getAfter());
                    type = HiveEventType.ALTER_TABLE;
                    database = after.getDbName();
                    tableName = after.getTableName();
                    message = tableCommon(before)
                            .thrift("tableObjBeforeJson", before)
                            .thrift("tableObjAfterJson", after)
                            .string("isTruncateOp", "false")
                            .number("timestamp", timestamp)
                            .number("writeId", NO_WRITE_ID)
                            .build();
                } else if (change.hasAfter()) {
                    Table created = TableMapper.fromNative(change.getAfter());
                    type = HiveEventType.CREATE_TABLE;
                    message = tableCommon(created)
                            .thrift("tableObjJson", created)
                            .number("timestamp", timestamp)
                            .strings("files", List.of())
                            .build();
                } else {
                    Table dropped = TableMapper.fromNative(change.getBefore());
                    type = HiveEventType.DROP_TABLE;
                    message = tableCommon(dropped)
                            .thrift("tableObjJson", dropped)
                            .number("timestamp", timestamp)
                            .build();
                }
            }
            case PARTITIONS_CHANGE -> {
                PartitionsChange change = event.getPartitionsChange();
                Table owner = TableMapper.fromNative(change.getTable());
                List<Partition> before = partitions(change.getBeforeList(), owner);
                List<Partition> after = partitions(change.getAfterList(), owner);
                if (!before.isEmpty() && !after.isEmpty()) {
                    // HMS writes one ALTER_PARTITION per partition; a native event that changed several
                    // reports its first (see the module README).
                    type = HiveEventType.ALTER_PARTITION;
                    message = tableCommon(owner)
                            .thrift("tableObjJson", owner)
                            .string("isTruncateOp", "false")
                            .number("timestamp", timestamp)
                            .number("writeId", NO_WRITE_ID)
                            .map("keyValues", keyValues(owner, before.get(0)))
                            .thrift("partitionObjBeforeJson", before.get(0))
                            .thrift("partitionObjAfterJson", after.get(0))
                            .build();
                } else if (!after.isEmpty()) {
                    type = HiveEventType.ADD_PARTITION;
                    List<String> partitionJson = new ArrayList<>();
                    after.forEach(partition -> partitionJson.add(MessageJson.thriftJson(partition)));
                    message = tableCommon(owner)
                            .thrift("tableObjJson", owner)
                            .number("timestamp", timestamp)
                            .maps("partitions", keyValues(owner, after))
                            .strings("partitionListJson", partitionJson)
                            .strings("partitionFiles", List.of())
                            .build();
                } else {
                    type = HiveEventType.DROP_PARTITION;
                    message = tableCommon(owner)
                            .thrift("tableObjJson", owner)
                            .number("timestamp", timestamp)
                            .maps("partitions", keyValues(owner, before))
                            .build();
                }
            }
            case STATISTICS_CHANGE -> {
                StatisticsChange change = event.getStatisticsChange();
                Table owner = table == null ? null : TableMapper.fromNative(table);
                List<String> keys = owner == null ? List.of() : keyNames(owner);
                boolean partition = change.getTarget().getPartitionValuesCount() > 0;
                List<String> values =
                        PartitionMapper.fromNativeValues(change.getTarget().getPartitionValuesList());
                if (change.getDeletedColumnsCount() > 0) {
                    String column = change.getDeletedColumnsCount() == 1 ? change.getDeletedColumns(0) : null;
                    type = partition
                            ? HiveEventType.DELETE_PARTITION_COLUMN_STAT
                            : HiveEventType.DELETE_TABLE_COLUMN_STAT;
                    MessageJson json = new MessageJson()
                            .number("timestamp", timestamp)
                            .string("server", server)
                            .string("servicePrincipal", servicePrincipal)
                            .string("database", database)
                            .string("colName", column);
                    if (partition) {
                        json.string("partName", keys.isEmpty() ? null : PartitionNames.name(keys, values))
                                .strings("partValues", values);
                    }
                    message = json.build();
                } else {
                    type = partition
                            ? HiveEventType.UPDATE_PARTITION_COLUMN_STAT
                            : HiveEventType.UPDATE_TABLE_COLUMN_STAT;
                    MessageJson json = new MessageJson()
                            .number("writeId", NO_WRITE_ID)
                            .number("timestamp", timestamp)
                            .string("server", server)
                            .string("servicePrincipal", servicePrincipal)
                            .string("database", database)
                            .thrift(
                                    "colStatsJson",
                                    StatisticsMapper.fromNative(change.getTarget(), change.getStatisticsList(), keys))
                            .map("parameters", owner == null ? null : owner.getParameters());
                    if (partition) {
                        json.strings("partVals", values);
                    }
                    message = json.thrift("tableObjJson", owner).build();
                }
            }
            case FUNCTION_CHANGE -> {
                FunctionChange change = event.getFunctionChange();
                tableName = null;
                if (change.hasBefore() && !change.hasAfter()) {
                    type = HiveEventType.DROP_FUNCTION;
                    Function dropped = FunctionMapper.fromNative(change.getBefore());
                    message = common(dropped.getDbName())
                            .string("functionName", dropped.getFunctionName())
                            .number("timestamp", timestamp)
                            .build();
                } else {
                    type = change.hasBefore() ? HiveEventType.ALTER_FUNCTION : HiveEventType.CREATE_FUNCTION;
                    Function function = FunctionMapper.fromNative(change.getAfter());
                    message = common(function.getDbName())
                            .thrift("functionObjJson", function)
                            .number("timestamp", timestamp)
                            .build();
                }
            }
            case DATA_INSERTED -> {
                DataInserted change = event.getDataInserted();
                Table owner = TableMapper.fromNative(change.getTable());
                type = HiveEventType.INSERT;
                database = owner.getDbName();
                tableName = owner.getTableName();
                message = tableCommon(owner)
                        .thrift("tableObjJson", owner)
                        .thrift(
                                "ptnObjJson",
                                change.hasPartition()
                                        ? PartitionMapper.fromNative(
                                                change.getPartition(), event.getCatalog(), database, tableName)
                                        : null)
                        .number("timestamp", timestamp)
                        .string("replace", Boolean.toString(change.getReplace()))
                        .strings("files", insertedFiles(change))
                        .build();
            }
            case ACID_TRANSACTIONS_CHANGE -> {
                TransactionMessages.Message transactions = transactionMessages.of(event, timestamp);
                type = transactions.type();
                message = transactions.json();
                tableName = TransactionMessages.NO_TABLE;
            }
            default -> throw new IllegalArgumentException("event " + event.getId() + " carries no change");
        }
        NotificationEvent result = new NotificationEvent(event.getId(), (int) timestamp, type.name(), message);
        result.setDbName(database == null || database.isEmpty() ? null : database);
        result.setTableName(tableName);
        result.setMessageFormat(FORMAT);
        result.setCatName(HiveNames.catalogOfNative(event.getCatalog()));
        return result;
    }

    /**
     * The files as HMS writes them without change management (ReplChangeManager.encodeFileUri with no CM root):
     * the path, then "###" and the file's sub-directory; the checksum is left out.
     */
    private static List<String> insertedFiles(DataInserted change) {
        List<String> files = new ArrayList<>();
        change.getFilesList().forEach(file -> files.add(file.getPath() + "###" + file.getSubDirectory()));
        return files;
    }

    private MessageJson common(String database) {
        return new MessageJson()
                .string("server", server)
                .string("servicePrincipal", servicePrincipal)
                .string("db", database);
    }

    private MessageJson tableCommon(Table table) {
        return common(table.getDbName())
                .string("table", table.getTableName())
                .string("tableType", table.getTableType());
    }

    private static List<Partition> partitions(List<dev.lakegate.catalog.v1.Partition> partitions, Table owner) {
        List<Partition> result = new ArrayList<>();
        partitions.forEach(p ->
                result.add(PartitionMapper.fromNative(p, owner.getCatName(), owner.getDbName(), owner.getTableName())));
        return result;
    }

    private static List<Map<String, String>> keyValues(Table table, List<Partition> partitions) {
        List<Map<String, String>> result = new ArrayList<>();
        partitions.forEach(partition -> result.add(keyValues(table, partition)));
        return result;
    }

    /** Key name to value, in key order, as MessageBuilder.getPartitionKeyValues gives them. */
    private static Map<String, String> keyValues(Table table, Partition partition) {
        Map<String, String> values = new LinkedHashMap<>();
        List<FieldSchema> keys = table.getPartitionKeys();
        for (int i = 0; i < keys.size() && i < partition.getValuesSize(); i++) {
            values.put(keys.get(i).getName(), partition.getValues().get(i));
        }
        return values;
    }

    private static List<String> keyNames(Table table) {
        List<String> names = new ArrayList<>();
        table.getPartitionKeys().forEach(key -> names.add(key.getName()));
        return names;
    }
}
