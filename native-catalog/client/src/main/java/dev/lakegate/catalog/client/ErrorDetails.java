package dev.lakegate.catalog.client;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.ErrorInfo;
import dev.lakegate.catalog.api.CatalogWire;
import io.grpc.protobuf.StatusProto;
import java.util.Optional;

/** The typed detail that every catalog error carries: a google.rpc.ErrorInfo of the catalog's domain. */
public final class ErrorDetails {

    private ErrorDetails() {}

    /** The catalog's ErrorInfo in the status of {@code failure}, if the server sent one. */
    public static Optional<ErrorInfo> errorInfo(Throwable failure) {
        com.google.rpc.Status status = StatusProto.fromThrowable(failure);
        if (status == null) {
            return Optional.empty();
        }
        for (Any detail : status.getDetailsList()) {
            if (detail.is(ErrorInfo.class)) {
                try {
                    ErrorInfo info = detail.unpack(ErrorInfo.class);
                    if (CatalogWire.ERROR_DOMAIN.equals(info.getDomain())) {
                        return Optional.of(info);
                    }
                } catch (InvalidProtocolBufferException e) {
                    // A detail we cannot read tells us nothing; the status code still stands.
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }
}
