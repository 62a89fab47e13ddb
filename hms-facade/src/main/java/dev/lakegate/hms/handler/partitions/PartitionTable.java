package dev.lakegate.hms.handler.partitions;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.HiveTableKind;
import dev.lakegate.catalog.v1.Table;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.TableView;
import dev.lakegate.hms.handler.CatalogFailures;
import dev.lakegate.hms.handler.tables.NativeTables;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.TableMapper;
import dev.lakegate.translator.names.PartitionNames;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;

/**
 * A table whose partitions a call works on, read once from the catalog: its identifier, its
 * partition keys as HMS clients see them (none for lake tables), its location and whether dropping
 * a partition with {@code deleteData} removes its directory (HMS: managed tables, and external ones
 * with {@code external.table.purge=true}).
 */
public record PartitionTable(Table table, List<FieldSchema> keys) {

    public PartitionTable {
        requireNonNull(table, "table is null");
        keys = List.copyOf(keys);
    }

    /**
     * Reads the table of a catalog (null: the default one) in the BASIC view; a missing one fails as the
     * catalog says (TABLE_NOT_FOUND).
     */
    public static PartitionTable load(CatalogClient catalog, String catalogName, String database, String table) {
        Table found = catalog.getTable(NativeTables.identifier(catalogName, database, table), TableView.BASIC);
        return new PartitionTable(found, TableMapper.partitionKeys(found));
    }

    /** The table the call names, or empty when it or its database does not exist. */
    public static Optional<PartitionTable> find(CatalogClient catalog, HmsCall call) {
        return CatalogFailures.find(
                () -> load(catalog, call.catalog(), call.database(), call.table()),
                ErrorReason.TABLE_NOT_FOUND,
                ErrorReason.NAMESPACE_NOT_FOUND);
    }

    public TableIdentifier id() {
        return NativeTables.identifier(table);
    }

    /** The table's catalog, as HMS names it. */
    public String catalog() {
        return NativeTables.catalog(table);
    }

    public String database() {
        return table.getNamespace();
    }

    public String name() {
        return table.getName();
    }

    public boolean partitioned() {
        return !keys.isEmpty();
    }

    public List<String> keyNames() {
        return keys.stream().map(key -> key.getName().toLowerCase(Locale.ROOT)).toList();
    }

    /**
     * Whether the catalog's partition names are the names HMS gives: both escape values alike, and
     * HMS lower-cases the keys, which the catalog keeps as the table has them.
     */
    public boolean catalogNamesAreHmsNames() {
        return keys.stream().allMatch(key -> key.getName().equals(key.getName().toLowerCase(Locale.ROOT)));
    }

    public String location() {
        return table.getLocation();
    }

    public boolean isView() {
        return table.hasHive()
                && (table.getHive().getKind() == HiveTableKind.VIRTUAL_VIEW
                        || table.getHive().getKind() == HiveTableKind.MATERIALIZED_VIEW);
    }

    /** MetaStoreUtils.isExternalTable: the EXTERNAL parameter, else the table type. */
    public boolean isExternal() {
        String external = table.getPropertiesMap().get("EXTERNAL");
        if (external != null) {
            return Boolean.parseBoolean(external);
        }
        return table.hasHive() && table.getHive().getKind() == HiveTableKind.EXTERNAL_TABLE;
    }

    /** HMSHandler.checkTableDataShouldBeDeleted for {@code deleteData=true}. */
    public boolean dropsData() {
        return !isExternal()
                || Boolean.parseBoolean(table.getPropertiesMap().getOrDefault("external.table.purge", "false"));
    }

    /** The HMS name of a partition given by HMS values ({@code __HIVE_DEFAULT_PARTITION__} for the default one). */
    public String partitionName(List<String> hmsValues) {
        return PartitionNames.name(keyNames(), hmsValues);
    }

    /** The HMS name of a partition given by native values ("" for the default one). */
    public String nativePartitionName(List<String> nativeValues) {
        return PartitionNames.name(keyNames(), PartitionMapper.fromNativeValues(nativeValues));
    }

    /**
     * The HMS values of a partition that a call names for this table's keys: a name that does not
     * fit them names no partition (NoSuchObjectException, where the call declares it).
     */
    public List<String> valuesOf(String name) {
        try {
            return PartitionNames.valuesFor(name, keyNames());
        } catch (HmsFailure e) {
            throw HmsFailure.of(e.getMessage(), NoSuchObjectException.class, MetaException.class);
        }
    }

    public org.apache.hadoop.hive.metastore.api.Table hms() {
        return TableMapper.fromNative(table);
    }

    /** A partition of this table as HMS clients read it. */
    public Partition toHms(dev.lakegate.catalog.v1.Partition partition) {
        return PartitionMapper.fromNative(partition, table.getCatalog(), database(), name());
    }

    /** Partitions of this table as HMS clients read them, in the same order. */
    public List<Partition> toHms(List<dev.lakegate.catalog.v1.Partition> partitions) {
        return PartitionMapper.fromNative(partitions, table.getCatalog(), database(), name());
    }
}
