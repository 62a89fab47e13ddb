package dev.lakegate.hms.handler.partitions;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.CountPartitionsRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.PartitionFilter;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.partitions.PartitionPages.Selection;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.filter.FilterLimits;
import dev.lakegate.translator.filter.PartitionFilters;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionListComposingSpec;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;

/**
 * Reading partitions as HMS 4.0.1 answers: one partition (by values or by name), listings in every
 * form HMS has (all, by partial values, by filter, as specs; whole partitions or names), counts, and
 * partitions by names. Listings are paged from the catalog and stop at {@code max} ({@link PartitionPages}).
 *
 * <p>HMS words a missing table by the code path: "Unable to get partition because cat.db.tbl does not
 * exist" for single-partition reads (and drops), "db.tbl table not found" for calls by name, "Specified
 * catalog.database.table does not exist : cat.db.tbl" for listings.
 */
public final class PartitionReads {

    private PartitionReads() {}

    /** HMSHandler.get_partition. */
    public static Partition one(CatalogClient client, HmsCall call, List<String> values) {
        if (values == null) {
            throw HmsFailure.meta("The partition values cannot be null.");
        }
        PartitionTable table = PartitionTable.find(client, call)
                .orElseThrow(() -> HmsWords.tableOfPartitionDoesNotExist(call.qualifiedTable()));
        if (values.size() != table.keys().size()) {
            throw HmsWords.partitionNotFound(values);
        }
        return CatalogFailures.rewording(
                () -> table.toHms(client.getPartition(dev.lakegate.catalog.v1.GetPartitionRequest.newBuilder()
                        .setTable(table.id())
                        .addAllValues(PartitionMapper.toNativeValues(values))
                        .build())),
                failure -> HmsWords.partitionNotFound(values),
                ErrorReason.PARTITION_NOT_FOUND,
                ErrorReason.INVALID_ARGUMENT);
    }

    /** HMSHandler.get_partition_by_name: the table is looked up first, to read the name by its keys. */
    public static Partition oneByName(CatalogClient client, HmsCall call, String name) {
        PartitionTable table = PartitionTable.find(client, call)
                .orElseThrow(() -> HmsWords.tableNotFound(call.database() + "." + call.table()));
        List<String> values = table.valuesOf(name);
        return one(client, call.withPartition(values), values);
    }

    /** HMS 4.0 lists no partitions of a missing table, without an error (3.1 said "table not found"). */
    public static List<Partition> all(CatalogClient client, HmsCall call, int max) {
        return PartitionTable.find(client, call)
                .map(table -> table.toHms(
                        PartitionPages.list(client, table, Selection.all(), PartitionPages.limit(max), false)))
                .orElseGet(ArrayList::new);
    }

    /** One spec with the partitions as a list, rooted at the table's location (HMS without spec grouping). */
    public static List<PartitionSpec> allAsSpecs(CatalogClient client, HmsCall call, int max) {
        PartitionTable table =
                PartitionTable.find(client, call).orElseThrow(() -> HmsWords.tableNotFound(call.qualifiedTable()));
        List<Partition> partitions =
                table.toHms(PartitionPages.list(client, table, Selection.all(), PartitionPages.limit(max), false));
        return List.of(spec(table, partitions));
    }

    /** get_part_specs_by_filter: as {@link #allAsSpecs}, of the partitions the filter selects. */
    public static List<PartitionSpec> byFilterAsSpecs(
            CatalogClient client, HmsCall call, String filter, FilterLimits limits, int max) {
        PartitionTable table = findForListing(client, call);
        List<Partition> partitions = table.toHms(PartitionPages.list(
                client,
                table,
                Selection.of(PartitionFilters.parse(filter, table.keys(), limits)),
                PartitionPages.limit(max),
                false));
        return List.of(spec(table, partitions));
    }

    /** One spec of the partitions, sharing the table's location as its root. */
    public static PartitionSpec spec(PartitionTable table, List<Partition> partitions) {
        PartitionSpec spec = new PartitionSpec();
        spec.setPartitionList(new PartitionListComposingSpec(partitions));
        spec.setCatName(table.catalog());
        spec.setDbName(table.database());
        spec.setTableName(table.name());
        spec.setRootPath(table.location());
        return spec;
    }

    /** get_partitions_ps: the partitions of a partial specification ({@link Selection#partialSpec}). */
    public static List<Partition> byPartialValues(CatalogClient client, HmsCall call, List<String> values, int max) {
        PartitionTable table =
                PartitionTable.find(client, call).orElseThrow(() -> HmsWords.tableNotFound(call.qualifiedTable()));
        Selection selection = Selection.partialSpec(table, values);
        return table.toHms(PartitionPages.list(client, table, selection, PartitionPages.limit(max), false));
    }

