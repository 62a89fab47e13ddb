package dev.lakegate.hms.handler.compactions;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.Compaction;
import dev.lakegate.catalog.v1.CompactionState;
import dev.lakegate.catalog.v1.RecordCompactionWorkRequest;
import dev.lakegate.catalog.v1.TableIdentifier;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.CompactionInfoStruct;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.OptionalCompactionInfoStruct;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.junit.jupiter.api.Test;

/** HMS 4.0.1's words for the compactor Worker's calls, as its answers showed them (CompactorWorkerScenarios). */
class CompactorWordsTest {

    private static Compaction.Builder entry() {
        return Compaction.newBuilder()
                .setId(12)
                .setState(CompactionState.COMPACTION_INITIATED)
                .setEnqueueTime(Timestamp.newBuilder().setSeconds(1_796_565_767))
                .setRequest(dev.lakegate.catalog.v1.CompactionRequest.newBuilder()
                        .setTable(
                                TableIdentifier.newBuilder().setNamespace("db").setName("t"))
                        .setPartition("ds=1")
                        .setType(dev.lakegate.catalog.v1.CompactionType.COMPACTION_MAJOR)
                        .setPoolName("pool1")
                        .putProperties("k", "value"));
    }

    @Test
    void aTakenEntryIsAnsweredAsHmsReadItWithTheRestAtZero() {
        CompactionInfoStruct expected = new CompactionInfoStruct(12, "db", "t", CompactionType.MAJOR);
        expected.setPartitionname("ds=1");
        expected.setProperties("1:1:k5:value");
        expected.setToomanyaborts(false);
        expected.setHasoldabort(false);
        expected.setStart(0);
        expected.setState("\0");
        expected.setHighestWriteId(0);
        expected.setEnqueueTime(0);
        expected.setRetryRetention(0);
        expected.setPoolname("pool1");
        expected.setNumberOfBuckets(0);

        assertThat(CompactorWords.taken(Optional.of(entry().build())).getCi()).isEqualTo(expected);
        assertThat(CompactorWords.taken(Optional.empty())).isEqualTo(new OptionalCompactionInfoStruct());
    }

    @Test
    void propertiesAreWrittenAsHivesStringableMap() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("b", "");
        properties.put("a", "xyz");
        assertThat(CompactorWords.stringableMap(properties)).isEqualTo("2:1:a3:xyz1:b0:");
        assertThat(CompactorWords.stringableMap(Map.of())).isEqualTo("0:");
    }

    @Test
    void anEndedEntryIsShownWithWhatTheWorkerRecorded() {
        ShowCompactResponseElement element = CompactionWords.element(entry().setState(CompactionState.COMPACTION_FAILED)
                .setWorkerId("host-1")
                .setWorkerVersion("4.0.1")
                .setStartTime(Timestamp.newBuilder().setSeconds(1_796_565_770))
                .setEndTime(Timestamp.newBuilder().setSeconds(1_796_565_780).setNanos(5_000_000))
                .setTxnId(40)
                .setHighestWriteId(3)
                .setHadoopJobId("job_1")
                .setErrorMessage("boom")
                .build());
        assertThat(element.getState()).isEqualTo("failed");
        assertThat(element.getWorkerid()).isEqualTo("host-1");
        assertThat(element.getWorkerVersion()).isEqualTo("4.0.1");
        assertThat(element.getStart()).isEqualTo(1_796_565_770_000L);
        assertThat(element.getEndTime()).isEqualTo(1_796_565_780_005L);
        assertThat(element.getTxnId()).isEqualTo(40);
        assertThat(element.getHightestTxnId()).isEqualTo(3);
        assertThat(element.getHadoopJobId()).isEqualTo("job_1");
        assertThat(element.getErrorMessage()).isEqualTo("boom");
    }

    @Test
    void whatTheWorkerRecordsCarriesTheStructsParts() throws Exception {
        CompactionInfoStruct cr = new CompactionInfoStruct(12, "db", "t", CompactionType.MAJOR);
        cr.setHighestWriteId(7);
        cr.setRunas("hive");
        assertThat(CompactorWords.compactor(cr, 55).getCompactor())
                .isEqualTo(RecordCompactionWorkRequest.CompactorTransaction.newBuilder()
                        .setTxnId(55)
                        .setHighestWriteId(7)
                        .setRunAs("hive")
                        .build());
        assertThat(CompactorWords.ended(cr, CompactionState.COMPACTION_REFUSED)
                        .getEnded()
                        .getErrorMessage())
                .as("no message given")
                .isEmpty();
        assertThat(CompactorWords.hadoopJob(12, "job_2").getHadoopJobId()).isEqualTo("job_2");
        assertThat(CompactorWords.compacted(cr).getId()).isEqualTo(12);
    }
}
