package dev.lakegate.catalog.server.grpc;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.Empty;
import dev.lakegate.catalog.server.grpc.mapping.AcidWriteMapper;
import dev.lakegate.catalog.server.grpc.mapping.FieldPath;
import dev.lakegate.catalog.server.grpc.mapping.LeaseMapper;
import dev.lakegate.catalog.server.service.Catalog;
import dev.lakegate.catalog.v1.AcquireLeaseRequest;
import dev.lakegate.catalog.v1.GetLeaseRequest;
import dev.lakegate.catalog.v1.HeartbeatLeaseRequest;
import dev.lakegate.catalog.v1.Lease;
import dev.lakegate.catalog.v1.ListLeasesRequest;
import dev.lakegate.catalog.v1.ListLeasesResponse;
import dev.lakegate.catalog.v1.ReleaseLeaseRequest;
import java.time.Duration;

/** The lease RPCs. */
final class LeaseRpcs {

    private final Catalog catalog;

    LeaseRpcs(Catalog catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    /** A ttl of 0 passes through as zero: the catalog applies its default and its bounds. */
    Lease acquire(AcquireLeaseRequest request) {
        return LeaseMapper.toProto(catalog.acquireLease(
                FieldPath.root("resources").mapEach(request.getResourcesList(), LeaseMapper::toDomain),
                request.getHolder(),
                Duration.ofMillis(request.getTtlMs()),
                request.getTransactionId(),
                request.getWritesList().stream().map(AcidWriteMapper::toDomain).toList()));
    }

    Lease get(GetLeaseRequest request) {
        return LeaseMapper.toProto(catalog.getLease(request.getId()));
    }

    Lease heartbeat(HeartbeatLeaseRequest request) {
        return LeaseMapper.toProto(catalog.heartbeatLease(request.getId()));
    }

    Empty release(ReleaseLeaseRequest request) {
        catalog.releaseLease(request.getId());
        return Empty.getDefaultInstance();
    }

    ListLeasesResponse list(ListLeasesRequest request) {
        return ListLeasesResponse.newBuilder()
                .addAllLeases(
                        catalog.listLeases(request.getCatalog(), request.getNamespace(), request.getTable()).stream()
                                .map(LeaseMapper::toProto)
                                .toList())
                .build();
    }
}
