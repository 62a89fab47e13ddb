package dev.lakegate.catalog.server.grpc.mapping;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.server.model.ColumnFigures;
import dev.lakegate.catalog.server.model.LakeFigures;
import dev.lakegate.catalog.server.model.PartitionFigures;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import dev.lakegate.catalog.v1.PartitionStatistics;
import dev.lakegate.catalog.v1.TableStatistics;
import java.util.Base64;

/** A lake table's statistics as of a snapshot, to the wire (they are only ever read by clients). */
public final class LakeStatisticsMapper {

    private LakeStatisticsMapper() {}

    public static TableStatistics toProto(SnapshotStatistics statistics) {
        TableStatistics.Builder proto = TableStatistics.newBuilder()
                .setSnapshotId(statistics.snapshotId())
                .setRecordedAt(ValueMapper.toProto(statistics.recordedAt()))
                .setTable(toProto(statistics.table()));
        for (PartitionFigures partition : statistics.partitions()) {
            proto.addPartitions(PartitionStatistics.newBuilder()
                    .setSpecId(partition.specId())
                    .setPartition(partition.partition())
                    .setFigures(toProto(partition.figures())));
        }
        return proto.build();
    }

    private static dev.lakegate.catalog.v1.LakeFigures toProto(LakeFigures figures) {
        dev.lakegate.catalog.v1.LakeFigures.Builder proto = dev.lakegate.catalog.v1.LakeFigures.newBuilder()
                .setRecordCount(figures.recordCount())
                .setDataFileCount(figures.dataFileCount())
                .setDeleteFileCount(figures.deleteFileCount())
                .setDeleteRecordCount(figures.deleteRecordCount())
                .setTotalSizeBytes(figures.totalSizeBytes());
        for (ColumnFigures column : figures.columns()) {
            dev.lakegate.catalog.v1.ColumnFigures.Builder columnProto =
                    dev.lakegate.catalog.v1.ColumnFigures.newBuilder()
                            .setFieldId(column.fieldId())
                            .setName(column.name())
                            .setValueCount(column.valueCount())
                            .setNullCount(column.nullCount())
                            .setFilesCounted(column.filesCounted())
                            .setFilesWithoutBounds(column.filesWithoutBounds());
            column.lowerBound().ifPresent(columnProto::setLowerBound);
            column.upperBound().ifPresent(columnProto::setUpperBound);
            column.lowerBoundBytes().map(LakeStatisticsMapper::value).ifPresent(columnProto::setLowerBoundValue);
            column.upperBoundBytes().map(LakeStatisticsMapper::value).ifPresent(columnProto::setUpperBoundValue);
            proto.addColumns(columnProto);
        }
        return proto.build();
    }

    /** The model keeps a bound's serialized value in base64 (it is stored as JSON); the wire carries bytes. */
    private static ByteString value(String base64) {
        return ByteString.copyFrom(Base64.getDecoder().decode(base64));
    }
}
