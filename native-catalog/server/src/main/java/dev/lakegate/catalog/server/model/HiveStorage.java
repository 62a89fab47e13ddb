package dev.lakegate.catalog.server.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What only Hive-era tables need, kept apart from the core table; for a lake table, the columns as a Thrift
 * client last wrote them ({@code writtenColumns}, empty when none did), since engines read back the type
 * spellings of their own Hive generation; for a materialized view, what it was built from, if its engine said.
 */
public record HiveStorage(
        HiveTableKind kind,
        StorageFormat storage,
        String viewOriginalText,
        String viewExpandedText,
        int retention,
        Instant lastAccessTime,
        boolean temporary,
        boolean rewriteEnabled,
        List<WrittenColumn> writtenColumns,
        Optional<ViewSources> viewSources) {

    public HiveStorage {
        requireNonNull(kind, "kind is null");
        requireNonNull(storage, "storage is null");
        viewOriginalText = Namespace.nullToEmpty(viewOriginalText);
        viewExpandedText = Namespace.nullToEmpty(viewExpandedText);
        lastAccessTime = lastAccessTime == null ? Instant.EPOCH : lastAccessTime;
        writtenColumns = writtenColumns == null ? List.of() : List.copyOf(writtenColumns);
        viewSources = viewSources == null ? Optional.empty() : viewSources;
    }

    public static HiveStorage of(HiveTableKind kind, StorageFormat storage) {
        return new HiveStorage(kind, storage, "", "", 0, Instant.EPOCH, false, false, List.of(), Optional.empty());
    }
}
