package dev.lakegate.catalog.server.grpc.mapping;

/**
 * Enums whose proto and domain constants have the same names (as catalog.proto and the model keep
 * them). The proto side's *_UNSPECIFIED and UNRECOGNIZED (a number this server does not know) are
 * rejected as invalid input.
 */
public final class EnumMapper {

    private EnumMapper() {}

    public static <D extends Enum<D>> D toDomain(Enum<?> value, Class<D> domainType, FieldPath path) {
        String name = value.name();
        if (name.equals("UNRECOGNIZED") || name.endsWith("_UNSPECIFIED")) {
            throw path.invalid("unknown value " + name);
        }
        try {
            return Enum.valueOf(domainType, name);
        } catch (IllegalArgumentException e) {
            throw path.invalid("unsupported value " + name);
        }
    }

    public static <P extends Enum<P>> P toProto(Enum<?> value, Class<P> protoType) {
        return Enum.valueOf(protoType, value.name());
    }
}
