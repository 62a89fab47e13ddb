package dev.lakegate.translator.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.catalog.v1.AcidWriteReport;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.InsertEventRequestData;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.WriteEventInfo;
import org.apache.hadoop.hive.metastore.api.WriteNotificationLogRequest;
import org.junit.jupiter.api.Test;

class AcidWriteReportMapperTest {

    private static WriteNotificationLogRequest request(InsertEventRequestData files) {
        return new WriteNotificationLogRequest(41, 7, " Sales ", "Orders", files);
    }

    @Test
    void aReportIsKeptAsHmsListenerKeepsIt() {
        InsertEventRequestData files = new InsertEventRequestData(List.of("hdfs://n/t/delta_7/b0", "hdfs://n/t/b1"));
        files.setFilesAddedChecksum(List.of("c0", "c1"));
        files.setSubDirectoryList(Arrays.asList("delta_7", null));
        Table table = new Table();
        table.setTableName("orders");
        Partition partition = new Partition();
        partition.setValues(List.of("2024"));
        AcidWriteReport report =
                AcidWriteReportMapper.toReport(request(files), table, "y=2024", Optional.of(partition));
        assertThat(report.getTable().getNamespace()).isEqualTo("sales");
        assertThat(report.getTable().getName()).isEqualTo("orders");
        assertThat(report.getFiles())
                .as("no change management: the checksum left out, the sub-directory after ###")
                .isEqualTo("hdfs://n/t/delta_7/b0###delta_7]hdfs://n/t/b1###");
        assertThat(report.getTableObject()).isEqualTo(MessageJson.thriftJson(table));
        assertThat(report.getPartitionObject()).isEqualTo(MessageJson.thriftJson(partition));
        assertThat(report.getTransactionId()).isEqualTo(41);
        assertThat(report.getWriteId()).isEqualTo(7);

        WriteEventInfo info = AcidWriteReportMapper.toThrift(report);
        assertThat(info.getDatabase()).isEqualTo("sales");
        assertThat(info.getPartition()).isEqualTo("y=2024");
        assertThat(info.getFiles()).isEqualTo(report.getFiles());
        assertThat(info.getPartitionObj()).isEqualTo(report.getPartitionObject());
    }

    @Test
    void aWholeTableWriteHasNoPartition() {
        AcidWriteReport report = AcidWriteReportMapper.toReport(
                request(new InsertEventRequestData(List.of("f"))), new Table(), "", Optional.empty());
        WriteEventInfo info = AcidWriteReportMapper.toThrift(report);
        assertThat(info.getPartition()).isEmpty();
        assertThat(info.isSetPartitionObj()).isFalse();
        assertThat(info.getFiles()).isEqualTo("f###");
    }
}
