package dev.lakegate.catalog.server.grpc.mapping;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.OpaqueObject;
import dev.lakegate.catalog.server.model.OpaqueObjectWrite;
import dev.lakegate.catalog.v1.OpaqueObjectWrite.ChangeCase;
import java.util.Optional;
import java.util.OptionalLong;

/** Opaque objects and their writes between messages and the domain. */
public final class OpaqueObjectMapper {

    private OpaqueObjectMapper() {}

    public static dev.lakegate.catalog.v1.OpaqueObject toProto(OpaqueObject object) {
        return dev.lakegate.catalog.v1.OpaqueObject.newBuilder()
                .setKind(object.kind())
                .setKey(object.key())
                .setVersion(object.version())
                .setBody(ByteString.copyFrom(object.body()))
                .setUpdateTime(ValueMapper.toProto(object.updateTime()))
                .build();
    }

    public static OpaqueObjectWrite toDomain(dev.lakegate.catalog.v1.OpaqueObjectWrite write, FieldPath path) {
        Optional<byte[]> body;
        if (write.getChangeCase() == ChangeCase.PUT) {
            body = Optional.of(write.getPut().toByteArray());
        } else if (write.getChangeCase() == ChangeCase.DELETE && write.getDelete()) {
            body = Optional.empty();
        } else {
            throw CatalogException.invalidArgument(path.toString(), "a write puts a body or deletes (delete: true)");
        }
        if (write.hasExpectedVersion() && write.getExpectedVersion() < 0) {
            throw CatalogException.invalidArgument(
                    path.field("expected_version").toString(), "an expected version is 0 or more");
        }
        OptionalLong expected =
                write.hasExpectedVersion() ? OptionalLong.of(write.getExpectedVersion()) : OptionalLong.empty();
        return new OpaqueObjectWrite(write.getKind(), write.getKey(), body, expected);
    }

    public static OpaqueObject toDomain(dev.lakegate.catalog.v1.OpaqueObject object, FieldPath path) {
        return new OpaqueObject(
                object.getKind(),
                object.getKey(),
                object.getVersion(),
                object.getBody().toByteArray(),
                ValueMapper.toInstant(object.getUpdateTime(), path.field("update_time")));
    }

    public static dev.lakegate.catalog.v1.OpaqueObjectWrite toProto(OpaqueObjectWrite write) {
        var proto = dev.lakegate.catalog.v1.OpaqueObjectWrite.newBuilder()
                .setKind(write.kind())
                .setKey(write.key());
        write.body().ifPresentOrElse(body -> proto.setPut(ByteString.copyFrom(body)), () -> proto.setDelete(true));
        write.expectedVersion().ifPresent(proto::setExpectedVersion);
        return proto.build();
    }
}
