package dev.lakegate.hms.handler.compactions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.Compaction;
import dev.lakegate.catalog.v1.CompactionState;
import dev.lakegate.catalog.v1.EnqueueCompactionResponse;
import dev.lakegate.catalog.v1.ListCompactionsRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionResponse;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.ShowCompactRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.apache.thrift.TApplicationException;
import org.junit.jupiter.api.Test;

/** HMS 4.0.1's words for the compaction queue, as its answers showed them (CompactionQueueScenarios). */
class CompactionWordsTest {

    @Test
    void aRefusalNamesTheEntryThatRefusedItInHms4Words() {
        CompactionResponse accepted = CompactionWords.response(EnqueueCompactionResponse.newBuilder()
                .setId(5)
                .setAccepted(true)
                .build());
        assertThat(accepted).isEqualTo(new CompactionResponse(5, "initiated", true));
        CompactionResponse refused = CompactionWords.response(EnqueueCompactionResponse.newBuilder()
                .setRefusedBy(Compaction.newBuilder().setId(3).setState(CompactionState.COMPACTION_INITIATED))
                .build());
        assertThat(refused.getId()).isEqualTo(-1);
        assertThat(refused.getState()).isEqualTo("refused");
        assertThat(refused.isAccepted()).isFalse();
        assertThat(refused.getErrormessage())
                .isEqualTo("Compaction is already scheduled with state='initiated' and id=3");
    }

    @Test
    void aRequestKeepsItsNamesAndTellsAWholeTableFromAnEmptyPartition() throws Exception {
        CompactionRequest rqst = new CompactionRequest("DB", "T", CompactionType.REBALANCE);
        assertThat(CompactionWords.request(rqst).hasPartition()).isFalse();
        rqst.setPartitionname("");
        dev.lakegate.catalog.v1.CompactionRequest request = CompactionWords.request(rqst);
        assertThat(request.getTable().getNamespace()).isEqualTo("DB");
        assertThat(request.hasPartition()).isTrue();
        assertThatThrownBy(
                        () -> CompactionWords.request(new CompactionRequest("db", "t", CompactionType.SMART_OPTIMIZE)))
                .isInstanceOf(TApplicationException.class);
    }

    @Test
    void theStateFilterIsHmsCodeAndTheOrderOnlyItsIdColumn() throws Exception {
        ShowCompactRequest rqst = new ShowCompactRequest();
        rqst.setState("i");
        rqst.setLimit(-1);
        rqst.setOrder("\"CC_ID\" desc");
        ListCompactionsRequest filter = CompactionWords.filter(rqst).orElseThrow();
        assertThat(filter.getState()).isEqualTo(CompactionState.COMPACTION_INITIATED);
        assertThat(filter.getLimit()).as("none").isZero();
        assertThat(filter.getNewestFirst()).isTrue();
        rqst.setState("initiated");
        assertThat(CompactionWords.filter(rqst)).as("no entry has that code").isEmpty();
        rqst.setState(null);
        rqst.setOrder("cq_id desc");
        assertThatThrownBy(() -> CompactionWords.filter(rqst)).isInstanceOf(TApplicationException.class);
    }

    @Test
    void anInitiatedEntryIsShownWithWhatHms4FillsIn() {
        ShowCompactResponseElement element = CompactionWords.element(Compaction.newBuilder()
                .setId(9)
                .setState(CompactionState.COMPACTION_INITIATED)
                .setEnqueueTime(Timestamp.newBuilder().setSeconds(1_796_565_767).setNanos(7_000_000))
                .setRequest(dev.lakegate.catalog.v1.CompactionRequest.newBuilder()
                        .setTable(
                                TableIdentifier.newBuilder().setNamespace("db").setName("t"))
                        .setType(dev.lakegate.catalog.v1.CompactionType.COMPACTION_MINOR))
                .build());
        ShowCompactResponseElement expected =
                new ShowCompactResponseElement("db", "t", CompactionType.MINOR, "initiated");
        expected.setHightestTxnId(0);
        expected.setHadoopJobId("None");
        expected.setId(9);
        expected.setEnqueueTime(1_796_565_767_007L);
        expected.setPoolName("default");
        expected.setNextTxnId(0);
        expected.setTxnId(0);
        expected.setCommitTime(0);
        assertThat(element).isEqualTo(expected);
    }
}
