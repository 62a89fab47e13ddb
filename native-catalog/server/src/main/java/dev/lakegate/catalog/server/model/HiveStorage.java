package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/** What only Hive-era tables need, kept apart from the core table. */
public record HiveStorage(
        HiveTableKind kind,
        StorageFormat storage,
        String viewOriginalText,
        String viewExpandedText,
        int retention,
        Instant lastAccessTime,
        boolean temporary,
        boolean rewriteEnabled) {

    public HiveStorage {
        requireNonNull(kind, "kind is null");
        requireNonNull(storage, "storage is null");
        viewOriginalText = Namespace.nullToEmpty(viewOriginalText);
        viewExpandedText = Namespace.nullToEmpty(viewExpandedText);
        lastAccessTime = lastAccessTime == null ? Instant.EPOCH : lastAccessTime;
    }

    public static HiveStorage of(HiveTableKind kind, StorageFormat storage) {
        return new HiveStorage(kind, storage, "", "", 0, Instant.EPOCH, false, false);
    }
}
