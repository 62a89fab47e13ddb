package dev.lakegate.hms.handler.partitions;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.BatchGetPartitionsRequest;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.DeletePartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsRequest;
import dev.lakegate.catalog.v1.ListPartitionsResponse;
import dev.lakegate.catalog.v1.Partition;
import dev.lakegate.catalog.v1.PartitionFilter;
import dev.lakegate.catalog.v1.PartitionValues;
import dev.lakegate.catalog.v1.PartitionView;
import dev.lakegate.translator.error.HmsFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Partition reads and deletes in the catalog's units: listings follow page tokens and stop as soon
 * as {@code max} partitions are in hand (never reading a page more than needed), reads by values of
 * more than {@value #MAX_BATCH} partitions become several calls.
 *
 * <p>Writes never do: a catalog call is one transaction, and an HMS write call must change everything
 * or nothing (issue 18, case 3: an add_partitions of 10,001 new partitions and one that existed left
 * 10,000 added when it was cut in two). Every write of partitions is one catalog call; the dispatcher's
 * {@code partitions-per-call} limit, which cannot be set above {@value #MAX_BATCH}, refuses a larger
 * call before any work, and {@link #oneCall} stands behind it.
 */
public final class PartitionPages {

    /**
     * The most partitions one catalog call takes or returns (the catalog's PartitionOperations.MAX_BATCH),
     * hence the most one HMS write call may carry if it is to be one transaction.
     */
    public static final int MAX_BATCH = 10_000;

    /** The most names a listing of all of a table's holds in memory (a few MB); more are streamed. */
    public static final int HELD_NAMES = 100_000;

    private PartitionPages() {}

    /** A selection of a table's partitions: a filter, a values prefix ("" any), or both. */
    public record Selection(Optional<PartitionFilter> filter, List<String> valuesPrefix) {

        public static Selection all() {
            return new Selection(Optional.empty(), List.of());
        }

        public static Selection of(Optional<PartitionFilter> filter) {
            return new Selection(filter, List.of());
        }

        /**
         * get_partitions_ps's partial specification: one HMS value per leading key, "" (or null)
         * for any value. Other values, the default partition's name included, match the stored value.
         */
        public static Selection partialSpec(PartitionTable table, List<String> hmsValues) {
            List<String> values = hmsValues == null ? List.of() : hmsValues;
            if (values.size() > table.keys().size()) {
                throw HmsFailure.meta("Incorrect number of partition values. numPartKeys="
                        + table.keys().size() + ", partVals=" + values);
            }
            List<String> prefix = new ArrayList<>(values.size());
            for (String value : values) {
                prefix.add(value == null ? "" : value);
            }
            return new Selection(Optional.empty(), prefix);
        }
    }

    /** HMS's max: negative means all. */
    public static int limit(long max) {
        return max < 0 || max > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) max;
    }

    /** Up to {@code max} partitions of the selection, sorted by name. */
    public static List<Partition> list(
            CatalogClient catalog, PartitionTable table, Selection selection, int max, boolean valuesOnly) {
        return pages(
                catalog,
                table,
                selection,
                max,
                valuesOnly ? PartitionView.PARTITION_VIEW_VALUES_ONLY : PartitionView.PARTITION_VIEW_FULL,
                partition -> partition);
    }

    /** Up to {@code max} names of the selection as the catalog names them, sorted. */
    public static List<String> listNames(CatalogClient catalog, PartitionTable table, Selection selection, int max) {
        return pages(catalog, table, selection, max, PartitionView.PARTITION_VIEW_NAME_ONLY, Partition::getName);
    }

    /**
     * Up to {@code max} of all the table's names as the catalog names them, sorted. Up to
     * {@value #HELD_NAMES} are read now, page by page, and returned as a list; beyond that the
     * partitions are counted and the rest is read page by page while the reply is written
     * ({@link StreamedNames}), so that a table of a million partitions is never listed whole in
     * memory. The count is why not every listing streams: on H2 it reads the whole name index, a
     * cost a listing that fits in one reply need not pay.
     */
    public static List<String> allNames(CatalogClient catalog, PartitionTable table, int max) {
        List<String> names = new ArrayList<>();
        if (max <= 0 || !table.partitioned()) {
            return names;
        }
        StreamedNames.Pages pages = (token, size) -> catalog.listPartitions(ListPartitionsRequest.newBuilder()
                .setTable(table.id())
                .setPageSize(size)
                .setPageToken(token)
                .setView(PartitionView.PARTITION_VIEW_NAME_ONLY)
                .build());
        String token = "";
        do {
            ListPartitionsResponse page = pages.read(token, Math.min(MAX_BATCH, max - names.size()));
            page.getPartitionsList().forEach(partition -> names.add(partition.getName()));
            token = page.getNextPageToken();
        } while (!token.isEmpty() && names.size() < Math.min(max, HELD_NAMES));
        if (token.isEmpty() || names.size() >= max) {
            return names;
        }
        long count = catalog.countPartitions(
                CountPartitionsRequest.newBuilder().setTable(table.id()).build());
        int size = (int) Math.min(max, count);
        return new StreamedNames(names, token, size, size == count, MAX_BATCH, pages);
    }

    private static <T> List<T> pages(
            CatalogClient catalog,
            PartitionTable table,
            Selection selection,
            int max,
            PartitionView view,
            Function<Partition, T> item) {
        List<T> result = new ArrayList<>();
        if (max <= 0 || !table.partitioned()) {
            return result;
        }
        String token = "";
        do {
            ListPartitionsRequest.Builder request = ListPartitionsRequest.newBuilder()
                    .setTable(table.id())
                    .addAllValuesPrefix(selection.valuesPrefix())
                    .setPageSize(Math.min(MAX_BATCH, max - result.size()))
                    .setPageToken(token)
                    .setView(view);
            selection.filter().ifPresent(request::setFilter);
            ListPartitionsResponse page = catalog.listPartitions(request.build());
            page.getPartitionsList().forEach(partition -> result.add(item.apply(partition)));
            token = page.getNextPageToken();
        } while (!token.isEmpty() && result.size() < max);
        return result.size() > max ? new ArrayList<>(result.subList(0, max)) : result;
    }

    /** The partitions of these native values that exist, sorted by name; batches of at most 10,000. */
    public static List<Partition> batchGet(
            CatalogClient catalog, PartitionTable table, List<List<String>> nativeValues, boolean valuesOnly) {
        List<Partition> found = new ArrayList<>();
        for (List<List<String>> batch : batches(nativeValues)) {
            BatchGetPartitionsRequest.Builder request = BatchGetPartitionsRequest.newBuilder()
                    .setTable(table.id())
                    .setView(valuesOnly ? PartitionView.PARTITION_VIEW_VALUES_ONLY : PartitionView.PARTITION_VIEW_FULL);
            batch.forEach(
                    values -> request.addPartitions(PartitionValues.newBuilder().addAllValues(values)));
            found.addAll(catalog.batchGetPartitions(request.build()).getPartitionsList());
        }
        if (nativeValues.size() > MAX_BATCH) {
            found.sort((a, b) -> table.nativePartitionName(a.getValuesList())
                    .compareTo(table.nativePartitionName(b.getValuesList())));
        }
        return found;
    }

    /**
     * Deletes partitions in one catalog call, so all or none (those missing are skipped when
     * {@code ifExists}); returns them as they were.
     */
    public static List<Partition> delete(
            CatalogClient catalog, PartitionTable table, List<List<String>> nativeValues, boolean ifExists) {
        DeletePartitionsRequest.Builder request =
                DeletePartitionsRequest.newBuilder().setTable(table.id()).setIfExists(ifExists);
        oneCall(nativeValues)
                .forEach(values ->
                        request.addPartitions(PartitionValues.newBuilder().addAllValues(values)));
        return catalog.deletePartitions(request.build()).getPartitionsList();
    }

    /**
     * The partitions of one write, which must fit one catalog call (one transaction). The dispatcher has
     * refused larger calls before any work; a write that gets here with more is a fault of ours, and it
     * fails before writing anything rather than writing part.
     */
    public static <T> List<T> oneCall(List<T> items) {
        if (items.size() > MAX_BATCH) {
            throw new IllegalStateException("a write of " + items.size() + " partitions is more than one catalog call"
                    + " takes (" + MAX_BATCH + "); the partitions-per-call limit should have refused it");
        }
        return items;
    }

    public static <T> List<List<T>> batches(List<T> items) {
        List<List<T>> batches = new ArrayList<>();
        for (int start = 0; start < items.size(); start += MAX_BATCH) {
            batches.add(items.subList(start, Math.min(items.size(), start + MAX_BATCH)));
        }
        return batches;
    }
}
