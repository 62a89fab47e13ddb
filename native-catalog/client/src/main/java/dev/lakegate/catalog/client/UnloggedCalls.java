package dev.lakegate.catalog.client;

import dev.lakegate.catalog.api.CatalogWire;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;

/**
 * Calls whose changes the catalog writes with no event in its log (header {@link CatalogWire#UNLOGGED}; an admin's
 * call with authorization on): a migration's copy of what another metastore's log, appended to the catalog's, tells
 * already.
 */
public final class UnloggedCalls {

    private UnloggedCalls() {}

    /** The same connection and principal, every change unlogged; shares the channel, closes nothing. */
    public static CatalogClient of(CatalogClient client) {
        Metadata headers = new Metadata();
        headers.put(CatalogWire.UNLOGGED, "true");
        return client.intercepted(MetadataUtils.newAttachHeadersInterceptor(headers));
    }
}
