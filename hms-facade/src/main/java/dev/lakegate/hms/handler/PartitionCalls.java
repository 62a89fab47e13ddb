package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.client.CatalogClient;
import dev.lakegate.catalog.v1.AddPartitionsRequest;
import dev.lakegate.catalog.v1.DeleteColumnStatisticsRequest;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Field;
import dev.lakegate.catalog.v1.PartitionUpdate;
import dev.lakegate.catalog.v1.StatisticsTarget;
import dev.lakegate.catalog.v1.UpdatePartitionsRequest;
import dev.lakegate.hms.handler.partitions.PartitionDirectories;
import dev.lakegate.hms.handler.partitions.PartitionPages;
import dev.lakegate.hms.handler.partitions.PartitionPages.Selection;
import dev.lakegate.hms.handler.partitions.PartitionTable;
import dev.lakegate.hms.handler.tables.TableStats;
import dev.lakegate.hms.handler.partitions.PartitionStatistics;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.error.HmsWords;
import dev.lakegate.translator.filter.PartitionFilters;
import dev.lakegate.translator.mapping.PartitionMapper;
import dev.lakegate.translator.mapping.StatisticsMapper;
import dev.lakegate.translator.names.CatalogDbName;
import dev.lakegate.translator.names.HiveNames;
import dev.lakegate.translator.names.PartitionNames;
import dev.lakegate.translator.types.Columns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.AddPartitionsResult;
import org.apache.hadoop.hive.metastore.api.AlterPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.AlterPartitionsResponse;
import org.apache.hadoop.hive.metastore.api.AppendPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionsResult;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.GetPartitionNamesPsRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionNamesPsResponse;
import org.apache.hadoop.hive.metastore.api.GetPartitionRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionResponse;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByFilterRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByNamesRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByNamesResult;
import org.apache.hadoop.hive.metastore.api.GetPartitionsPsWithAuthRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsPsWithAuthResponse;
import org.apache.hadoop.hive.metastore.api.InvalidObjectException;
import org.apache.hadoop.hive.metastore.api.InvalidOperationException;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionListComposingSpec;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;
import org.apache.hadoop.hive.metastore.api.PartitionWithoutSD;
import org.apache.hadoop.hive.metastore.api.PartitionsRequest;
import org.apache.hadoop.hive.metastore.api.PartitionsResponse;
import org.apache.hadoop.hive.metastore.api.RenamePartitionRequest;
import org.apache.hadoop.hive.metastore.api.RenamePartitionResponse;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.thrift.TException;

/**
 * The partitions area: adding (with default locations and their directories), reading in every
 * listing form HMS has (all, by values, by partial values, by names, by filter; whole partitions or
 * names), altering, renaming and dropping (with {@code deleteData}). Listings are paged from the
 * catalog and stop at {@code max}; batches over 10,000 become several catalog calls.
 *
 * <p>Wording follows HMS 4.0.1 (HMSHandler, HiveAlterHandler, ObjectStore), whose messages differ
 * by code path: a missing table reads "Unable to get partition because cat.db.tbl does not exist"
 * for single-partition reads and drops, "db.tbl table not found" for calls by name, "Specified
 * catalog.database.table does not exist : cat.db.tbl" for listings. Not served:
 * {@code get_partitions_by_expr}, {@code get_partitions_spec_by_expr} and {@code get_partition_names_req},
 * which carry a Kryo-serialized Hive expression (clients fall back to the filter calls), and
 * {@code exchange_partition(s)}.
 */
public final class PartitionCalls {

    private static final String DDL_TIME = "transient_lastDdlTime";

    private static final DeclaredExceptions ADD_PARTITION = DeclaredExceptions.of("add_partition");
    private static final DeclaredExceptions ADD_PARTITIONS = DeclaredExceptions.of("add_partitions");
    private static final DeclaredExceptions ADD_PARTITIONS_REQ = DeclaredExceptions.of("add_partitions_req");
    private static final DeclaredExceptions ADD_PARTITIONS_PSPEC = DeclaredExceptions.of("add_partitions_pspec");
    private static final DeclaredExceptions APPEND = DeclaredExceptions.of("append_partition");
    private static final DeclaredExceptions GET = DeclaredExceptions.of("get_partition");
    private static final DeclaredExceptions LIST = DeclaredExceptions.of("get_partitions");
    private static final DeclaredExceptions BY_NAMES = DeclaredExceptions.of("get_partitions_by_names");
    private static final DeclaredExceptions ALTER = DeclaredExceptions.of("alter_partition");
    private static final DeclaredExceptions DROP = DeclaredExceptions.of("drop_partition");
    private static final DeclaredExceptions NAMES = DeclaredExceptions.of("partition_name_to_vals");

    private final CatalogCalls catalog;
    private final Warehouse warehouse;
    private final PartitionDirectories directories;