    /**
     * Names, sorted; {@code values} null for all of them, else a partial specification. Without values,
     * a missing table has no partitions (ObjectStore lists names without looking the table up); with
     * values it is "cat.db.tbl table not found".
     */
    public static List<String> names(CatalogClient client, HmsCall call, List<String> values, int max) {
        Optional<PartitionTable> found = PartitionTable.find(client, call);
        if (found.isEmpty() && values == null) {
            return new ArrayList<>();
        }
        PartitionTable table = found.orElseThrow(() -> HmsWords.tableNotFound(call.qualifiedTable()));
        Selection selection = values == null ? Selection.all() : Selection.partialSpec(table, values);
        if (table.catalogNamesAreHmsNames()) {
            return values == null
                    ? PartitionPages.allNames(client, table, PartitionPages.limit(max))
                    : PartitionPages.listNames(client, table, selection, PartitionPages.limit(max));
        }
        List<String> names = new ArrayList<>();
        for (dev.lakegate.catalog.v1.Partition partition :
                PartitionPages.list(client, table, selection, PartitionPages.limit(max), true)) {
            names.add(table.nativePartitionName(partition.getValuesList()));
        }
        return names;
    }

    /** get_partitions_by_filter, with the filter grammar of {@link PartitionFilters}. */
    public static List<Partition> byFilter(
            CatalogClient client, HmsCall call, String filter, FilterLimits limits, int max) {
        PartitionTable table = findForListing(client, call);
        Selection selection = Selection.of(PartitionFilters.parse(filter, table.keys(), limits));
        return table.toHms(PartitionPages.list(client, table, selection, PartitionPages.limit(max), false));
    }

    /** get_num_partitions_by_filter: the filter is parsed (and refused as HMS refuses it) even without keys. */
    public static int countByFilter(CatalogClient client, HmsCall call, String filter, FilterLimits limits) {
        PartitionTable table = findForListing(client, call);
        Optional<PartitionFilter> parsed = PartitionFilters.parse(filter, table.keys(), limits);
        if (!table.partitioned()) {
            return 0;
        }
        CountPartitionsRequest.Builder request =
                CountPartitionsRequest.newBuilder().setTable(table.id());
        parsed.ifPresent(request::setFilter);
        return (int) client.countPartitions(request.build());
    }

    /**
     * The partitions of these names that exist (each once, sorted by name); names of no partition of
     * the table are left out.
     */
    /**
     * get_partitions_by_names_req's checks before it reads: HMS fails on unset names too (a
     * NullPointerException of its own, as a MetaException), and words a missing table of this request
     * form as the table it could not find.
     */
    public static void requireTableForNames(CatalogClient client, HmsCall call, List<String> names) {
        if (names == null) {
            throw HmsFailure.meta("The partition names of the request must be set");
        }
        PartitionTable.find(client, call)
                .orElseThrow(() -> HmsFailure.invalidObject(call.qualifiedTable() + " table not found"));
    }

    public static List<Partition> byNames(CatalogClient client, HmsCall call, List<String> names) {
        return byNames(client, findForListing(client, call), names);
    }

    /** {@link #byNames(CatalogClient, HmsCall, List)} of a table already read. */
    public static List<Partition> byNames(CatalogClient client, PartitionTable table, List<String> names) {
        if (names == null || names.isEmpty() || !table.partitioned()) {
            return new ArrayList<>();
        }
        Map<List<String>, String> wanted = new LinkedHashMap<>();
        for (String name : new LinkedHashSet<>(names)) {
            List<String> values;
            try {
                values = PartitionNames.valuesFor(name, table.keyNames());
            } catch (HmsFailure e) {
                continue;
            }
            if (table.partitionName(values).equals(name)) {
                wanted.put(PartitionMapper.toNativeValues(values), name);
            }
        }
        return table.toHms(PartitionPages.batchGet(client, table, new ArrayList<>(wanted.keySet()), false));
    }

    /** The request forms' {@code skipColumnSchemaForPartition}: partitions answered without their columns. */
    public static void skipColumns(List<Partition> partitions, boolean skip) {
        if (skip) {
            partitions.forEach(partition -> partition.getSd().setCols(new ArrayList<>()));
        }
    }

    /** The table a listing names; a missing one fails as ObjectStore's GetHelper words it. */
    public static PartitionTable findForListing(CatalogClient client, HmsCall call) {
        return PartitionTable.find(client, call)
                .orElseThrow(() -> HmsWords.specifiedTableDoesNotExist(call.qualifiedTable()));
    }
}
