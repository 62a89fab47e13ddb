package dev.lakegate.translator.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.v1.AcidWrite;
import dev.lakegate.catalog.v1.AcidWriteOperation;
import dev.lakegate.catalog.v1.TableIdentifier;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.junit.jupiter.api.Test;

/** What a lock in a transaction says the transaction writes, as HMS records it for the conflict check. */
class TransactionWritesTest {

    private static LockComponent component(String table, String partition, DataOperationType operation) {
        LockComponent component = new LockComponent(LockType.SHARED_WRITE, LockLevel.TABLE, "Sales");
        component.setTablename(table);
        if (partition != null) {
            component.setPartitionname(partition);
            component.setLevel(LockLevel.PARTITION);
        }
        component.setOperationType(operation);
        return component;
    }

    private static AcidWrite write(String table, String partition, AcidWriteOperation operation) {
        return AcidWrite.newBuilder()
                .setTable(TableIdentifier.newBuilder().setNamespace("sales").setName(table))
                .setPartition(partition)
                .setOperation(operation)
                .build();
    }

    private static List<AcidWrite> writes(long transaction, LockComponent... components) {
        LockRequest request = new LockRequest(List.of(components), "hive", "host");
        request.setTxnid(transaction);
        return LockMapper.toNative(request).getWritesList();
    }

    @Test
    void insertsUpdatesAndDeletesOfTransactionalTablesAreWrites() {
        LockComponent read = component("orders", null, DataOperationType.SELECT);
        LockComponent ddl = component("orders", null, DataOperationType.NO_TXN);
        LockComponent plain = component("plain", null, DataOperationType.UPDATE);
        plain.setIsTransactional(false);
        assertThat(writes(
                        7,
                        read,
                        ddl,
                        plain,
                        component("Orders", "DS=2024-01-01/Hr=1", DataOperationType.UPDATE),
                        component("orders", "ds=2", DataOperationType.DELETE),
                        component("events", null, DataOperationType.INSERT)))
                .as("keys of a partition name lower-cased, values as written")
                .containsExactly(
                        write("orders", "ds=2024-01-01/hr=1", AcidWriteOperation.ACID_WRITE_UPDATE),
                        write("orders", "ds=2", AcidWriteOperation.ACID_WRITE_DELETE),
                        write("events", "", AcidWriteOperation.ACID_WRITE_INSERT));
        assertThat(writes(0, component("orders", "ds=2", DataOperationType.DELETE)))
                .as("no transaction, no writes")
                .isEmpty();
    }

    @Test
    void aDynamicPartitionWriteIsOneWholeTableWriteAnUpdateIfAnyPartUpdates() {
        LockComponent insert = component("orders", null, DataOperationType.INSERT);
        insert.setIsDynamicPartitionWrite(true);
        LockComponent delete = component("orders", null, DataOperationType.DELETE);
        delete.setIsDynamicPartitionWrite(true);
        LockComponent inserting = component("events", null, DataOperationType.INSERT);
        inserting.setIsDynamicPartitionWrite(true);
        assertThat(writes(7, insert, delete, inserting))
                .containsExactly(
                        write("orders", "", AcidWriteOperation.ACID_WRITE_UPDATE),
                        write("events", "", AcidWriteOperation.ACID_WRITE_INSERT));
    }
}
