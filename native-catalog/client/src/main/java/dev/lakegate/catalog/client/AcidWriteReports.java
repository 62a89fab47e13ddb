package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AcidWriteNotificationServiceGrpc;
import dev.lakegate.catalog.v1.AcidWriteNotificationServiceGrpc.AcidWriteNotificationServiceBlockingStub;
import dev.lakegate.catalog.v1.AcidWriteReport;
import dev.lakegate.catalog.v1.ListAcidWriteReportsRequest;
import dev.lakegate.catalog.v1.ReportAcidWritesRequest;
import io.grpc.Channel;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** What Hive's writers report of their writes, through a {@link CatalogClient}, with its principal and deadline. */
public final class AcidWriteReports {

    private final Supplier<AcidWriteNotificationServiceBlockingStub> stub;

    AcidWriteReports(Supplier<AcidWriteNotificationServiceBlockingStub> stub) {
        this.stub = requireNonNull(stub, "stub is null");
    }

    static AcidWriteReports over(Channel channel, String principal, Optional<Duration> deadline) {
        AcidWriteNotificationServiceBlockingStub base =
                CallerStubs.withPrincipal(AcidWriteNotificationServiceGrpc.newBlockingStub(channel), principal);
        return new AcidWriteReports(() -> CallerStubs.forCall(base, deadline));
    }

    /** Keeps the reports in one store transaction (when the catalog logs transaction events). */
    public void report(List<AcidWriteReport> reports) {
        try {
            stub.get()
                    .reportAcidWrites(ReportAcidWritesRequest.newBuilder()
                            .addAllReports(reports)
                            .build());
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }

    /** The reports of a transaction, of one namespace and table if given. */
    public List<AcidWriteReport> list(long transactionId, Optional<String> namespace, Optional<String> table) {
        ListAcidWriteReportsRequest.Builder request =
                ListAcidWriteReportsRequest.newBuilder().setTransactionId(transactionId);
        namespace.ifPresent(request::setNamespace);
        table.ifPresent(request::setTable);
        try {
            return stub.get().listAcidWriteReports(request.build()).getReportsList();
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }
}
