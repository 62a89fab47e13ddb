package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.partitions.PartitionAdds;
import dev.lakegate.hms.handler.partitions.PartitionAlterations;
import dev.lakegate.hms.handler.partitions.PartitionDirectories;
import dev.lakegate.hms.handler.partitions.PartitionDrops;
import dev.lakegate.hms.handler.partitions.PartitionReads;
import dev.lakegate.hms.handler.partitions.PartitionsByExpression;
import dev.lakegate.hms.handler.statistics.StatisticsReads;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.filter.FilterLimits;
import dev.lakegate.translator.names.CatalogDbName;
import dev.lakegate.translator.names.PartitionNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.AddPartitionsResult;
import org.apache.hadoop.hive.metastore.api.AlterPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.AlterPartitionsResponse;
import org.apache.hadoop.hive.metastore.api.AppendPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.DropPartitionsResult;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.GetPartitionNamesPsRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionNamesPsResponse;
import org.apache.hadoop.hive.metastore.api.GetPartitionRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionResponse;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByFilterRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByNamesRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsByNamesResult;
import org.apache.hadoop.hive.metastore.api.GetPartitionsPsWithAuthRequest;
import org.apache.hadoop.hive.metastore.api.GetPartitionsPsWithAuthResponse;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.PartitionSpec;
import org.apache.hadoop.hive.metastore.api.PartitionsRequest;
import org.apache.hadoop.hive.metastore.api.PartitionsResponse;
import org.apache.hadoop.hive.metastore.api.RenamePartitionRequest;
import org.apache.hadoop.hive.metastore.api.RenamePartitionResponse;
import org.apache.thrift.TException;

/**
 * The partitions area, old and new signatures alike, as HMS 4.0.1 answers it: each method reads its
 * request form and delegates the work to {@link PartitionAdds} (adding, appending),
 * {@link PartitionReads} (every listing form HMS has: all, by values, by partial values, by names, by
 * filter; whole partitions or names), {@link PartitionAlterations} (altering, renaming) and
 * {@link PartitionDrops} (dropping, with {@code deleteData}, by names or by expressions). Database arguments
 * may carry Hive 3+'s {@code @hive#} prefix.
 *
 * <p>Listings by a Hive expression are PartitionExpressionCalls'; drops by expressions are here, selected by
 * {@link PartitionsByExpression}. {@code exchange_partition(s)} are served elsewhere (ExchangeCalls).
 */
public final class PartitionCalls {

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
    private final PartitionAdds adds;
    private final PartitionAlterations alterations;
    private final PartitionDrops drops;
    private final FilterLimits filterLimits;

