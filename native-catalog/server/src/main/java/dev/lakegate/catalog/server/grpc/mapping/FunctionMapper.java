package dev.lakegate.catalog.server.grpc.mapping;

import dev.lakegate.catalog.server.model.Function;
import dev.lakegate.catalog.v1.FunctionResource;
import dev.lakegate.catalog.v1.FunctionType;
import dev.lakegate.catalog.v1.ResourceType;

/** Functions. The model knows only Java functions, so the proto type is always JAVA. */
public final class FunctionMapper {

    private FunctionMapper() {}

    public static dev.lakegate.catalog.v1.Function toProto(Function function) {
        var proto = dev.lakegate.catalog.v1.Function.newBuilder()
                .setCatalog(function.catalog())
                .setNamespace(function.namespace())
                .setName(function.name())
                .setClassName(function.className())
                .setOwner(function.owner())
                .setOwnerType(ValueMapper.toProto(function.ownerType()))
                .setType(FunctionType.JAVA)
                .setCreateTime(ValueMapper.toProto(function.createTime()));
        for (Function.Resource resource : function.resources()) {
            proto.addResources(FunctionResource.newBuilder()
                    .setType(EnumMapper.toProto(resource.type(), ResourceType.class))
                    .setUri(resource.uri()));
        }
        return proto.build();
    }

    /** Unspecified type reads as JAVA, the only kind there is; an unknown number is refused. */
    public static Function toDomain(dev.lakegate.catalog.v1.Function function, FieldPath path) {
        if (function.getType() == FunctionType.UNRECOGNIZED) {
            throw path.field("type").invalid("unknown value UNRECOGNIZED");
        }
        return new Function(
                function.getNamespace(),
                function.getName(),
                function.getClassName(),
                function.getOwner(),
                ValueMapper.toDomain(function.getOwnerType(), path.field("owner_type")),
                path.field("resources").mapEach(function.getResourcesList(), FunctionMapper::toDomain),
                ValueMapper.toInstant(function.getCreateTime(), path.field("create_time")),
                function.getCatalog());
    }

    private static Function.Resource toDomain(FunctionResource resource, FieldPath path) {
        return new Function.Resource(
                EnumMapper.toDomain(resource.getType(), Function.ResourceType.class, path.field("type")),
                resource.getUri());
    }
}
