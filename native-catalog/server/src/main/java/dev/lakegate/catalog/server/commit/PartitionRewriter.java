package dev.lakegate.catalog.server.commit;

import dev.lakegate.catalog.server.model.CatalogException;
import dev.lakegate.catalog.server.model.ErrorCode;
import dev.lakegate.catalog.server.model.EventChange;
import dev.lakegate.catalog.server.model.EventType;
import dev.lakegate.catalog.server.model.Partition;
import dev.lakegate.catalog.server.model.PartitionKey;
import dev.lakegate.catalog.server.model.PartitionNames;
import dev.lakegate.catalog.server.model.PartitionQuery;
import dev.lakegate.catalog.server.model.PartitionRewrite;
import dev.lakegate.catalog.server.model.Table;
import dev.lakegate.catalog.server.store.PageRows;
import dev.lakegate.catalog.server.store.StoreTransaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies a {@link PartitionRewrite} to every partition of a table inside the commit's transaction, a page
 * at a time in name order, so that a table of any size is rewritten without holding all of its partitions:
 * each page is read, rewritten and written in one batch, and each partition that changed gets its
 * PARTITIONS_UPDATED event, as an update of partitions records it (the event log has one per partition).
 */
final class PartitionRewriter {

    static final int PAGE = 1_000;

    private PartitionRewriter() {}

    /** Returns how many partitions changed. */
    static long rewrite(
            StoreTransaction transaction,
            Table table,
            PartitionRewrite rewrite,
            Instant now,
            TableCommitter.Origin origin) {
        List<PartitionKey> keys = keysOf(table);
        Optional<String> after = Optional.empty();
        long changed = 0;
        while (true) {
            PageRows<Partition> read = transaction.listPartitions(
                    table.id(), keys, new PartitionQuery(Optional.empty(), List.of(), after, PAGE, false));
            List<Partition> page = read.rows();
            if (page.isEmpty()) {
                return changed;
            }
            List<Partition> rewritten = new ArrayList<>();
            for (Partition before : page) {
                Partition next = rewrite.apply(before);
                if (next != before) {
                    rewritten.add(next);
                    transaction.recordEvent(
                            now,
                            origin.principal(),
                            EventType.PARTITIONS_UPDATED,
                            table.catalog(),
                            table.namespace(),
                            table.name(),
                            origin.requestId(),
                            new EventChange.PartitionsChange(table, List.of(before), List.of(next)));
                }
            }
            if (!rewritten.isEmpty()) {
                transaction.rewritePartitions(table.id(), keys, rewritten);
                changed += rewritten.size();
            }
            if (page.size() < PAGE && !read.cutBySize()) {
                return changed;
            }
            after = Optional.of(
                    PartitionNames.name(keys, page.get(page.size() - 1).values()));
        }
    }

    private static List<PartitionKey> keysOf(Table table) {
        if (!table.format().holdsPartitions() || table.partitionKeys().isEmpty()) {
            throw new CatalogException(
                    ErrorCode.NOT_PARTITIONED,
                    "table " + table.identifier()
                            + " has no partitions in the catalog: it is not a partitioned Hive or Paimon table",
                    Map.of("namespace", table.namespace(), "table", table.name()));
        }
        return table.partitionKeys();
    }
}
