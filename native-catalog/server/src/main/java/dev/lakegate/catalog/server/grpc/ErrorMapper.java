package dev.lakegate.catalog.server.grpc;

import com.google.protobuf.Any;
import com.google.rpc.ErrorInfo;
import dev.lakegate.catalog.api.CatalogWire;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.v1.ErrorReason;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where failures become gRPC statuses: a catalog exception keeps its reason, message
 * and metadata (in a google.rpc.ErrorInfo); anything else is a bug, logged here once with its stack
 * and sent as INTERNAL without its details.
 */
public final class ErrorMapper {

    private static final Logger log = LoggerFactory.getLogger(ErrorMapper.class);

    private ErrorMapper() {}

    public static StatusRuntimeException toStatus(Throwable failure) {
        if (failure instanceof CatalogException catalog) {
            if (catalog.code() == ErrorCode.INTERNAL_ERROR) {
                log.error("catalog internal error: {}", catalog.getMessage(), catalog);
            }
            return toStatus(catalog.code(), catalog.getMessage(), catalog.metadata());
        }
        if (failure instanceof StatusRuntimeException status) {
            // Already a status (e.g. RESOURCE_EXHAUSTED raised by this edge itself): keep it.
            return status;
        }
        log.error("unexpected failure in a catalog call", failure);
        return toStatus(ErrorCode.INTERNAL_ERROR, "internal error", Map.of());
    }

    static StatusRuntimeException toStatus(ErrorCode code, String message, Map<String, String> metadata) {
        ErrorInfo info = ErrorInfo.newBuilder()
                .setReason(reason(code).name())
                .setDomain(CatalogWire.ERROR_DOMAIN)
                .putAllMetadata(metadata)
                .build();
        Status.Code status = statusCode(code.kind());
        return StatusProto.toStatusRuntimeException(com.google.rpc.Status.newBuilder()
                .setCode(status.value())
                .setMessage(message)
                .addDetails(Any.pack(info))
                .build());
    }

    /** The reason of a code: ErrorReason and ErrorCode share their names. */
    public static ErrorReason reason(ErrorCode code) {
        return ErrorReason.valueOf(code.name());
    }

    public static Status.Code statusCode(ErrorCode.Kind kind) {
        return switch (kind) {
            case INVALID_ARGUMENT -> Status.Code.INVALID_ARGUMENT;
            case NOT_FOUND -> Status.Code.NOT_FOUND;
            case ALREADY_EXISTS -> Status.Code.ALREADY_EXISTS;
            case FAILED_PRECONDITION -> Status.Code.FAILED_PRECONDITION;
            case ABORTED -> Status.Code.ABORTED;
            case UNAVAILABLE -> Status.Code.UNAVAILABLE;
            case INTERNAL -> Status.Code.INTERNAL;
            case PERMISSION_DENIED -> Status.Code.PERMISSION_DENIED;
        };
    }
}
