package dev.lakegate.catalog.server.grpc.mapping;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.server.model.PrincipalType;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/** Scalars that several messages share: times, ids, etags, principal types. */
public final class ValueMapper {

    /** What an absent table id reads as; the catalog assigns real ids at create. */
    public static final UUID NO_ID = new UUID(0, 0);

    private static final Pattern ETAG = Pattern.compile("[0-9]{1,18}");

    private ValueMapper() {}

    public static Timestamp toProto(Instant instant) {
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }

    /** An absent timestamp is the epoch, which is also what the model uses for "not set". */
    public static Instant toInstant(Timestamp timestamp, FieldPath path) {
        try {
            return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos());
        } catch (DateTimeException | ArithmeticException e) {
            throw path.invalid("timestamp out of range");
        }
    }

    public static String toProto(UUID id) {
        return id.toString();
    }

    public static UUID toUuid(String id, FieldPath path) {
        if (id.isEmpty()) {
            return NO_ID;
        }
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw path.invalid("malformed UUID '" + id + "'");
        }
    }

    /** A version as its etag: the decimal version number. */
    public static String etag(long version) {
        return Long.toString(version);
    }

    /** The version an etag stands for; empty when the request carries none. */
    public static Optional<Long> expectedVersion(String etag, FieldPath path) {
        if (etag.isEmpty()) {
            return Optional.empty();
        }
        if (!ETAG.matcher(etag).matches()) {
            throw path.invalid("malformed etag '" + etag + "'");
        }
        return Optional.of(Long.parseLong(etag));
    }

    public static dev.lakegate.catalog.v1.PrincipalType toProto(PrincipalType type) {
        return EnumMapper.toProto(type, dev.lakegate.catalog.v1.PrincipalType.class);
    }

    /** Unspecified reads as USER, the model's own default: HMS clients often leave owner types out. */
    public static PrincipalType toDomain(dev.lakegate.catalog.v1.PrincipalType type, FieldPath path) {
        return type == dev.lakegate.catalog.v1.PrincipalType.PRINCIPAL_TYPE_UNSPECIFIED
                ? PrincipalType.USER
                : EnumMapper.toDomain(type, PrincipalType.class, path);
    }
}
