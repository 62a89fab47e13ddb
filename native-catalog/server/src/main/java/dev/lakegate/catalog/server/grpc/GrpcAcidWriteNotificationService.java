package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.grpc.mapping.TableMapper;
import dev.lakegate.catalog.server.model.AcidWriteNotification;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.AcidWriteNotificationServiceGrpc;
import dev.lakegate.catalog.v1.AcidWriteReport;
import dev.lakegate.catalog.v1.ListAcidWriteReportsRequest;
import dev.lakegate.catalog.v1.ListAcidWriteReportsResponse;
import dev.lakegate.catalog.v1.ReportAcidWritesRequest;
import dev.lakegate.catalog.v1.ReportAcidWritesResponse;
import io.grpc.stub.StreamObserver;
import java.util.Optional;

/** The gRPC edge of what Hive's writers report of their writes: maps messages to the domain and back. */
final class GrpcAcidWriteNotificationService
        extends AcidWriteNotificationServiceGrpc.AcidWriteNotificationServiceImplBase {

    private final Catalog catalog;

    GrpcAcidWriteNotificationService(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    @Override
    public void reportAcidWrites(ReportAcidWritesRequest request, StreamObserver<ReportAcidWritesResponse> response) {
        UnaryCall.run(response, () -> {
            catalog.acidWriteNotifications()
                    .report(request.getReportsList().stream()
                            .map(GrpcAcidWriteNotificationService::toDomain)
                            .toList());
            return ReportAcidWritesResponse.getDefaultInstance();
        });
    }

    @Override
    public void listAcidWriteReports(
            ListAcidWriteReportsRequest request, StreamObserver<ListAcidWriteReportsResponse> response) {
        UnaryCall.run(
                response,
                () -> ListAcidWriteReportsResponse.newBuilder()
                        .addAllReports(catalog
                                .acidWriteNotifications()
                                .list(
                                        request.getTransactionId(),
                                        request.hasNamespace() ? Optional.of(request.getNamespace()) : Optional.empty(),
                                        request.hasTable() ? Optional.of(request.getTable()) : Optional.empty())
                                .stream()
                                .map(GrpcAcidWriteNotificationService::toProto)
                                .toList())
                        .build());
    }

    private static AcidWriteNotification toDomain(AcidWriteReport report) {
        return new AcidWriteNotification(
                report.getTransactionId(),
                report.getWriteId(),
                TableMapper.toDomain(report.getTable()),
                report.getPartition(),
                report.getTableObject(),
                report.hasPartitionObject() ? Optional.of(report.getPartitionObject()) : Optional.empty(),
                report.getFiles());
    }

    private static AcidWriteReport toProto(AcidWriteNotification report) {
        AcidWriteReport.Builder proto = AcidWriteReport.newBuilder()
                .setTransactionId(report.transactionId())
                .setWriteId(report.writeId())
                .setTable(TableMapper.toProto(report.table()))
                .setPartition(report.partition())
                .setTableObject(report.tableObject())
                .setFiles(report.files());
        report.partitionObject().ifPresent(proto::setPartitionObject);
        return proto.build();
    }
}
