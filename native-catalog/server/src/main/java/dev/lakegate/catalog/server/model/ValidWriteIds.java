package dev.lakegate.catalog.server.model;

import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The writes to one table a reader may see (Hive's {@code ValidWriteIdList}): those up to
 * {@code highWaterMark} except the {@code invalid} ones (ascending), of which the {@code aborted} ones will
 * never commit; {@code minOpenWriteId} is the lowest invalid one whose transaction may still commit.
 */
public record ValidWriteIds(
        TableIdentifier table, long highWaterMark, List<Long> invalid, Set<Long> aborted, OptionalLong minOpenWriteId) {

    public ValidWriteIds {
        invalid = List.copyOf(invalid);
        aborted = Set.copyOf(aborted);
    }
}
