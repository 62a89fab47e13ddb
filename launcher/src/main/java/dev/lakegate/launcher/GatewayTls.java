package dev.lakegate.launcher;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogTls;
import dev.lakegate.catalog.server.grpc.GrpcServerTls;
import dev.lakegate.hms.server.ThriftTls;
import java.util.Optional;

/**
 * TLS of a gateway's doors: the Thrift port, the embedded catalog's gRPC port, and the dial to a remote
 * catalog. Empty parts are plaintext ({@link #NONE}, the default).
 */
record GatewayTls(Optional<ThriftTls> thrift, Optional<GrpcServerTls> grpc, Optional<CatalogTls> catalog) {

    static final GatewayTls NONE = new GatewayTls(Optional.empty(), Optional.empty(), Optional.empty());

    GatewayTls {
        requireNonNull(thrift, "thrift is null");
        requireNonNull(grpc, "grpc is null");
        requireNonNull(catalog, "catalog is null");
    }
}
