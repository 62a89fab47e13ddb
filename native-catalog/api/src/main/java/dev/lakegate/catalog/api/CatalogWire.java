package dev.lakegate.catalog.api;

import io.grpc.Metadata;

/**
 * What the catalog's server and its clients agree on beyond catalog.proto: the request headers, the
 * domain of the ErrorInfo every catalog error carries, and the largest message either side accepts.
 */
public final class CatalogWire {

    /** Who makes the call; a call without it is made by "anonymous". */
    public static final Metadata.Key<String> PRINCIPAL =
            Metadata.Key.of("x-lakegate-principal", Metadata.ASCII_STRING_MARSHALLER);

    /** {@code ErrorInfo.domain} of errors raised by the catalog. */
    public static final String ERROR_DOMAIN = "catalog.lakegate.dev";

    /** Large enough for a batch of 10,000 partitions with their columns. */
    public static final int MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

    private CatalogWire() {}
}
