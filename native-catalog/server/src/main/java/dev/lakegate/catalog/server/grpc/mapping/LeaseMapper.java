package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.Lease;
import dev.lakegate.catalog.v1.LeaseMode;
import dev.lakegate.catalog.v1.LeaseResource;
import dev.lakegate.catalog.v1.LeaseState;
import java.time.Duration;
import java.util.Optional;

/** Leases and the resources they claim. */
public final class LeaseMapper {

    private LeaseMapper() {}

    public static dev.lakegate.catalog.v1.Lease toProto(Lease lease) {
        var proto = dev.lakegate.catalog.v1.Lease.newBuilder()
                .setId(lease.id())
                .addAllResources(
                        lease.resources().stream().map(LeaseMapper::toProto).toList())
                .setHolder(lease.holder())
                .setState(EnumMapper.toProto(lease.state(), LeaseState.class))
                .setCreateTime(ValueMapper.toProto(lease.createTime()))
                .setExpireTime(ValueMapper.toProto(lease.expireTime()))
                .setTtlMs(lease.ttl().toMillis())
                .setTransactionId(lease.transactionId());
        lease.acquireTime().map(ValueMapper::toProto).ifPresent(proto::setAcquireTime);
        return proto.build();
    }

    public static Lease toDomain(dev.lakegate.catalog.v1.Lease lease, FieldPath path) {
        return new Lease(
                lease.getId(),
                path.field("resources").mapEach(lease.getResourcesList(), LeaseMapper::toDomain),
                lease.getHolder(),
                EnumMapper.toDomain(lease.getState(), Lease.State.class, path.field("state")),
                ValueMapper.toInstant(lease.getCreateTime(), path.field("create_time")),
                lease.hasAcquireTime()
                        ? Optional.of(ValueMapper.toInstant(lease.getAcquireTime(), path.field("acquire_time")))
                        : Optional.empty(),
                ValueMapper.toInstant(lease.getExpireTime(), path.field("expire_time")),
                Duration.ofMillis(lease.getTtlMs()),
                lease.getTransactionId());
    }

    public static LeaseResource toProto(Lease.Resource resource) {
        return LeaseResource.newBuilder()
                .setNamespace(resource.namespace())
                .setTable(resource.table())
                .setMode(EnumMapper.toProto(resource.mode(), LeaseMode.class))
                .setCatalog(resource.catalog())
                .build();
    }

    public static Lease.Resource toDomain(LeaseResource resource, FieldPath path) {
        return new Lease.Resource(
                resource.getNamespace(),
                resource.getTable(),
                EnumMapper.toDomain(resource.getMode(), Lease.Mode.class, path.field("mode")),
                resource.getCatalog());
    }
}
