package dev.lakegate.translator.events;

import static dev.lakegate.translator.events.NotificationMapperTest.HIVE;
import static dev.lakegate.translator.events.NotificationMapperTest.MAPPER;
import static dev.lakegate.translator.events.NotificationMapperTest.PRINCIPAL;
import static dev.lakegate.translator.events.NotificationMapperTest.SERVER;
import static dev.lakegate.translator.events.NotificationMapperTest.TIME;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.AcidTransactionsChange;
import dev.lakegate.catalog.v1.Event;
import dev.lakegate.catalog.v1.EventType;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.NotificationEvent;
import org.apache.hadoop.hive.metastore.api.TxnToWriteId;
import org.apache.hadoop.hive.metastore.messaging.AllocWriteIdMessage;
import org.junit.jupiter.api.Test;

/**
 * Transaction events as HMS 3.1.3's DbNotificationListener writes them, byte for byte (the messages below are
 * the ones it was seen to write, with this gateway's server and principal), and read back by Hive's own
 * JSONMessageDeserializer.
 */
class TransactionMessagesTest {

    private static final String ENDS = ",\"server\":\"" + SERVER + "\",\"servicePrincipal\":\"" + PRINCIPAL + "\"}";

    private static NotificationEvent map(
            EventType type, String namespace, String table, List<Long> transactions, List<Long> writeIds) {
        return MAPPER.toHms(Event.newBuilder()
                .setId(42)
                .setTime(Timestamp.newBuilder().setSeconds(TIME))
                .setType(type)
                .setCatalog("hive")
                .setNamespace(namespace)
                .setTable(table)
                .setAcidTransactionsChange(AcidTransactionsChange.newBuilder()
                        .addAllTransactionIds(transactions)
                        .addAllWriteIds(writeIds))
                .build());
    }

    @Test
    void anOpenNamesItsRangeAndLeavesTheListNull() {
        NotificationEvent open = map(EventType.ACID_OPENED, "", "", List.of(3L, 4L, 5L), List.of());
        assertThat(open.getEventType()).isEqualTo("OPEN_TXN");
        assertThat(open.getDbName()).isNull();
        assertThat(open.getTableName()).isEqualTo(" ");
        assertThat(open.getMessageFormat()).isEqualTo("json-0.2");
        assertThat(open.getMessage())
                .isEqualTo("{\"txnIds\":null,\"timestamp\":" + TIME + ",\"fromTxnId\":3,\"toTxnId\":5" + ENDS);
        assertThat(HIVE.getOpenTxnMessage(open.getMessage()).getTxnIds()).containsExactly(3L, 4L, 5L);
    }

    @Test
    void aCommitAndAnAbortNameTheirTransaction() {
        NotificationEvent commit = map(EventType.ACID_COMMITTED, "", "", List.of(9L), List.of());
        NotificationEvent abort = map(EventType.ACID_ABORTED, "", "", List.of(10L), List.of());
        assertThat(commit.getEventType()).isEqualTo("COMMIT_TXN");
        assertThat(abort.getEventType()).isEqualTo("ABORT_TXN");
        assertThat(commit.getMessage()).isEqualTo("{\"txnid\":9,\"timestamp\":" + TIME + ENDS);
        assertThat(abort.getMessage()).isEqualTo("{\"txnid\":10,\"timestamp\":" + TIME + ENDS);
        assertThat(HIVE.getCommitTxnMessage(commit.getMessage()).getTxnId()).isEqualTo(9L);
        assertThat(HIVE.getAbortTxnMessage(abort.getMessage()).getTxnId()).isEqualTo(10L);
        assertThat(abort.getDbName()).isNull();
        assertThat(abort.getTableName()).isEqualTo(" ");
    }

    @Test
    void anAllocationNamesItsTableAndEachTransactionsWriteId() {
        NotificationEvent allocation =
                map(EventType.ACID_WRITE_IDS_ALLOCATED, "sales", "orders", List.of(7L, 9L), List.of(1L, 2L));
        assertThat(allocation.getEventType()).isEqualTo("ALLOC_WRITE_ID_EVENT");
        assertThat(allocation.getDbName()).isEqualTo("sales");
        assertThat(allocation.getTableName())
                .as("HMS's listener names no table")
                .isEqualTo(" ");
        assertThat(allocation.getMessage())
                .isEqualTo("{\"server\":\"" + SERVER + "\",\"servicePrincipal\":\"" + PRINCIPAL
                        + "\",\"dbName\":\"sales\",\"tableName\":\"orders\",\"txnIdList\":[7,9],\"writeIdList\":[1,2],"
                        + "\"timestamp\":" + TIME + "}");
        AllocWriteIdMessage read = HIVE.getAllocWriteIdMessage(allocation.getMessage());
        assertThat(read.getTableName()).isEqualTo("orders");
        assertThat(read.getTxnToWriteIdList()).containsExactly(new TxnToWriteId(7, 1), new TxnToWriteId(9, 2));
    }
}
