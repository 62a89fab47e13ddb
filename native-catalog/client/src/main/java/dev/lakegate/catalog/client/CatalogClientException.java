package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import com.google.rpc.ErrorInfo;
import dev.lakegate.catalog.v1.ErrorReason;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Map;
import java.util.Optional;

/**
 * A failed catalog call: the gRPC status code, the catalog's reason (ERROR_REASON_UNSPECIFIED when
 * the failure did not come from the catalog, e.g. an unreachable server), its message and metadata.
 */
public final class CatalogClientException extends RuntimeException {

    private final Status.Code code;
    private final ErrorReason reason;
    private final Map<String, String> metadata;

    public CatalogClientException(
            Status.Code code, ErrorReason reason, String message, Map<String, String> metadata, Throwable cause) {
        super(requireNonNull(message, "message is null"), cause);
        this.code = requireNonNull(code, "code is null");
        this.reason = requireNonNull(reason, "reason is null");
        this.metadata = Map.copyOf(metadata);
    }

    public static CatalogClientException from(StatusRuntimeException failure) {
        Status status = failure.getStatus();
        Optional<ErrorInfo> info = ErrorDetails.errorInfo(failure);
        String message = status.getDescription() != null
                ? status.getDescription()
                : status.getCode().name();
        return new CatalogClientException(
                status.getCode(),
                info.map(ErrorInfo::getReason)
                        .map(CatalogClientException::reason)
                        .orElse(ErrorReason.ERROR_REASON_UNSPECIFIED),
                message,
                info.map(ErrorInfo::getMetadataMap).orElse(Map.of()),
                failure);
    }

    public Status.Code code() {
        return code;
    }

    public ErrorReason reason() {
        return reason;
    }

    public Map<String, String> metadata() {
        return metadata;
    }

    private static ErrorReason reason(String name) {
        try {
            ErrorReason reason = ErrorReason.valueOf(name);
            // A reason newer than this client reads as unspecified, never as the UNRECOGNIZED sentinel.
            return reason == ErrorReason.UNRECOGNIZED ? ErrorReason.ERROR_REASON_UNSPECIFIED : reason;
        } catch (IllegalArgumentException e) {
            return ErrorReason.ERROR_REASON_UNSPECIFIED;
        }
    }
}
