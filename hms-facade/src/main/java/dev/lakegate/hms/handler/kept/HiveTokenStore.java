package dev.lakegate.hms.handler.kept;

import com.google.protobuf.ByteString;
import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.OpaqueObject;
import dev.lakegate.catalog.v1.OpaqueObjectWrite;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.translator.error.HmsFailure;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The delegation-token store HMS keeps for the secret managers of its clients (HiveServer2's DBTokenStore keeps
 * its tokens and master keys through these calls): tokens as text under their identifier, master keys as text
 * under a number the store gives. Both kept by the catalog as opaque objects, so every gateway on one catalog sees
 * them. As HMS's ObjectStore: a token already kept is not replaced (false), removing what is not kept answers false,
 * a missing token reads as "", updating a missing master key is a MetaException.
 */
public final class HiveTokenStore {

    static final String TOKENS = "hms.delegation_token";
    static final String MASTER_KEYS = "hms.master_key";
    /** Master keys' numbers as keys in number order: HMS's are positive ints. */
    private static final String KEY_NUMBER = "%010d";

    private static final int ADD_ATTEMPTS = 10;

    public boolean addToken(CatalogClient client, String identifier, String token) {
        return CatalogFailures.find(
                        () -> client.opaqueObjects().write(List.of(put(TOKENS, identifier, token, 0))),
                        ErrorReason.OPAQUE_OBJECT_ALREADY_EXISTS)
                .isPresent();
    }

    public boolean removeToken(CatalogClient client, String identifier) {
        return CatalogFailures.find(
                        () -> client.opaqueObjects().write(List.of(delete(TOKENS, identifier))),
                        ErrorReason.OPAQUE_OBJECT_NOT_FOUND)
                .isPresent();
    }

    public String token(CatalogClient client, String identifier) {
        return read(client, TOKENS, identifier).orElse("");
    }

    public List<String> tokenIdentifiers(CatalogClient client) {
        return client.opaqueObjects().listAll(TOKENS, "", true).stream()
                .map(OpaqueObject::getKey)
                .toList();
    }

    /** Keeps the key under the next number (one more than the highest kept); a racing add takes the next one. */
    public int addMasterKey(CatalogClient client, String key) {
        for (int attempt = 1; ; attempt++) {
            int number = highestMasterKey(client) + 1;
            boolean added = CatalogFailures.find(
                            () -> client.opaqueObjects().write(List.of(put(MASTER_KEYS, keyOf(number), key, 0))),
                            ErrorReason.OPAQUE_OBJECT_ALREADY_EXISTS)
                    .isPresent();
            if (added) {
                return number;
            }
            if (attempt == ADD_ATTEMPTS) {
                throw HmsFailure.meta("could not add a master key: " + ADD_ATTEMPTS + " racing adds took its number");
            }
        }
    }

    public void updateMasterKey(CatalogClient client, int number, String key) {
        // written only over a kept key, at the version read: a concurrent removal is not undone
        long version = CatalogFailures.find(
                        () -> client.opaqueObjects().get(MASTER_KEYS, keyOf(number)),
                        ErrorReason.OPAQUE_OBJECT_NOT_FOUND)
                .map(OpaqueObject::getVersion)
                // HMS's store throws NoSuchObjectException, which its handler wraps in a MetaException
                .orElseThrow(() ->
                        HmsFailure.meta("NoSuchObjectException(message:No key found with keyId: " + number + ")"));
        client.opaqueObjects().write(List.of(put(MASTER_KEYS, keyOf(number), key, version)));
    }

    public boolean removeMasterKey(CatalogClient client, int number) {
        return CatalogFailures.find(
                        () -> client.opaqueObjects().write(List.of(delete(MASTER_KEYS, keyOf(number)))),
                        ErrorReason.OPAQUE_OBJECT_NOT_FOUND)
                .isPresent();
    }

    public List<String> masterKeys(CatalogClient client) {
        return client.opaqueObjects().listAll(MASTER_KEYS, "", false).stream()
                .map(object -> object.getBody().toString(StandardCharsets.UTF_8))
                .toList();
    }

    private static int highestMasterKey(CatalogClient client) {
        List<OpaqueObject> keys = client.opaqueObjects().listAll(MASTER_KEYS, "", true);
        return keys.isEmpty() ? 0 : Integer.parseInt(keys.get(keys.size() - 1).getKey());
    }

    private static String keyOf(int number) {
        return String.format(KEY_NUMBER, number);
    }

    private static Optional<String> read(CatalogClient client, String kind, String key) {
        return CatalogFailures.find(() -> client.opaqueObjects().get(kind, key), ErrorReason.OPAQUE_OBJECT_NOT_FOUND)
                .map(object -> object.getBody().toString(StandardCharsets.UTF_8));
    }

    /** A write of {@code value} over the version given (0: must not exist). */
    private static OpaqueObjectWrite put(String kind, String key, String value, long expectedVersion) {
        OpaqueObjectWrite.Builder write =
                OpaqueObjectWrite.newBuilder().setKind(kind).setKey(key).setPut(ByteString.copyFromUtf8(value));
        return write.setExpectedVersion(expectedVersion).build();
    }

    private static OpaqueObjectWrite delete(String kind, String key) {
        return OpaqueObjectWrite.newBuilder()
                .setKind(kind)
                .setKey(key)
                .setDelete(true)
                .build();
    }
}
