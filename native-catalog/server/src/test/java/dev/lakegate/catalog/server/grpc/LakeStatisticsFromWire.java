package dev.lakegate.catalog.server.grpc;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.ValueMapper;
import dev.lakegate.catalog.server.model.ColumnFigures;
import dev.lakegate.catalog.server.model.LakeFigures;
import dev.lakegate.catalog.server.model.PartitionFigures;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import dev.lakegate.catalog.v1.TableStatistics;
import java.util.Base64;
import java.util.Optional;

/** A lake table's statistics as a gRPC client reads them, back in the model (bounds as text and serialized). */
final class LakeStatisticsFromWire {

    private LakeStatisticsFromWire() {}

    static SnapshotStatistics read(TableStatistics proto) {
        return new SnapshotStatistics(
                proto.getSnapshotId(),
                ValueMapper.toInstant(proto.getRecordedAt(), FieldPath.root("recorded_at")),
                figures(proto.getTable()),
                proto.getPartitionsList().stream()
                        .map(p -> new PartitionFigures(p.getSpecId(), p.getPartition(), figures(p.getFigures())))
                        .toList(),
                false);
    }

    private static LakeFigures figures(dev.lakegate.catalog.v1.LakeFigures proto) {
        return new LakeFigures(
                proto.getRecordCount(),
                proto.getDataFileCount(),
                proto.getDeleteFileCount(),
                proto.getDeleteRecordCount(),
                proto.getTotalSizeBytes(),
                proto.getColumnsList().stream()
                        .map(column -> new ColumnFigures(
                                column.getFieldId(),
                                column.getName(),
                                column.getValueCount(),
                                column.getNullCount(),
                                column.getFilesCounted(),
                                column.hasLowerBound() ? Optional.of(column.getLowerBound()) : Optional.empty(),
                                column.hasUpperBound() ? Optional.of(column.getUpperBound()) : Optional.empty(),
                                column.hasLowerBoundValue()
                                        ? Optional.of(base64(column.getLowerBoundValue()))
                                        : Optional.empty(),
                                column.hasUpperBoundValue()
                                        ? Optional.of(base64(column.getUpperBoundValue()))
                                        : Optional.empty(),
                                column.getFilesWithoutBounds()))
                        .toList());
    }

    private static String base64(ByteString value) {
        return Base64.getEncoder().encodeToString(value.toByteArray());
    }
}