    /** {@code byExpression}: what drops by Hive expressions select. */
    public PartitionCalls(
            CatalogCalls catalog, Warehouse warehouse, FilterLimits filterLimits, PartitionsByExpression byExpression) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.filterLimits = requireNonNull(filterLimits, "filterLimits is null");
        PartitionDirectories directories = new PartitionDirectories(requireNonNull(warehouse, "warehouse is null"));
        this.adds = new PartitionAdds(warehouse, directories);
        this.alterations = new PartitionAlterations(warehouse, directories);
        this.drops = new PartitionDrops(directories, requireNonNull(byExpression, "byExpression is null"));
    }

    // Adding

    public Partition add_partition(Partition partition) throws TException {
        return add_partition_with_environment_context(partition, null);
    }

    public Partition add_partition_with_environment_context(Partition partition, EnvironmentContext context)
            throws TException {
        if (partition == null) {
            throw HmsFailure.meta("Partition cannot be null.");
        }
        String db = CatalogDbName.encode(partition.getCatName(), partition.getDbName());
        return add(ADD_PARTITION, db, partition.getTableName(), List.of(partition), false, false)
                .get(0);
    }

    public int add_partitions(List<Partition> partitions) throws TException {
        if (partitions == null) {
            throw HmsFailure.meta("Partition list cannot be null.");
        }
        if (partitions.isEmpty()) {
            return 0;
        }
        return add(
                        ADD_PARTITIONS,
                        CatalogDbName.encode(
                                partitions.get(0).getCatName(),
                                partitions.get(0).getDbName()),
                        partitions.get(0).getTableName(),
                        partitions,
                        false,
                        false)
                .size();
    }

    public AddPartitionsResult add_partitions_req(AddPartitionsRequest request) throws TException {
        if (request.getParts() == null || request.getParts().isEmpty()) {
            return PartitionAdds.result(new ArrayList<>(), true, false);
        }
        if (request.getDbName() == null || request.getTblName() == null) {
            throw HmsFailure.meta("The database and table name cannot be null.");
        }
        List<Partition> added = add(
                ADD_PARTITIONS_REQ,
                CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(),
                request.getParts(),
                request.isIfNotExists(),
                request.isSkipColumnSchemaForPartition());
        return PartitionAdds.result(added, request.isNeedResult(), request.isSkipColumnSchemaForPartition());
    }

    public int add_partitions_pspec(List<PartitionSpec> specs) throws TException {
        if (specs == null || specs.isEmpty()) {
            return 0;
        }
        List<Partition> partitions = PartitionAdds.fromSpecs(specs);
        if (partitions.isEmpty()) {
            return 0;
        }
        return add(
                        ADD_PARTITIONS_PSPEC,
                        CatalogDbName.encode(
                                specs.get(0).getCatName(), specs.get(0).getDbName()),
                        specs.get(0).getTableName(),
                        partitions,
                        false,
                        false)
                .size();
    }

    private List<Partition> add(
            DeclaredExceptions declared,
            String db,
            String tbl,
            List<Partition> partitions,
            boolean ifNotExists,
            boolean skipColumns)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.ADD_PARTITIONS, db, tbl);
        return catalog.run(declared, call, client -> adds.add(client, call, partitions, ifNotExists, skipColumns));
    }

    public Partition append_partition(String db, String tbl, List<String> values) throws TException {
        return append(db, tbl, values, null);
    }

    public Partition append_partition_with_environment_context(
            String db, String tbl, List<String> values, EnvironmentContext context) throws TException {
        return append(db, tbl, values, null);
    }

    public Partition append_partition_by_name(String db, String tbl, String name) throws TException {
        return append(db, tbl, null, name);
    }

    public Partition append_partition_by_name_with_environment_context(
            String db, String tbl, String name, EnvironmentContext context) throws TException {
        return append(db, tbl, null, name);
    }

    public Partition append_partition_req(AppendPartitionsRequest request) throws TException {
        String db = CatalogDbName.encode(request.getCatalogName(), request.getDbName());
        return append(db, request.getTableName(), request.getPartVals(), request.getName());
    }

    private Partition append(String db, String tbl, List<String> values, String name) throws TException {
        if (name == null && (values == null || values.isEmpty())) {
            throw HmsFailure.meta("The partition values must not be null or empty.");
        }
        HmsCall call = HmsCall.onTableOf(Operation.ADD_PARTITIONS, db, tbl).withPartition(values);
        return catalog.run(APPEND, call, client -> adds.append(client, call, values, name));
    }

    // Reading one

    public Partition get_partition(String db, String tbl, List<String> values) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.READ, db, tbl).withPartition(values);
        return catalog.run(GET, call, client -> PartitionReads.one(client, call, values));
    }

    public GetPartitionResponse get_partition_req(GetPartitionRequest request) throws TException {
        return new GetPartitionResponse(get_partition(
                CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(),
                request.getPartVals()));
    }

    public Partition get_partition_with_auth(
            String db, String tbl, List<String> values, String user, List<String> groups) throws TException {
        return get_partition(db, tbl, values);
    }

    public Partition get_partition_by_name(String db, String tbl, String name) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.READ, db, tbl);
        return catalog.run(GET, call, client -> PartitionReads.oneByName(client, call, name));
    }

    // Listings

    public List<Partition> get_partitions(String db, String tbl, short max) throws TException {
        return listAll(db, tbl, max);
    }

    public PartitionsResponse get_partitions_req(PartitionsRequest request) throws TException {
        List<Partition> partitions = listAll(
                CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(),
                request.getMaxParts());
        PartitionReads.skipColumns(partitions, request.isSkipColumnSchemaForPartition());
        return new PartitionsResponse(partitions);
    }

    public List<Partition> get_partitions_with_auth(String db, String tbl, short max, String user, List<String> groups)
            throws TException {
        return get_partitions(db, tbl, max);
    }

    private List<Partition> listAll(String db, String tbl, short max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> PartitionReads.all(client, call, max));
    }

    public List<PartitionSpec> get_partitions_pspec(String db, String tbl, int max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        // HMS lists them with get_partitions, whose maximum is a short: it casts.
        return catalog.run(LIST, call, client -> PartitionReads.allAsSpecs(client, call, (short) max));
    }

    public List<PartitionSpec> get_part_specs_by_filter(String db, String tbl, String filter, int max)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(
                LIST, call, client -> PartitionReads.byFilterAsSpecs(client, call, filter, filterLimits, max));
    }

    public List<Partition> get_partitions_ps(String db, String tbl, List<String> values, short max) throws TException {
        return listPartial(db, tbl, values, max);
    }

    public List<Partition> get_partitions_ps_with_auth(
            String db, String tbl, List<String> values, short max, String user, List<String> groups) throws TException {
        return listPartial(db, tbl, values, max);
    }

    public GetPartitionsPsWithAuthResponse get_partitions_ps_with_auth_req(GetPartitionsPsWithAuthRequest request)
            throws TException {
        String db = CatalogDbName.encode(request.getCatName(), request.getDbName());
        List<Partition> partitions = request.isSetPartNames()
                ? get_partitions_by_names(db, request.getTblName(), request.getPartNames())
                : listPartial(db, request.getTblName(), request.getPartVals(), request.getMaxParts());
        PartitionReads.skipColumns(partitions, request.isSkipColumnSchemaForPartition());
        return new GetPartitionsPsWithAuthResponse(partitions);
    }

    private List<Partition> listPartial(String db, String tbl, List<String> values, short max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> PartitionReads.byPartialValues(client, call, values, max));
    }

    public List<String> get_partition_names(String db, String tbl, short max) throws TException {
        return names(db, tbl, null, max);
    }

    public List<String> fetch_partition_names_req(PartitionsRequest request) throws TException {
        return names(
                CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(),
                null,
                request.getMaxParts());
    }

    public List<String> get_partition_names_ps(String db, String tbl, List<String> values, short max)
            throws TException {
        return names(db, tbl, values == null ? List.of() : values, max);
    }

    public GetPartitionNamesPsResponse get_partition_names_ps_req(GetPartitionNamesPsRequest request)
            throws TException {
        return new GetPartitionNamesPsResponse(names(
                CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(),
                request.getPartValues() == null ? List.of() : request.getPartValues(),
                request.getMaxParts()));
    }

    /** Values null: all names; else the names of a partial specification. */
    private List<String> names(String db, String tbl, List<String> values, short max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> PartitionReads.names(client, call, values, max));
    }

    public List<Partition> get_partitions_by_filter(String db, String tbl, String filter, short max) throws TException {
        return byFilter(db, tbl, filter, max);
    }

    public List<Partition> get_partitions_by_filter_req(GetPartitionsByFilterRequest request) throws TException {
        List<Partition> partitions = byFilter(
                CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(),
                request.getFilter(),
                request.getMaxParts());
        PartitionReads.skipColumns(partitions, request.isSkipColumnSchemaForPartition());
        return partitions;
    }

    private List<Partition> byFilter(String db, String tbl, String filter, short max) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> PartitionReads.byFilter(client, call, filter, filterLimits, max));
    }

    public int get_num_partitions_by_filter(String db, String tbl, String filter) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(LIST, call, client -> PartitionReads.countByFilter(client, call, filter, filterLimits));
    }

    public List<Partition> get_partitions_by_names(String db, String tbl, List<String> names) throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, db, tbl);
        return catalog.run(BY_NAMES, call, client -> PartitionReads.byNames(client, call, names));
    }

    public GetPartitionsByNamesResult get_partitions_by_names_req(GetPartitionsByNamesRequest request)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.LIST, request.getDb_name(), request.getTbl_name());
        // HMS reads statistics only for a named engine; without one the partitions come without them.
        boolean withStatistics = request.isGet_col_stats() && request.getEngine() != null;
        List<Partition> partitions = catalog.run(BY_NAMES, call, client -> {
            PartitionReads.requireTableForNames(client, call, request.getNames());
            return withStatistics
                    ? StatisticsReads.partitionsByNames(client, call, request.getNames(), request.getEngine())
                    : PartitionReads.byNames(client, call, request.getNames());
        });
        PartitionReads.skipColumns(partitions, request.isSkipColumnSchemaForPartition());
        return new GetPartitionsByNamesResult(partitions);
    }

    // Altering and renaming

    public void alter_partition(String db, String tbl, Partition partition) throws TException {
        alter(db, tbl, null, partition, Map.of());
    }

    public void alter_partition_with_environment_context(
            String db, String tbl, Partition partition, EnvironmentContext context) throws TException {
        alter(db, tbl, null, partition, properties(context));
    }

    public void rename_partition(String db, String tbl, List<String> values, Partition partition) throws TException {
        alter(db, tbl, values, partition, Map.of());
    }

    public RenamePartitionResponse rename_partition_req(RenamePartitionRequest request) throws TException {
        alter(
                CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTableName(),
                request.getPartVals(),
                request.getNewPart(),
                Map.of());
        return new RenamePartitionResponse();
    }

    /** Old values null or empty: the partition of the new one's values is replaced; else it is renamed. */
    private void alter(
            String db, String tbl, List<String> oldValues, Partition partition, Map<String, String> environment)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.ALTER, db, tbl);
        catalog.run(ALTER, call, client -> {
            alterations.alter(client, call, oldValues, partition, environment);
            return null;
        });
    }

    public void alter_partitions(String db, String tbl, List<Partition> partitions) throws TException {
        alterAll(db, tbl, partitions, Map.of());
    }

    public void alter_partitions_with_environment_context(
            String db, String tbl, List<Partition> partitions, EnvironmentContext context) throws TException {
        alterAll(db, tbl, partitions, properties(context));
    }

    public AlterPartitionsResponse alter_partitions_req(AlterPartitionsRequest request) throws TException {
        alterAll(
                CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTableName(),
                request.getPartitions(),
                properties(request.getEnvironmentContext()));
        return new AlterPartitionsResponse();
    }

    private void alterAll(String db, String tbl, List<Partition> partitions, Map<String, String> environment)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.ALTER, db, tbl);
        catalog.run(ALTER, call, client -> {
            alterations.alterAll(client, call, partitions, environment);
            return null;
        });
    }

    private static Map<String, String> properties(EnvironmentContext context) {
        return context == null || context.getProperties() == null ? Map.of() : context.getProperties();
    }

    // Dropping

    public boolean drop_partition(String db, String tbl, List<String> values, boolean deleteData) throws TException {
        return drop(db, tbl, values, null, deleteData);
    }

    public boolean drop_partition_with_environment_context(
            String db, String tbl, List<String> values, boolean deleteData, EnvironmentContext context)
            throws TException {
        return drop(db, tbl, values, null, deleteData);
    }

    public boolean drop_partition_by_name(String db, String tbl, String name, boolean deleteData) throws TException {
        return drop(db, tbl, null, name, deleteData);
    }

    public boolean drop_partition_by_name_with_environment_context(
            String db, String tbl, String name, boolean deleteData, EnvironmentContext context) throws TException {
        return drop(db, tbl, null, name, deleteData);
    }

    public boolean drop_partition_req(DropPartitionRequest request) throws TException {
        return drop(
                CatalogDbName.encode(request.getCatName(), request.getDbName()),
                request.getTblName(),
                request.getPartVals() == null || request.getPartVals().isEmpty() ? null : request.getPartVals(),
                request.getPartName(),
                request.isDeleteData());
    }

    /** By values, or by name where the values are null. */
    private boolean drop(String db, String tbl, List<String> values, String name, boolean deleteData)
            throws TException {
        HmsCall call = HmsCall.onTableOf(Operation.DROP, db, tbl);
        return catalog.run(DROP, call, client -> drops.drop(client, call, values, name, deleteData));
    }

    public DropPartitionsResult drop_partitions_req(DropPartitionsRequest request) throws TException {
        HmsCall call = HmsCall.onTableOf(
                Operation.DROP, CatalogDbName.encode(request.getCatName(), request.getDbName()), request.getTblName());
        return catalog.run(DROP, call, client -> drops.dropAll(client, call, request));
    }

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

    /** No whitelist pattern is configured (metastore.partition.name.whitelist.pattern is empty): all are valid. */
    public boolean partition_name_has_valid_characters(List<String> values, boolean throwException) {
        return true;
    }
}
