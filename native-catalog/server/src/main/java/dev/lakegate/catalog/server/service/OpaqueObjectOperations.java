package dev.lakegate.catalog.server.service;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.OpaqueObject;
import dev.lakegate.catalog.server.model.OpaqueObjectPage;
import dev.lakegate.catalog.server.model.OpaqueObjectWrite;
import dev.lakegate.catalog.server.store.PageRows;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Objects of kinds the catalog does not model, kept for a client that does. A batch of writes holds
 * the store-wide opaque-object lock, so its expected versions are checked and its writes made with no
 * concurrent batch in between: a client keeps its own rules across several objects this way.
 */
final class OpaqueObjectOperations {

    static final int MAX_KEY_LENGTH = 1024;
    static final int MAX_PAGE = 1000;
    static final int MAX_WRITES = 1000;

    private static final Pattern KIND = Pattern.compile("[a-z0-9_.]{1,64}");

    private final Writes writes;

    OpaqueObjectOperations(Writes writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    OpaqueObject get(String kind, String key) {
        checkName(kind, key, "");
        return writes.read(tx -> tx.findOpaqueObject(kind, key)).orElseThrow(() -> notFound(kind, key));
    }

    /** {@code pageSize} 0 is the largest page. */
    OpaqueObjectPage list(String kind, String prefix, Optional<String> afterKey, int pageSize, boolean keysOnly) {
        checkKind(kind, "kind");
        if (pageSize < 0 || pageSize > MAX_PAGE) {
            throw CatalogException.invalidArgument("page_size", "page_size must be 0 to " + MAX_PAGE);
        }
        int limit = pageSize == 0 ? MAX_PAGE : pageSize;
        PageRows<OpaqueObject> page =
                writes.read(tx -> tx.listOpaqueObjects(kind, prefix, afterKey.orElse(""), limit, !keysOnly));
        List<OpaqueObject> objects = page.rows();
        boolean more = page.cutBySize() || objects.size() == limit;
        return new OpaqueObjectPage(
                objects,
                more && !objects.isEmpty()
                        ? Optional.of(objects.get(objects.size() - 1).key())
                        : Optional.empty());
    }

    /** Applies the writes in order, all or none; answers each object after its write (a delete: its last state). */
    List<OpaqueObject> write(List<OpaqueObjectWrite> batch) {
        if (batch.isEmpty() || batch.size() > MAX_WRITES) {
            throw CatalogException.invalidArgument("writes", "a batch holds 1 to " + MAX_WRITES + " writes");
        }
        for (int i = 0; i < batch.size(); i++) {
            checkName(batch.get(i).kind(), batch.get(i).key(), "writes[" + i + "].");
        }
        return writes.transact(tx -> {
            tx.lockOpaqueObjects();
            Instant now = writes.now();
            List<OpaqueObject> after = new ArrayList<>(batch.size());
            for (OpaqueObjectWrite write : batch) {
                after.add(apply(tx, write, now));
            }
            return after;
        });
    }

    private static OpaqueObject apply(StoreTransaction tx, OpaqueObjectWrite write, Instant now) {
        Optional<OpaqueObject> current = tx.findOpaqueObject(write.kind(), write.key());
        long version = current.map(OpaqueObject::version).orElse(0L);
        if (write.expectedVersion().isPresent() && write.expectedVersion().getAsLong() != version) {
            throw versionMismatch(write, version);
        }
        if (write.deletes()) {
            OpaqueObject gone = current.orElseThrow(() -> notFound(write.kind(), write.key()));
            tx.deleteOpaqueObject(write.kind(), write.key());
            return new OpaqueObject(gone.kind(), gone.key(), gone.version(), new byte[0], now);
        }
        OpaqueObject written = new OpaqueObject(
                write.kind(), write.key(), version + 1, write.body().get(), now);
        if (current.isPresent()) {
            tx.updateOpaqueObject(written);
        } else {
            tx.insertOpaqueObject(written);
        }
        return written;
    }

    private static CatalogException versionMismatch(OpaqueObjectWrite write, long version) {
        long expected = write.expectedVersion().getAsLong();
        Map<String, String> metadata = Map.of(
                "kind", write.kind(),
                "key", write.key(),
                "expected_version", Long.toString(expected),
                "version", Long.toString(version));
        if (version == 0) {
            return new CatalogException(
                    ErrorCode.OPAQUE_OBJECT_NOT_FOUND, describe(write) + " does not exist", metadata);
        }
        if (expected == 0) {
            return new CatalogException(
                    ErrorCode.OPAQUE_OBJECT_ALREADY_EXISTS, describe(write) + " already exists", metadata);
        }
        return new CatalogException(
                ErrorCode.OPAQUE_OBJECT_CHANGED,
                describe(write) + " is at version " + version + ", not " + expected,
                metadata);
    }

    private static CatalogException notFound(String kind, String key) {
        return new CatalogException(
                ErrorCode.OPAQUE_OBJECT_NOT_FOUND,
                kind + " " + key + " does not exist",
                Map.of("kind", kind, "key", key));
    }

    private static String describe(OpaqueObjectWrite write) {
        return write.kind() + " " + write.key();
    }

    private static void checkName(String kind, String key, String field) {
        checkKind(kind, field + "kind");
        if (key.isEmpty() || key.length() > MAX_KEY_LENGTH || key.indexOf('\0') >= 0) {
            throw CatalogException.invalidArgument(
                    field + "key", "a key has 1 to " + MAX_KEY_LENGTH + " characters, none of them NUL");
        }
    }

    private static void checkKind(String kind, String field) {
        if (!KIND.matcher(kind).matches()) {
            throw CatalogException.invalidArgument(field, "a kind is 1 to 64 of a-z, 0-9, '_' and '.': " + kind);
        }
    }
}
