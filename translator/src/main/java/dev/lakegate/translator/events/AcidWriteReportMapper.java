package dev.lakegate.translator.events;

import dev.lakegate.catalog.v1.AcidWriteReport;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.InsertEventRequestData;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.WriteEventInfo;
import org.apache.hadoop.hive.metastore.api.WriteNotificationLogRequest;

/**
 * A writer's report of a write of a transactional table (add_write_notification_log) as HMS's transactional
 * DbNotificationListener keeps it in TXN_WRITE_NOTIFICATION_LOG, and back as get_all_write_event_info answers
 * it: names normalized, the table and partition as Thrift JSON (MessageBuilder's createTableObjJson and
 * createPartitionObjJson), each file encoded as ReplChangeManager encodes it without change management (the
 * path, "###" and its sub-directory; the checksum left out) and joined with "]".
 */
public final class AcidWriteReportMapper {

    /** ReplChangeManager's separator of the files of a write. */
    static final String FILES_SEPARATOR = "]";

    private AcidWriteReportMapper() {}

    /**
     * The report of {@code request}, a write of {@code table} at {@code partitionName} ("" for the whole table),
     * whose partition is {@code partition} if the metastore has it.
     */
    public static AcidWriteReport toReport(
            WriteNotificationLogRequest request, Table table, String partitionName, Optional<Partition> partition) {
        AcidWriteReport.Builder report = AcidWriteReport.newBuilder()
                .setTransactionId(request.getTxnId())
                .setWriteId(request.getWriteId())
                .setTable(TableIdentifier.newBuilder()
                        .setNamespace(HiveNames.normalize(request.getDb()))
                        .setName(HiveNames.normalize(request.getTable())))
                .setPartition(partitionName)
                .setTableObject(MessageJson.thriftJson(table))
                .setFiles(String.join(FILES_SEPARATOR, files(request.getFileInfo())));
        partition.ifPresent(found -> report.setPartitionObject(MessageJson.thriftJson(found)));
        return report.build();
    }

    /** A kept report as get_all_write_event_info answers it. */
    public static WriteEventInfo toThrift(AcidWriteReport report) {
        WriteEventInfo info = new WriteEventInfo(
                report.getWriteId(),
                report.getTable().getNamespace(),
                report.getTable().getName(),
                report.getFiles());
        info.setPartition(report.getPartition());
        info.setTableObj(report.getTableObject());
        if (report.hasPartitionObject()) {
            info.setPartitionObj(report.getPartitionObject());
        }
        return info;
    }

    private static List<String> files(InsertEventRequestData data) {
        List<String> files = new ArrayList<>();
        if (data == null || data.getFilesAdded() == null) {
            return files;
        }
        List<String> subDirectories = data.getSubDirectoryList();
        for (int i = 0; i < data.getFilesAdded().size(); i++) {
            String subDirectory = subDirectories == null || subDirectories.get(i) == null ? "" : subDirectories.get(i);
            files.add(data.getFilesAdded().get(i) + "###" + subDirectory);
        }
        return files;
    }
}