    public PartitionCalls(CatalogCalls catalog, Warehouse warehouse) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.warehouse = requireNonNull(warehouse, "warehouse is null");
        this.directories = new PartitionDirectories(warehouse);
    }

    // ---------------------------------------------------------------------------------------------
    // Adding

    public Partition add_partition(Partition partition) throws TException {
        return add_partition_with_environment_context(partition, null);
    }

    public Partition add_partition_with_environment_context(Partition partition, EnvironmentContext context)
            throws TException {
        if (partition == null) {
            throw HmsFailure.meta("Partition cannot be null.");
        }
        return add(ADD_PARTITION, partition.getDbName(), partition.getTableName(), List.of(partition), false, false)
                .get(0);
    }

    public int add_partitions(List<Partition> partitions) throws TException {
        if (partitions == null) {
            throw HmsFailure.meta("Partition list cannot be null.");
        }
        if (partitions.isEmpty()) {
            return 0;
        }
        return add(ADD_PARTITIONS, partitions.get(0).getDbName(), partitions.get(0).getTableName(), partitions,
                false, false).size();
    }

    public AddPartitionsResult add_partitions_req(org.apache.hadoop.hive.metastore.api.AddPartitionsRequest request)
            throws TException {
        AddPartitionsResult result = new AddPartitionsResult();
        if (request.getParts() == null || request.getParts().isEmpty()) {
            result.setPartitions(new ArrayList<>());
            return result;
        }
        if (request.getDbName() == null || request.getTblName() == null) {
            throw HmsFailure.meta("The database and table name cannot be null.");
        }
        List<Partition> added = add(ADD_PARTITIONS_REQ, request.getDbName(), request.getTblName(), request.getParts(),
                request.isIfNotExists(), request.isSkipColumnSchemaForPartition());
        if (request.isNeedResult()) {
            if (request.isSkipColumnSchemaForPartition()) {
                if (!added.isEmpty()) {
                    result.setPartitionColSchema(new ArrayList<>(added.get(0).getSd().getCols()));
                }
                added.forEach(partition -> partition.getSd().setCols(new ArrayList<>()));
            }
            result.setPartitions(added);
        }
        return result;
    }

    /** Both forms of a spec: a plain list, or partitions that share one storage descriptor (location + relative path). */
    public int add_partitions_pspec(List<PartitionSpec> specs) throws TException {
        if (specs == null || specs.isEmpty()) {
            return 0;
        }
        List<Partition> partitions = new ArrayList<>();
        for (PartitionSpec spec : specs) {
            if (spec.getPartitionList() != null) {
                partitions.addAll(spec.getPartitionList().getPartitions());
            } else if (spec.getSharedSDPartitionSpec() != null) {
                StorageDescriptor shared = spec.getSharedSDPartitionSpec().getSd();
                for (PartitionWithoutSD part : spec.getSharedSDPartitionSpec().getPartitions()) {
                    StorageDescriptor sd = new StorageDescriptor(shared);
                    sd.setLocation(sd.getLocation() + part.getRelativePath());
                    Partition partition = new Partition(part.getValues(), spec.getDbName(), spec.getTableName(),
                            part.getCreateTime(), part.getLastAccessTime(), sd, part.getParameters());
                    partitions.add(partition);
                }
            }
        }
        if (partitions.isEmpty()) {
            return 0;
        }
        for (Partition partition : partitions) {
            partition.setDbName(HiveNames.normalize(partition.getDbName()));
            partition.setTableName(HiveNames.normalize(partition.getTableName()));
        }
        return add(ADD_PARTITIONS_PSPEC, specs.get(0).getDbName(), specs.get(0).getTableName(), partitions, false,
                false).size();
    }

    /** HMSHandler.add_partitions_core: validate all, add in batches, then create the directories. */
    private List<Partition> add(DeclaredExceptions declared, String rawDatabase, String rawTable,
            List<Partition> partitions, boolean ifNotExists, boolean skipColumns) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.ADD_PARTITIONS, rawDatabase, rawTable);
        String database = call.database();
        String tableName = call.table();
        return catalog.run(declared, call, client -> {
            PartitionTable table = PartitionTable.load(client, database, tableName);
            List<Partition> prepared = new ArrayList<>(partitions.size());
            Set<List<String>> seen = new HashSet<>();
            for (Partition partition : partitions) {
                validateForAdd(table, partition, database, tableName);
                if (skipColumns) {
                    if (partition.getSd() == null) {
                        partition.setSd(new StorageDescriptor());
                    }
                    partition.getSd().setCols(new ArrayList<>(table.hms().getSd().getCols()));
                }
                if (!seen.add(PartitionMapper.toNativeValues(partition.getValues()))) {
                    throw HmsFailure.meta("Duplicate partitions in the list: " + partition);
                }
                prepared.add(prepareNew(table, partition));
            }
            List<List<String>> addedValues = new ArrayList<>();
            Map<List<FieldSchema>, List<Field>> columns = new HashMap<>();
            for (List<Partition> batch : PartitionPages.batches(prepared)) {
                AddPartitionsRequest.Builder request = AddPartitionsRequest.newBuilder().setTable(table.id())
                        .setIfNotExists(ifNotExists);
                batch.forEach(partition -> request.addPartitions(PartitionMapper.toNative(partition,
                        cols -> columns.computeIfAbsent(cols, Columns::withoutIds))));
                CatalogFailures.recovering(() -> {
                    client.addPartitions(request.build()).getPartitionsList()
                            .forEach(added -> addedValues.add(added.getValuesList()));
                    return null;
                }, failure -> {
                    // HMS names the partition as the client sent it, with the catalog it fills in first.
                    Partition existing = firstExisting(client, table, batch);
                    Partition described = partitions.get(indexOf(prepared, existing)).deepCopy();
                    if (!described.isSetCatName()) {
                        described.setCatName(HiveNames.DEFAULT_CATALOG);
                    }
                    throw HmsWords.partitionAlreadyExists(described);
                }, ErrorReason.PARTITION_ALREADY_EXISTS);
            }
            Set<List<String>> added = new HashSet<>(addedValues);
            List<Partition> result = new ArrayList<>();
            for (Partition partition : prepared) {
                if (added.contains(PartitionMapper.toNativeValues(partition.getValues()))) {
                    result.add(partition);
                    if (partition.getSd().getLocation() != null && !partition.getSd().getLocation().isEmpty()) {
                        directories.create(partition.getSd().getLocation());
                    }
                }
            }
            return result;
        });
    }

    private static int indexOf(List<Partition> partitions, Partition partition) {
        for (int i = 0; i < partitions.size(); i++) {
            if (partitions.get(i) == partition) {
                return i;
            }
        }
        throw new IllegalStateException("not one of the partitions: " + partition);
    }

    private static Partition firstExisting(CatalogClient client, PartitionTable table, List<Partition> batch) {
        List<List<String>> values = batch.stream().map(p -> PartitionMapper.toNativeValues(p.getValues())).toList();
        Set<List<String>> existing = new HashSet<>();
        PartitionPages.batchGet(client, table, values, true).forEach(p -> existing.add(p.getValuesList()));
        return batch.stream().filter(p -> existing.contains(PartitionMapper.toNativeValues(p.getValues())))
                .findFirst().orElse(batch.get(0));
    }

    /** HMSHandler.validatePartition, and Warehouse.makePartName's check of the values against the keys. */
    private static void validateForAdd(PartitionTable table, Partition partition, String database, String tableName) {
        if (partition.getDbName() == null || partition.getTableName() == null) {
            throw HmsFailure.meta("The database and table name must be set in the partition.");
        }
        if (!partition.getTableName().equalsIgnoreCase(tableName) || !partition.getDbName().equalsIgnoreCase(database)) {
            throw HmsFailure.meta(String.format("Partition does not belong to target table %s. It belongs to the table"
                    + " %s.%s : %s", HiveNames.qualified(HiveNames.DEFAULT_CATALOG, database, tableName),
                    partition.getDbName(), partition.getTableName(), partition));
        }
        if (partition.getValues() == null || partition.getValues().isEmpty()) {
            throw HmsFailure.meta("The partition values cannot be null or empty.");
        }
        if (partition.getValues().contains(null)) {
            throw HmsFailure.meta("Partition value cannot be null.");
        }
        PartitionNames.checkValues(table.keyNames(), partition.getValues());
    }

    /**
     * A partition as HMS stores it when added: the default location {@code <table>/<name>} when none
     * is given, the create time now, {@code transient_lastDdlTime} unless the client set it, catalog
     * "hive". Statistics parameters stay as the client wrote them (no quick stats from a listing).
     */
    private Partition prepareNew(PartitionTable table, Partition given) {
        Partition partition = given.deepCopy();
        if (partition.getSd() == null) {
            partition.setSd(new StorageDescriptor());
        }
        String location = partition.getSd().getLocation();
        if (location == null || location.isEmpty()) {
            if (table.location() != null && !table.location().isEmpty()) {
                partition.getSd().setLocation(warehouse.partitionLocation(table.location(),
                        table.partitionName(partition.getValues())));
            }
        } else if (table.location() == null || table.location().isEmpty()) {
            throw HmsFailure.meta("Cannot specify location for a view partition");
        }
        int now = (int) (System.currentTimeMillis() / 1000);
        partition.setCreateTime(now);
        if (partition.getParameters() == null) {
            partition.setParameters(new HashMap<>());
        }
        if (partition.getParameters().get(DDL_TIME) == null) {
            partition.getParameters().put(DDL_TIME, Long.toString(now));
        }
        partition.setCatName(HiveNames.DEFAULT_CATALOG);
        return partition;
    }

    public Partition append_partition(String db, String tbl, List<String> values) throws TException {
        return append(db, tbl, values, null);
    }

    public Partition append_partition_with_environment_context(String db, String tbl, List<String> values,
            EnvironmentContext context) throws TException {
        return append(db, tbl, values, null);
    }

    public Partition append_partition_by_name(String db, String tbl, String name) throws TException {
        return append(db, tbl, null, name);
    }

    public Partition append_partition_by_name_with_environment_context(String db, String tbl, String name,
            EnvironmentContext context) throws TException {
        return append(db, tbl, null, name);
    }

    public Partition append_partition_req(AppendPartitionsRequest request) throws TException {
        String db = CatalogDbName.encode(request.getCatalogName(), request.getDbName());
        return append(db, request.getTableName(), request.getPartVals(), request.getName());
    }

    /** HMSHandler.append_partition_common: the table's storage, the default location, its directory. */
    private Partition append(String rawDatabase, String rawTable, List<String> values, String name) throws TException {
        if (name == null && (values == null || values.isEmpty())) {
            throw HmsFailure.meta("The partition values must not be null or empty.");
        }
        HmsCall call = HmsCall.onTableOf(Operation.ADD_PARTITIONS, rawDatabase, rawTable).withPartition(values);
        return catalog.run(APPEND, call, client -> {
            PartitionTable table = PartitionTable.find(client, call)
                    .orElseThrow(HmsWords::noTableToAddPartitionTo);
            List<String> partitionValues = values == null || values.isEmpty()
                    ? PartitionNames.valuesFor(name, table.keyNames()) : values;
            if (table.location() == null || table.location().isEmpty()) {
                throw HmsFailure.meta("Cannot append a partition to a view");
            }
            PartitionNames.checkValues(table.keyNames(), partitionValues);
            Partition partition = new Partition();
            partition.setCatName(HiveNames.DEFAULT_CATALOG);
            partition.setDbName(call.database());
            partition.setTableName(call.table());
            partition.setValues(new ArrayList<>(partitionValues));
            StorageDescriptor sd = table.hms().getSd().deepCopy();
            sd.setLocation(warehouse.partitionLocation(table.location(), table.partitionName(partitionValues)));
            partition.setSd(sd);
            int now = (int) (System.currentTimeMillis() / 1000);
            partition.setCreateTime(now);
            partition.setParameters(new HashMap<>(Map.of(DDL_TIME, Long.toString(now))));
            CatalogFailures.recovering(() -> client.addPartitions(AddPartitionsRequest.newBuilder()
                    .setTable(table.id()).addPartitions(PartitionMapper.toNative(partition)).build()), failure -> {
                        // HMS checks before it sets the parameters: its message shows none.
                        Partition described = partition.deepCopy();
                        described.unsetParameters();
                        throw HmsWords.appendedPartitionExists(described);
                    }, ErrorReason.PARTITION_ALREADY_EXISTS);
            directories.create(sd.getLocation());
            // Answer with the partition as a read would return it (the fields HMS fills included), but
            // without a write id: HMS 4 answers with the object it made, which has none.
            Partition appended = PartitionMapper.fromNative(PartitionMapper.toNative(partition), call.database(),
                    call.table());
            appended.unsetWriteId();
            return appended;
        });
    }

    // ---------------------------------------------------------------------------------------------
    // Reading one

    public Partition get_partition(String db, String tbl, List<String> values) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.READ, db, tbl).withPartition(values);
        return catalog.run(GET, call, client -> getOne(client, call, values));
    }

    public GetPartitionResponse get_partition_req(GetPartitionRequest request) throws TException {
        return new GetPartitionResponse(get_partition(CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(), request.getPartVals()));
    }

    public Partition get_partition_with_auth(String db, String tbl, List<String> values, String user,
            List<String> groups) throws TException {
        return get_partition(db, tbl, values);
    }

    public Partition get_partition_by_name(String db, String tbl, String name) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.READ, db, tbl);
        return catalog.run(GET, call, client -> {
            PartitionTable table = PartitionTable.find(client, call)
                    .orElseThrow(() -> HmsWords.tableNotFound(call.database() + "." + call.table()));
            List<String> values = valuesFromName(table, name, NoSuchObjectException.class);
            return getOne(client, call.withPartition(values), values);
        });
    }

    private Partition getOne(CatalogClient client, HmsCall call, List<String> values) {
        if (values == null) {
            throw HmsFailure.meta("The partition values cannot be null.");
        }
        PartitionTable table = PartitionTable.find(client, call)
                .orElseThrow(() -> HmsWords.tableOfPartitionDoesNotExist(call.qualifiedTable()));
        if (values.size() != table.keys().size()) {
            throw HmsWords.partitionNotFound(values);
        }
        return CatalogFailures.recovering(() -> toHms(table, client.getPartition(call.database(), call.table(),
                PartitionMapper.toNativeValues(values))), failure -> {
                    throw HmsWords.partitionNotFound(values);
                }, ErrorReason.PARTITION_NOT_FOUND, ErrorReason.INVALID_ARGUMENT);
    }

    // ---------------------------------------------------------------------------------------------
    // Listings

    public List<Partition> get_partitions(String db, String tbl, short max) throws TException {
        return listAll(db, tbl, max);
    }

    public PartitionsResponse get_partitions_req(PartitionsRequest request) throws TException {
        List<Partition> partitions = listAll(CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(), request.getMaxParts());
        skipColumns(partitions, request.isSkipColumnSchemaForPartition());
        return new PartitionsResponse(partitions);
    }

    public List<Partition> get_partitions_with_auth(String db, String tbl, short max, String user, List<String> groups)
            throws TException {
        return get_partitions(db, tbl, max);
    }

    /** HMS 4.0 lists no partitions of a missing table, without an error (3.1 said "table not found"). */
    private List<Partition> listAll(String db, String tbl, short max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> {
            return PartitionTable.find(client, call).map(table -> toHms(table,
                    PartitionPages.list(client, table, Selection.all(), PartitionPages.limit(max), false)))
                    .orElseGet(ArrayList::new);
        });
    }

    /** One spec with the partitions as a list, rooted at the table's location (HMS without spec grouping). */
    public List<PartitionSpec> get_partitions_pspec(String db, String tbl, int max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> {
            PartitionTable table = PartitionTable.find(client, call)
                    .orElseThrow(() -> HmsWords.tableNotFound(call.table()));
            List<Partition> partitions = toHms(table,
                    PartitionPages.list(client, table, Selection.all(), PartitionPages.limit(max), false));
            return List.of(spec(table, partitions));
        });
    }

    public List<PartitionSpec> get_part_specs_by_filter(String db, String tbl, String filter, int max)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> {
            PartitionTable table = loadForListing(client, call);
            Selection selection = Selection.of(PartitionFilters.parse(filter, table.keys()));
            List<Partition> partitions = toHms(table,
                    PartitionPages.list(client, table, selection, PartitionPages.limit(max), false));
            return List.of(spec(table, partitions));
        });
    }

    private static PartitionSpec spec(PartitionTable table, List<Partition> partitions) {
        PartitionSpec spec = new PartitionSpec();
        spec.setPartitionList(new PartitionListComposingSpec(partitions));
        spec.setCatName(HiveNames.DEFAULT_CATALOG);
        spec.setDbName(table.database());
        spec.setTableName(table.name());
        spec.setRootPath(table.location());
        return spec;
    }

    public List<Partition> get_partitions_ps(String db, String tbl, List<String> values, short max) throws TException {
        return listPartial(db, tbl, values, max);
    }

    public List<Partition> get_partitions_ps_with_auth(String db, String tbl, List<String> values, short max,
            String user, List<String> groups) throws TException {
        return listPartial(db, tbl, values, max);
    }

    public GetPartitionsPsWithAuthResponse get_partitions_ps_with_auth_req(GetPartitionsPsWithAuthRequest request)
            throws TException {
        String db = CatalogDbName.encode(request.getCatName(), request.getDbName());
        List<Partition> partitions = request.isSetPartNames()
                ? byNames(db, request.getTblName(), request.getPartNames(), false, null)
                : listPartial(db, request.getTblName(), request.getPartVals(), request.getMaxParts());
        skipColumns(partitions, request.isSkipColumnSchemaForPartition());
        return new GetPartitionsPsWithAuthResponse(partitions);
    }

    private List<Partition> listPartial(String db, String tbl, List<String> values, short max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> {
            PartitionTable table = PartitionTable.find(client, call)
                    .orElseThrow(() -> HmsWords.tableNotFound(call.qualifiedTable()));
            Selection selection = Selection.partialSpec(table, values);
            return toHms(table, PartitionPages.list(client, table, selection, PartitionPages.limit(max), false));
        });
    }

    public List<String> get_partition_names(String db, String tbl, short max) throws TException {
        return names(db, tbl, null, max);
    }

    public List<String> fetch_partition_names_req(PartitionsRequest request) throws TException {
        return names(CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName(), null,
                request.getMaxParts());
    }

    public List<String> get_partition_names_ps(String db, String tbl, List<String> values, short max)
            throws TException {
        return names(db, tbl, values == null ? List.of() : values, max);
    }

    public GetPartitionNamesPsResponse get_partition_names_ps_req(GetPartitionNamesPsRequest request)
            throws TException {
        return new GetPartitionNamesPsResponse(names(CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(), request.getPartValues() == null ? List.of() : request.getPartValues(),
                request.getMaxParts()));
    }

    /**
     * Names, sorted. Without values, a missing table has no partitions (ObjectStore lists names
     * without looking the table up); with values it is "cat.db.tbl table not found".
     */
    private List<String> names(String db, String tbl, List<String> values, short max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> {
            Optional<PartitionTable> found = PartitionTable.find(client, call);
            if (found.isEmpty() && values == null) {
                return new ArrayList<String>();
            }
            PartitionTable table = found.orElseThrow(() -> HmsWords.tableNotFound(call.qualifiedTable()));
            Selection selection = values == null ? Selection.all() : Selection.partialSpec(table, values);
            if (table.catalogNamesAreHmsNames()) {
                return values == null ? PartitionPages.allNames(client, table, PartitionPages.limit(max))
                        : PartitionPages.listNames(client, table, selection, PartitionPages.limit(max));
            }
            List<String> names = new ArrayList<>();
            for (dev.lakegate.catalog.v1.Partition partition
                    : PartitionPages.list(client, table, selection, PartitionPages.limit(max), true)) {
                names.add(table.nativePartitionName(partition.getValuesList()));
            }
            return names;
        });
    }

    public List<Partition> get_partitions_by_filter(String db, String tbl, String filter, short max) throws TException {
        return byFilter(db, tbl, filter, max);
    }

    public List<Partition> get_partitions_by_filter_req(GetPartitionsByFilterRequest request) throws TException {
        List<Partition> partitions = byFilter(CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(), request.getFilter(), request.getMaxParts());
        skipColumns(partitions, request.isSkipColumnSchemaForPartition());
        return partitions;
    }

    private List<Partition> byFilter(String db, String tbl, String filter, short max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> {
            PartitionTable table = loadForListing(client, call);
            Selection selection = Selection.of(PartitionFilters.parse(filter, table.keys()));
            return toHms(table, PartitionPages.list(client, table, selection, PartitionPages.limit(max), false));
        });
    }

    public int get_num_partitions_by_filter(String db, String tbl, String filter) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> {
            PartitionTable table = loadForListing(client, call);
            var parsed = PartitionFilters.parse(filter, table.keys());
            if (!table.partitioned()) {
                return 0;
            }
            dev.lakegate.catalog.v1.CountPartitionsRequest.Builder request =
                    dev.lakegate.catalog.v1.CountPartitionsRequest.newBuilder().setTable(table.id());
            parsed.ifPresent(request::setFilter);
            return (int) client.countPartitions(request.build());
        });
    }

    public List<Partition> get_partitions_by_names(String db, String tbl, List<String> names) throws TException {
        return byNames(db, tbl, names, false, null);
    }

    public GetPartitionsByNamesResult get_partitions_by_names_req(GetPartitionsByNamesRequest request)
            throws TException {
        List<Partition> partitions = byNames(request.getDb_name(), request.getTbl_name(), request.getNames(),
                request.isGet_col_stats(), request.getEngine());
        skipColumns(partitions, request.isSkipColumnSchemaForPartition());
        return new GetPartitionsByNamesResult(partitions);
    }

    /** The partitions of these names that exist (each once, sorted by name); others are left out. */
    private List<Partition> byNames(String db, String tbl, List<String> names, boolean withStatistics, String engine)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(BY_NAMES, call, client -> {
            PartitionTable table = loadForListing(client, call);
            if (names == null || names.isEmpty() || !table.partitioned()) {
                return new ArrayList<Partition>();
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
            List<Partition> partitions = toHms(table,
                    PartitionPages.batchGet(client, table, new ArrayList<>(wanted.keySet()), false));
            if (withStatistics) {
                for (Partition partition : partitions) {
                    partition.setColStats(PartitionStatistics.forPartition(client, table, partition.getValues(),
                            engine));
                }
            }
            return partitions;
        });
    }

    // ---------------------------------------------------------------------------------------------
    // Altering and renaming

    public void alter_partition(String db, String tbl, Partition partition) throws TException {
        rename(db, tbl, null, partition, Map.of());
    }

    public void alter_partition_with_environment_context(String db, String tbl, Partition partition,
            EnvironmentContext context) throws TException {
        rename(db, tbl, null, partition, properties(context));
    }

    public void rename_partition(String db, String tbl, List<String> values, Partition partition) throws TException {
        rename(db, tbl, values, partition, Map.of());
    }

    public RenamePartitionResponse rename_partition_req(RenamePartitionRequest request) throws TException {
        rename(CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTableName(), request.getPartVals(),
                request.getNewPart(), Map.of());
        return new RenamePartitionResponse();
    }

    public void alter_partitions(String db, String tbl, List<Partition> partitions) throws TException {
        alterMany(db, tbl, partitions, Map.of());
    }

    public void alter_partitions_with_environment_context(String db, String tbl, List<Partition> partitions,
            EnvironmentContext context) throws TException {
        alterMany(db, tbl, partitions, properties(context));
    }

    public AlterPartitionsResponse alter_partitions_req(AlterPartitionsRequest request) throws TException {
        alterMany(CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTableName(),
                request.getPartitions(), properties(request.getEnvironmentContext()));
        return new AlterPartitionsResponse();
    }

    private static Map<String, String> properties(EnvironmentContext context) {
        return context == null || context.getProperties() == null ? Map.of() : context.getProperties();
    }

    /**
     * HiveAlterHandler.alterPartition. Without old values: replaces the partition of the new one's
     * values. With them: a rename; a managed table's partition moves to {@code <table>/<new name>}
     * (its directory too), an external one keeps its location; its statistics follow it.
     */
    private void rename(String db, String tbl, List<String> oldValues, Partition given, Map<String, String> environment)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.ALTER, db, tbl);
        catalog.run(ALTER, call, client -> {
            if (given == null) {
                throw HmsFailure.meta("Partition cannot be null.");
            }
            Partition partition = given.deepCopy();
            touchDdlTime(partition);
            boolean renaming = oldValues != null && !oldValues.isEmpty();
            PartitionTable table = PartitionTable.find(client, call).orElseThrow(() -> HmsFailure.invalidOperation(
                    (renaming ? "" : "alter is not possible: ")
                            + "Unable to alter partition because table or database does not exist."));
            if (!renaming) {
                List<String> values = partition.getValues() == null ? List.of() : partition.getValues();
                dev.lakegate.catalog.v1.Partition old = findOr(client, table, values,
                        "alter is not possible: partition values=" + values);
                TableStats.updateAlteredPartition(old.getParametersMap(), partition.getParameters(),
                        partition.getSd() == null ? old.getLocation() : partition.getSd().getLocation(),
                        table.isView(), environment);
                replace(client, table, old, values, partition);
                return null;
            }
            dev.lakegate.catalog.v1.Partition old = findOr(client, table, oldValues,
                    "Unable to rename partition because old partition does not exist");
            PartitionNames.checkValues(table.keyNames(), partition.getValues());
            List<String> newNative = PartitionMapper.toNativeValues(partition.getValues());
            if (!PartitionPages.batchGet(client, table, List.of(newNative), true).isEmpty()) {
                throw HmsFailure.of("Partition already exists:" + table.database() + "." + table.name() + "."
                        + partition.getValues(), InvalidOperationException.class);
            }
            if (partition.getSd() == null) {
                partition.setSd(new StorageDescriptor());
            }
            String oldLocation = old.getLocation();
            boolean moveData = !table.isExternal()
                    || "true".equalsIgnoreCase(table.table().getPropertiesMap().get("TRANSLATED_TO_EXTERNAL"));
            String newLocation = oldLocation;
            if (moveData && table.location() != null && !table.location().isEmpty()) {
                newLocation = warehouse.partitionLocation(table.location(), table.partitionName(partition.getValues()));
                if (directories.exists(oldLocation) && !newLocation.equals(oldLocation)
                        && directories.exists(newLocation)) {
                    throw HmsFailure.of("New location for this table " + table.database() + "." + table.name()
                            + " already exists : " + newLocation, InvalidOperationException.class);
                }
            }
            partition.getSd().setLocation(newLocation.isEmpty() ? null : newLocation);
            // Counted before the move: the files are the same.
            TableStats.updateAlteredPartition(old.getParametersMap(), partition.getParameters(), oldLocation,
                    table.isView(), environment);
            replace(client, table, old, oldValues, partition);
            if (!Objects.equals(oldLocation, newLocation) && directories.exists(oldLocation)) {
                directories.move(oldLocation, newLocation);
            }
            return null;
        });
    }

    private void alterMany(String db, String tbl, List<Partition> given, Map<String, String> environment)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.ALTER, db, tbl);
        catalog.run(ALTER, call, client -> {
            PartitionTable table = PartitionTable.find(client, call).orElseThrow(() -> HmsFailure.invalidOperation(
                    "Alter partition operation failed: InvalidObjectException(message:"
                            + "Unable to alter partitions because table or database does not exist.)"));
            List<Partition> partitions = new ArrayList<>();
            for (Partition partition : given == null ? List.<Partition>of() : given) {
                Partition copy = partition.deepCopy();
                touchDdlTime(copy);
                partitions.add(copy);
            }
            if (partitions.isEmpty()) {
                return null;
            }
            List<List<String>> values = partitions.stream()
                    .map(p -> PartitionMapper.toNativeValues(p.getValues())).toList();
            List<dev.lakegate.catalog.v1.Partition> old = PartitionPages.batchGet(client, table, values, false);
            if (old.size() != partitions.size()) {
                throw HmsFailure.of("Alter partition operation failed: new parts size " + partitions.size()
                        + " not matching with old parts size " + old.size(), InvalidOperationException.class);
            }
            Map<List<String>, dev.lakegate.catalog.v1.Partition> byValues = new HashMap<>();
            old.forEach(partition -> byValues.put(partition.getValuesList(), partition));
            for (Partition partition : partitions) {
                dev.lakegate.catalog.v1.Partition before = byValues.get(PartitionMapper.toNativeValues(partition.getValues()));
                if (before == null) {
                    continue;
                }
                TableStats.updateAlteredPartition(before.getParametersMap(), partition.getParameters(),
                        partition.getSd() == null ? before.getLocation() : partition.getSd().getLocation(),
                        table.isView(), environment);
            }
            for (List<Partition> batch : PartitionPages.batches(partitions)) {
                UpdatePartitionsRequest.Builder request = UpdatePartitionsRequest.newBuilder().setTable(table.id());
                for (Partition partition : batch) {
                    List<String> nativeValues = PartitionMapper.toNativeValues(partition.getValues());
                    request.addUpdates(PartitionUpdate.newBuilder().addAllValues(nativeValues)
                            .setPartition(PartitionMapper.toNative(partition)));
                }
                client.updatePartitions(request.build());
            }
            for (Partition partition : partitions) {
                List<String> nativeValues = PartitionMapper.toNativeValues(partition.getValues());
                dropStatisticsOfChangedColumns(client, table, byValues.get(nativeValues), partition, nativeValues);
            }
            return null;
        });
    }

    private void replace(CatalogClient client, PartitionTable table, dev.lakegate.catalog.v1.Partition old,
            List<String> oldValues, Partition partition) {
        List<String> oldNative = PartitionMapper.toNativeValues(oldValues);
        client.updatePartitions(UpdatePartitionsRequest.newBuilder().setTable(table.id())
                .addUpdates(PartitionUpdate.newBuilder().addAllValues(oldNative)
                        .setPartition(PartitionMapper.toNative(partition))).build());
        dropStatisticsOfChangedColumns(client, table, old, partition,
                PartitionMapper.toNativeValues(partition.getValues()));
    }

    /**
     * HiveAlterHandler.updateOrGetPartitionColumnStats: statistics of a column the new partition
     * drops, or gives another type, are deleted.
     */
    private static void dropStatisticsOfChangedColumns(CatalogClient client, PartitionTable table,
            dev.lakegate.catalog.v1.Partition old, Partition partition, List<String> nativeValues) {
        if (old == null || partition.getSd() == null || partition.getSd().getCols() == null) {
            return;
        }
        List<FieldSchema> oldColumns = PartitionMapper.fromNative(old, table.database(), table.name()).getSd().getCols();
        Map<String, String> newTypes = new HashMap<>();
        partition.getSd().getCols().forEach(c -> newTypes.put(c.getName().toLowerCase(java.util.Locale.ROOT),
                c.getType()));
        List<String> changed = new ArrayList<>();
        for (FieldSchema column : oldColumns) {
            String type = newTypes.get(column.getName().toLowerCase(java.util.Locale.ROOT));
            if (type == null || !type.equalsIgnoreCase(column.getType())) {
                changed.add(column.getName().toLowerCase(java.util.Locale.ROOT));
            }
        }
        if (!changed.isEmpty()) {
            client.deleteColumnStatistics(DeleteColumnStatisticsRequest.newBuilder()
                    .setTarget(StatisticsTarget.newBuilder().setTable(table.id()).addAllPartitionValues(nativeValues)
                            .setEngine(StatisticsMapper.DEFAULT_ENGINE))
                    .addAllColumns(changed).build());
        }
    }

    private static void touchDdlTime(Partition partition) {
        if (partition.getParameters() == null) {
            partition.setParameters(new HashMap<>());
        }
        String ddlTime = partition.getParameters().get(DDL_TIME);
        boolean unset;
        try {
            unset = ddlTime == null || Integer.parseInt(ddlTime) == 0;
        } catch (NumberFormatException e) {
            throw HmsFailure.meta("For input string: \"" + ddlTime + "\"");
        }
        if (unset) {
            partition.getParameters().put(DDL_TIME, Long.toString(System.currentTimeMillis() / 1000));
        }
    }

    private static dev.lakegate.catalog.v1.Partition findOr(CatalogClient client, PartitionTable table,
            List<String> values, String message) {
        if (values.size() != table.keys().size()) {
            throw HmsFailure.of(message, InvalidOperationException.class);
        }
        List<dev.lakegate.catalog.v1.Partition> found = PartitionPages.batchGet(client, table,
                List.of(PartitionMapper.toNativeValues(values)), false);
        if (found.isEmpty()) {
            throw HmsFailure.of(message, InvalidOperationException.class);
        }
        return found.get(0);
    }

    // ---------------------------------------------------------------------------------------------
    // Dropping

    public boolean drop_partition(String db, String tbl, List<String> values, boolean deleteData) throws TException {
        return dropOne(db, tbl, values, null, deleteData);
    }

    public boolean drop_partition_with_environment_context(String db, String tbl, List<String> values,
            boolean deleteData, EnvironmentContext context) throws TException {
        return dropOne(db, tbl, values, null, deleteData);
    }

    public boolean drop_partition_by_name(String db, String tbl, String name, boolean deleteData) throws TException {
        return dropOne(db, tbl, null, name, deleteData);
    }

    public boolean drop_partition_by_name_with_environment_context(String db, String tbl, String name,
            boolean deleteData, EnvironmentContext context) throws TException {
        return dropOne(db, tbl, null, name, deleteData);
    }

    public boolean drop_partition_req(DropPartitionRequest request) throws TException {
        return dropOne(CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName(),
                request.getPartVals() == null || request.getPartVals().isEmpty() ? null : request.getPartVals(),
                request.getPartName(), request.isDeleteData());
    }

    /** HMSHandler.drop_partition_common; with deleteData a managed (or purged external) partition's directory goes too. */
    private boolean dropOne(String db, String tbl, List<String> givenValues, String name, boolean deleteData)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.DROP, db, tbl);
        return catalog.run(DROP, call, client -> {
            // HMS words a missing table by the path the call takes: by name, or by values.
            PartitionTable table = PartitionTable.find(client, call).orElseThrow(() -> givenValues == null
                    ? HmsWords.tableNotFound(call.database() + "." + call.table())
                    : HmsWords.tableOfPartitionDoesNotExist(call.qualifiedTable()));
            List<String> values = givenValues == null ? valuesFromName(table, name, NoSuchObjectException.class)
                    : givenValues;
            if (values.size() != table.keys().size()) {
                throw HmsWords.partitionNotFound(values);
            }
            List<dev.lakegate.catalog.v1.Partition> deleted = CatalogFailures.recovering(() -> PartitionPages.delete(
                    client, table, List.of(PartitionMapper.toNativeValues(values)), false), failure -> {
                        throw HmsWords.partitionNotFound(values);
                    }, ErrorReason.PARTITION_NOT_FOUND);
            if (deleteData && table.dropsData()) {
                deleted.forEach(partition -> directories.delete(partition.getLocation(), table.keys().size()));
            }
            return true;
        });
    }

    public DropPartitionsResult drop_partitions_req(DropPartitionsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.DROP, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        boolean ifExists = request.isSetIfExists() && request.isIfExists();
        boolean needResult = !request.isSetNeedResult() || request.isNeedResult();
        return catalog.run(DROP, call, client -> {
            PartitionTable table = PartitionTable.load(client, call.database(), call.table());
            if (request.getParts() == null || !request.getParts().isSetNames()) {
                if (request.getParts() != null && request.getParts().isSetExprs()) {
                    throw HmsFailure.meta("Dropping partitions by expression is not supported by Lakegate:"
                            + " the expression is a serialized Hive expression; drop the partitions by name");
                }
                throw HmsFailure.meta("Partition spec is not set");
            }
            List<String> names = request.getParts().getNames();
            List<List<String>> values = new ArrayList<>();
            Set<String> distinct = new LinkedHashSet<>(names);
            for (String name : distinct) {
                try {
                    List<String> partitionValues = PartitionNames.valuesFor(name, table.keyNames());
                    if (table.partitionName(partitionValues).equals(name)) {
                        values.add(PartitionMapper.toNativeValues(partitionValues));
                    }
                } catch (HmsFailure e) {
                    // a name that names no partition of this table is a missing partition
                }
            }
            List<dev.lakegate.catalog.v1.Partition> existing = table.partitioned()
                    ? PartitionPages.batchGet(client, table, values, true) : List.of();
            if (existing.size() != names.size() && !ifExists) {
                throw HmsFailure.of("Some partitions to drop are missing", NoSuchObjectException.class);
            }
            List<dev.lakegate.catalog.v1.Partition> deleted = existing.isEmpty() ? List.of()
                    : PartitionPages.delete(client, table,
                            existing.stream().map(p -> (List<String>) List.copyOf(p.getValuesList())).toList(), true);
            if (request.isDeleteData() && table.dropsData()) {
                deleted.forEach(partition -> directories.delete(partition.getLocation(), table.keys().size()));
            }
            DropPartitionsResult result = new DropPartitionsResult();
            if (needResult) {
                List<Partition> partitions = toHms(table, deleted);
                skipColumns(partitions, request.isSkipColumnSchemaForPartition());
                result.setPartitions(partitions);
            }
            return result;
        });
    }

    // ---------------------------------------------------------------------------------------------
    // Names

    public List<String> partition_name_to_vals(String name) throws TException {
        if (name == null) {
            throw HmsFailure.meta("Partition name cannot be null");
        }
        return catalog.run(NAMES, HmsCall.database(Operation.READ, null), client -> PartitionNames.toValues(name));
    }

    public Map<String, String> partition_name_to_spec(String name) throws TException {
        if (name == null) {
            throw HmsFailure.meta("Partition name cannot be null");
        }
        return catalog.run(NAMES, HmsCall.database(Operation.READ, null), client -> PartitionNames.toSpec(name));
    }

    /** No whitelist pattern is configured (metastore.partition.name.whitelist.pattern is empty): every value is valid. */
    public boolean partition_name_has_valid_characters(List<String> values, boolean throwException) {
        return true;
    }

    // ---------------------------------------------------------------------------------------------
    // Helpers

    /** ObjectStore's GetHelper on a missing table. */
    private static PartitionTable loadForListing(CatalogClient client, HmsCall call) {
        return PartitionTable.find(client, call)
                .orElseThrow(() -> HmsWords.specifiedTableDoesNotExist(call.qualifiedTable()));
    }

    private static List<String> valuesFromName(PartitionTable table, String name,
            Class<? extends TException> missingKey) {
        try {
            return PartitionNames.valuesFor(name, table.keyNames());
        } catch (HmsFailure e) {
            throw HmsFailure.of(e.getMessage(), missingKey, MetaException.class);
        }
    }

    private static Partition toHms(PartitionTable table, dev.lakegate.catalog.v1.Partition partition) {
        return PartitionMapper.fromNative(partition, table.database(), table.name());
    }

    private static List<Partition> toHms(PartitionTable table, List<dev.lakegate.catalog.v1.Partition> partitions) {
        return PartitionMapper.fromNative(partitions, table.database(), table.name());
    }

    private static void skipColumns(List<Partition> partitions, boolean skip) {
        if (skip) {
            partitions.forEach(partition -> partition.getSd().setCols(new ArrayList<>()));
        }
    }
}
