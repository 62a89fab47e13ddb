package dev.lakegate.catalog.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.rpc.ErrorInfo;
import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.v1.ErrorReason;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import org.junit.jupiter.api.Test;

class CatalogClientExceptionTest {

    @Test
    void readsReasonAndMetadataFromTheCatalogsErrorInfo() {
        CatalogClientException e = CatalogClientException.from(status(
                Status.Code.ABORTED,
                "etag mismatch",
                ErrorInfo.newBuilder()
                        .setDomain(CatalogWire.ERROR_DOMAIN)
                        .setReason("ETAG_MISMATCH")
                        .putMetadata("expected", "3")
                        .build()));
        assertThat(e.code()).isEqualTo(Status.Code.ABORTED);
        assertThat(e.reason()).isEqualTo(ErrorReason.ETAG_MISMATCH);
        assertThat(e.getMessage()).isEqualTo("etag mismatch");
        assertThat(e.metadata()).containsExactlyEntriesOf(java.util.Map.of("expected", "3"));
    }

    @Test
    void failureWithoutDetailsHasNoReason() {
        CatalogClientException e = CatalogClientException.from(
                Status.UNAVAILABLE.withDescription("connection refused").asRuntimeException());
        assertThat(e.code()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(e.reason()).isEqualTo(ErrorReason.ERROR_REASON_UNSPECIFIED);
        assertThat(e.getMessage()).isEqualTo("connection refused");
        assertThat(e.metadata()).isEmpty();
        assertThat(CatalogClientException.from(Status.DEADLINE_EXCEEDED.asRuntimeException())
                        .getMessage())
                .isEqualTo("DEADLINE_EXCEEDED");
    }

    @Test
    void otherDomainsAndUnknownReasonsAreNotTakenForCatalogReasons() {
        assertThat(CatalogClientException.from(status(
                                Status.Code.NOT_FOUND,
                                "x",
                                ErrorInfo.newBuilder()
                                        .setDomain("googleapis.com")
                                        .setReason("TABLE_NOT_FOUND")
                                        .build()))
                        .reason())
                .isEqualTo(ErrorReason.ERROR_REASON_UNSPECIFIED);
        assertThat(CatalogClientException.from(status(
                                Status.Code.NOT_FOUND,
                                "x",
                                ErrorInfo.newBuilder()
                                        .setDomain(CatalogWire.ERROR_DOMAIN)
                                        .setReason("VIEW_NOT_FOUND")
                                        .build()))
                        .reason())
                .isEqualTo(ErrorReason.ERROR_REASON_UNSPECIFIED);
        assertThat(CatalogClientException.from(status(
                                Status.Code.NOT_FOUND,
                                "x",
                                ErrorInfo.newBuilder()
                                        .setDomain(CatalogWire.ERROR_DOMAIN)
                                        .setReason("UNRECOGNIZED")
                                        .build()))
                        .reason())
                .isEqualTo(ErrorReason.ERROR_REASON_UNSPECIFIED);
    }

    private static StatusRuntimeException status(Status.Code code, String message, ErrorInfo info) {
        return StatusProto.toStatusRuntimeException(com.google.rpc.Status.newBuilder()
                .setCode(code.value())
                .setMessage(message)
                .addDetails(Any.pack(info))
                .build());
    }
}
