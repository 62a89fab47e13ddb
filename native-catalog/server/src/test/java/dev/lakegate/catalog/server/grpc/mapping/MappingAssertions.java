package dev.lakegate.catalog.server.grpc.mapping;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** What mapping tests share: a real trip through bytes, and the shape of an invalid-argument error. */
final class MappingAssertions {

    private MappingAssertions() {}

    /** The message as the peer reads it: serialized and parsed, as on the wire. */
    @SuppressWarnings("unchecked")
    static <T extends Message> T overTheWire(T message) {
        try {
            return (T) message.getParserForType().parseFrom(message.toByteArray());
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
    }

    /** The fixtures hold an instance of every permitted subtype of {@code sealed}: a new kind must join them. */
    static void assertCoversEveryKind(java.util.List<?> instances, Class<?> sealed) {
        org.assertj.core.api.Assertions.assertThat(instances.stream()
                        .map(i -> i.getClass().getName())
                        .distinct()
                        .toList())
                .containsExactlyInAnyOrderElementsOf(java.util.Arrays.stream(sealed.getPermittedSubclasses())
                        .map(Class::getName)
                        .toList());
    }

    /** INVALID_ARGUMENT whose message is "field: problem" and whose metadata names the field. */
    static void assertInvalid(ThrowingCallable mapping, String field, String problem) {
        assertThatThrownBy(mapping).isInstanceOfSatisfying(CatalogException.class, e -> {
            org.assertj.core.api.Assertions.assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            org.assertj.core.api.Assertions.assertThat(e.getMessage()).isEqualTo(field + ": " + problem);
            org.assertj.core.api.Assertions.assertThat(e.metadata()).containsEntry("field", field);
        });
    }
}
