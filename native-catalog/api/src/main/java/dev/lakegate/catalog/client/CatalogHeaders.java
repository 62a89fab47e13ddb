package dev.lakegate.catalog.client;

import io.grpc.Metadata;

/** The request headers of the catalog's gRPC API, shared by the client and the server. */
public final class CatalogHeaders {

    /** Who makes the call; a call without it is made by "anonymous". */
    public static final Metadata.Key<String> PRINCIPAL =
            Metadata.Key.of("x-lakegate-principal", Metadata.ASCII_STRING_MARSHALLER);

    private CatalogHeaders() {}
}
