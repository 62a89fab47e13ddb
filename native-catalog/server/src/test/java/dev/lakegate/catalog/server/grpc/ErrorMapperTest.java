package dev.lakegate.catalog.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.rpc.ErrorInfo;
import dev.lakegate.catalog.client.CatalogClientException;
import dev.lakegate.catalog.client.ErrorDetails;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.v1.ErrorReason;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorMapperTest {

    /** The table of catalog.proto, written out again here so that a change to the mapper shows. */
    private static final Map<ErrorCode, Status.Code> EXPECTED = new EnumMap<>(Map.ofEntries(
            Map.entry(ErrorCode.INVALID_ARGUMENT, Status.Code.INVALID_ARGUMENT),
            Map.entry(ErrorCode.NAMESPACE_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.TABLE_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.PARTITION_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.FUNCTION_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.CONSTRAINT_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.LEASE_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.CATALOG_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.CATALOG_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.CATALOG_NOT_EMPTY, Status.Code.FAILED_PRECONDITION),
            Map.entry(ErrorCode.SNAPSHOT_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.NAMESPACE_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.TABLE_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.PARTITION_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.FUNCTION_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.CONSTRAINT_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.NAMESPACE_NOT_EMPTY, Status.Code.FAILED_PRECONDITION),
            Map.entry(ErrorCode.NOT_PARTITIONED, Status.Code.FAILED_PRECONDITION),
            Map.entry(ErrorCode.REQUIREMENT_FAILED, Status.Code.ABORTED),
            Map.entry(ErrorCode.COMMIT_CONFLICT, Status.Code.ABORTED),
            Map.entry(ErrorCode.ETAG_MISMATCH, Status.Code.ABORTED),
            Map.entry(ErrorCode.STORE_UNAVAILABLE, Status.Code.UNAVAILABLE),
            Map.entry(ErrorCode.INTERNAL_ERROR, Status.Code.INTERNAL),
            Map.entry(ErrorCode.SCHEDULED_QUERY_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.SCHEDULED_QUERY_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.SCHEDULED_EXECUTION_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.INVALID_STATE_CHANGE, Status.Code.FAILED_PRECONDITION),
            Map.entry(ErrorCode.OPAQUE_OBJECT_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.OPAQUE_OBJECT_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.OPAQUE_OBJECT_CHANGED, Status.Code.ABORTED),
            Map.entry(ErrorCode.ROLE_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.ROLE_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.ROLE_GRANT_ALREADY_EXISTS, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.ROLE_GRANT_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.ROLE_CYCLE, Status.Code.FAILED_PRECONDITION),
            Map.entry(ErrorCode.BUILT_IN_ROLE, Status.Code.FAILED_PRECONDITION),
            Map.entry(ErrorCode.PRIVILEGE_ALREADY_GRANTED, Status.Code.ALREADY_EXISTS),
            Map.entry(ErrorCode.PRIVILEGE_GRANT_NOT_FOUND, Status.Code.NOT_FOUND),
            Map.entry(ErrorCode.PERMISSION_DENIED, Status.Code.PERMISSION_DENIED)));

    @Test
    void everyCodeBecomesItsStatusAndReasonAndComesBackThroughTheClient() {
        assertThat(EXPECTED).containsOnlyKeys(ErrorCode.values());
        for (ErrorCode code : ErrorCode.values()) {
            Map<String, String> metadata = Map.of("field", "table.format", "actual", "x");
            StatusRuntimeException status =
                    ErrorMapper.toStatus(new CatalogException(code, "because " + code, metadata));

            assertThat(status.getStatus().getCode()).as(code.name()).isEqualTo(EXPECTED.get(code));
            assertThat(status.getStatus().getDescription()).isEqualTo("because " + code);
            ErrorInfo info = ErrorDetails.errorInfo(status).orElseThrow();
            assertThat(info.getReason()).isEqualTo(code.name());
            assertThat(info.getDomain()).isEqualTo("catalog.lakegate.dev");
            assertThat(info.getMetadataMap()).isEqualTo(metadata);

            CatalogClientException client = CatalogClientException.from(status);
            assertThat(client.code()).isEqualTo(EXPECTED.get(code));
            assertThat(client.reason()).isEqualTo(ErrorReason.valueOf(code.name()));
            assertThat(client.getMessage()).isEqualTo("because " + code);
            assertThat(client.metadata()).isEqualTo(metadata);
            assertThat(GrpcBackedCatalog.toCatalogException(client).code()).isEqualTo(code);
        }
    }

    @Test
    void everyReasonOfTheContractHasItsCode() {
        assertThat(Arrays.stream(ErrorReason.values())
                        .filter(reason ->
                                reason != ErrorReason.ERROR_REASON_UNSPECIFIED && reason != ErrorReason.UNRECOGNIZED)
                        .map(Enum::name))
                .containsExactlyInAnyOrderElementsOf(
                        Arrays.stream(ErrorCode.values()).map(Enum::name).toList());
    }

    @Test
    void anythingElseIsInternalWithoutItsDetails() {
        StatusRuntimeException status = ErrorMapper.toStatus(new NullPointerException("password=hunter2"));
        assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(status.getStatus().getDescription()).isEqualTo("internal error");
        CatalogClientException client = CatalogClientException.from(status);
        assertThat(client.reason()).isEqualTo(ErrorReason.INTERNAL_ERROR);
        assertThat(client.metadata()).isEmpty();
    }

    @Test
    void aStatusRaisedByTheEdgeItselfIsKept() {
        StatusRuntimeException exhausted =
                Status.RESOURCE_EXHAUSTED.withDescription("too many").asRuntimeException();
        assertThat(ErrorMapper.toStatus(exhausted)).isSameAs(exhausted);
    }
}
