package dev.lakegate.catalog.client;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.CatalogServiceGrpc.CatalogServiceBlockingStub;
import dev.lakegate.catalog.v1.GetOpaqueObjectRequest;
import dev.lakegate.catalog.v1.ListOpaqueObjectsRequest;
import dev.lakegate.catalog.v1.ListOpaqueObjectsResponse;
import dev.lakegate.catalog.v1.OpaqueObject;
import dev.lakegate.catalog.v1.OpaqueObjectWrite;
import dev.lakegate.catalog.v1.WriteOpaqueObjectsRequest;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/** The opaque-object calls of a {@link CatalogClient}, with its principal and deadline. */
public final class OpaqueObjects {

    private final Supplier<CatalogServiceBlockingStub> stub;

    OpaqueObjects(Supplier<CatalogServiceBlockingStub> stub) {
        this.stub = requireNonNull(stub, "stub is null");
    }

    public OpaqueObject get(String kind, String key) {
        return call(stub -> stub.getOpaqueObject(
                GetOpaqueObjectRequest.newBuilder().setKind(kind).setKey(key).build()));
    }

    public ListOpaqueObjectsResponse list(ListOpaqueObjectsRequest request) {
        return call(stub -> stub.listOpaqueObjects(request));
    }

    /** Every object of the kind whose key starts with {@code prefix}, in key order, page after page. */
    public List<OpaqueObject> listAll(String kind, String prefix, boolean keysOnly) {
        List<OpaqueObject> all = new ArrayList<>();
        String token = "";
        do {
            ListOpaqueObjectsResponse page = list(ListOpaqueObjectsRequest.newBuilder()
                    .setKind(kind)
                    .setKeyPrefix(prefix)
                    .setKeysOnly(keysOnly)
                    .setPageToken(token)
                    .build());
            all.addAll(page.getObjectsList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return all;
    }

    /** All of them or none, in order; the objects after the writes. */
    public List<OpaqueObject> write(List<OpaqueObjectWrite> writes) {
        return call(stub -> stub.writeOpaqueObjects(WriteOpaqueObjectsRequest.newBuilder()
                        .addAllWrites(writes)
                        .build()))
                .getObjectsList();
    }

    private <T> T call(Function<CatalogServiceBlockingStub, T> rpc) {
        try {
            return rpc.apply(stub.get());
        } catch (StatusRuntimeException e) {
            throw CatalogClientException.from(e);
        }
    }
}
