package dev.lakegate.hms.handler.exchange;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.MovePartitionsRequest;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.Warehouse;
import dev.lakegate.hms.handler.partitions.PartitionPages;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.names.CatalogDbName;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;

/**
 * HMSHandler.exchange_partitions over the catalog, its checks in HMS's order and words: the
 * destination table, then the source, must exist; the partial specification (values of the source's
 * keys, others ignored, a missing one matching any value) must select partitions; both tables must
 * have the same columns and keys by name and type; the specified keys must lead to one directory;
 * none of the partitions may be in the destination. The directory of the specification then moves
 * from the source table's location to the destination's, and the catalog moves the partitions in one
 * transaction; if the catalog refuses, the directory moves back, as HMS moves it back when its
 * transaction rolls back.
 */
public final class PartitionExchange {

    /** A table as the call names it: the database argument as sent ({@code @cat#db} or plain). */
    public record Side(String rawDatabase, String table) {}

    private final Warehouse warehouse;

    public PartitionExchange(Warehouse warehouse) {
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
    }

    public List<Partition> exchange(CatalogClient client, Map<String, String> spec, Side source, Side destination) {
        CatalogDbName sourceDb = CatalogDbName.parse(source.rawDatabase());
        CatalogDbName destDb = CatalogDbName.parse(destination.rawDatabase());
        if (spec == null
                || sourceDb.database() == null
                || source.table() == null
                || destDb.database() == null
                || destination.table() == null) {
            throw HmsFailure.meta("The DB and table name for the source and destination tables,"
                    + " and the partition specs must not be null.");
        }
        if (!destDb.catalog().equals(sourceDb.catalog())) {
            throw HmsFailure.meta("You cannot move a partition across catalogs");
        }
        PartitionTable to = table(client, destDb, destination.table())
                .orElseThrow(() -> HmsFailure.meta(
                        "The destination table " + qualified(destDb, destination.table()) + " not found"));
        PartitionTable from = table(client, sourceDb, source.table())
                .orElseThrow(() ->
                        HmsFailure.meta("The source table " + qualified(sourceDb, source.table()) + " not found"));
        ExchangeSpec selection = ExchangeSpec.of(from.keyNames(), spec);
        List<dev.lakegate.catalog.v1.Partition> moving = from.partitioned()
                ? PartitionPages.list(
                        client,
                        from,
                        PartitionPages.Selection.partialSpec(from, selection.nativeValues()),
                        Integer.MAX_VALUE,
                        false)
                : List.of();
        if (moving.isEmpty()) {
            throw HmsFailure.meta("No partition is found with the values " + spec + " for the table " + source.table());
        }
        if (!sameFields(from.hms().getSd().getCols(), to.hms().getSd().getCols())
                || !sameFields(from.keys(), to.keys())) {
            throw HmsFailure.meta("The tables have different schemas. Their partitions cannot be exchanged.");
        }
        String directory = selection.directory();
        if (moving.size() > PartitionPages.MAX_BATCH) {
            // One catalog transaction takes at most 10,000 partitions; HMS has no bound.
            throw HmsFailure.meta("The partition spec " + spec + " selects " + moving.size()
                    + " partitions of the table " + source.table() + "; Lakegate exchanges at most "
                    + PartitionPages.MAX_BATCH + " in one call");
        }
        requireNoneInDestination(client, to, moving, destination.table());
        ReplicationCheck.requireRenameAllowed(client, from, to, sourceDb, source.table(), destination.rawDatabase());
        MovePartitionsRequest.Builder request =
                MovePartitionsRequest.newBuilder().setSource(from.id()).setDestination(to.id());
        for (dev.lakegate.catalog.v1.Partition partition : moving) {
            request.addPartitionsBuilder()
                    .addAllValues(partition.getValuesList())
                    .setLocation(warehouse.partitionLocation(
                            to.location(), to.nativePartitionName(partition.getValuesList())));
        }
        ExchangeDirectory moved = ExchangeDirectory.move(
                warehouse.files(),
                warehouse.partitionLocation(from.location(), directory),
                warehouse.partitionLocation(to.location(), directory));
        try {
            return to.toHms(CatalogFailures.rewording(
                    () -> client.movePartitions(request.build()).getPartitionsList(),
                    failure -> HmsFailure.meta(
                            "The partition " + failure.metadata().getOrDefault("partition", "")
                                    + " already exists in the table " + destination.table()),
                    ErrorReason.PARTITION_ALREADY_EXISTS));
        } catch (RuntimeException e) {
            moved.undo();
            throw e;
        }
    }

    private static void requireNoneInDestination(
            CatalogClient client,
            PartitionTable to,
            List<dev.lakegate.catalog.v1.Partition> moving,
            String destinationTable) {
        List<List<String>> values = new ArrayList<>(moving.size());
        moving.forEach(partition -> values.add(partition.getValuesList()));
        List<String> present = new ArrayList<>();
        PartitionPages.batchGet(client, to, values, true)
                .forEach(partition -> present.add(to.nativePartitionName(partition.getValuesList())));
        for (dev.lakegate.catalog.v1.Partition partition : moving) {
            String name = to.nativePartitionName(partition.getValuesList());
            if (present.contains(name)) {
                throw HmsFailure.meta("The partition " + name + " already exists in the table " + destinationTable);
            }
        }
    }

    private static Optional<PartitionTable> table(CatalogClient client, CatalogDbName database, String table) {
        return CatalogFailures.find(
                () -> PartitionTable.load(
                        client,
                        database.catalog(),
                        HiveNames.normalize(database.database()),
                        HiveNames.normalize(table)),
                ErrorReason.TABLE_NOT_FOUND,
                ErrorReason.NAMESPACE_NOT_FOUND,
                ErrorReason.INVALID_ARGUMENT);
    }

    static String qualified(CatalogDbName database, String table) {
        return database.catalog() + "." + database.database() + "." + table;
    }

    /** MetaStoreUtils.compareFieldColumns: same length, and each field of the same name and type. */
    public static boolean sameFields(List<FieldSchema> a, List<FieldSchema> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!Objects.equals(a.get(i).getName(), b.get(i).getName())
                    || !Objects.equals(a.get(i).getType(), b.get(i).getType())) {
                return false;
            }
        }
        return true;
    }
}
