package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.TableConstraint;
import dev.lakegate.hms.handler.constraints.ConstraintReads;
import dev.lakegate.hms.handler.constraints.ConstraintWrites;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.mapping.constraints.ConstraintsFromHms;
import dev.lakegate.translator.mapping.constraints.ConstraintsToHms;
import dev.lakegate.translator.mapping.constraints.DeclaredConstraint;
import dev.lakegate.translator.names.HiveNames;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.AddCheckConstraintRequest;
import org.apache.hadoop.hive.metastore.api.AddDefaultConstraintRequest;
import org.apache.hadoop.hive.metastore.api.AddForeignKeyRequest;
import org.apache.hadoop.hive.metastore.api.AddNotNullConstraintRequest;
import org.apache.hadoop.hive.metastore.api.AddPrimaryKeyRequest;
import org.apache.hadoop.hive.metastore.api.AddUniqueConstraintRequest;
import org.apache.hadoop.hive.metastore.api.AllTableConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.AllTableConstraintsResponse;
import org.apache.hadoop.hive.metastore.api.CheckConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.CheckConstraintsResponse;
import org.apache.hadoop.hive.metastore.api.DefaultConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.DefaultConstraintsResponse;
import org.apache.hadoop.hive.metastore.api.DropConstraintRequest;
import org.apache.hadoop.hive.metastore.api.ForeignKeysRequest;
import org.apache.hadoop.hive.metastore.api.ForeignKeysResponse;
import org.apache.hadoop.hive.metastore.api.NotNullConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.NotNullConstraintsResponse;
import org.apache.hadoop.hive.metastore.api.PrimaryKeysRequest;
import org.apache.hadoop.hive.metastore.api.PrimaryKeysResponse;
import org.apache.hadoop.hive.metastore.api.UniqueConstraintsRequest;
import org.apache.hadoop.hive.metastore.api.UniqueConstraintsResponse;
import org.apache.thrift.TException;

/**
 * The table constraints area: primary, foreign and unique keys, not-null, default and check
 * constraints, kept by the catalog. Reads answer HMS's one-row-per-column structs and an empty list
 * for a table (or database) that does not exist, as HMS does; an Iceberg table's identifier fields
 * read as its primary key. Writes are checked with HMS's words ({@code constraints} package) and
 * then added to the catalog in one call per table. create_table_with_constraints is the tables area's.
 */
public final class ConstraintCalls {

    private static final DeclaredExceptions READ = DeclaredExceptions.of("get_primary_keys");
    private static final DeclaredExceptions ADD = DeclaredExceptions.of("add_primary_key");
    private static final DeclaredExceptions DROP = DeclaredExceptions.of("drop_constraint");

    private final CatalogCalls catalog;

    public ConstraintCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    // ---------------------------------------------------------------------------------------------
    // Reads

    public PrimaryKeysResponse get_primary_keys(PrimaryKeysRequest request) throws TException {
        return new PrimaryKeysResponse(
                ConstraintsToHms.primaryKeys(read(request.getCatName(), request.getDb_name(), request.getTbl_name())));
    }

    public UniqueConstraintsResponse get_unique_constraints(UniqueConstraintsRequest request) throws TException {
        return new UniqueConstraintsResponse(
                ConstraintsToHms.uniqueKeys(read(request.getCatName(), request.getDb_name(), request.getTbl_name())));
    }

    public NotNullConstraintsResponse get_not_null_constraints(NotNullConstraintsRequest request) throws TException {
        return new NotNullConstraintsResponse(
                ConstraintsToHms.notNull(read(request.getCatName(), request.getDb_name(), request.getTbl_name())));
    }

    public DefaultConstraintsResponse get_default_constraints(DefaultConstraintsRequest request) throws TException {
        return new DefaultConstraintsResponse(
                ConstraintsToHms.defaults(read(request.getCatName(), request.getDb_name(), request.getTbl_name())));
    }

    public CheckConstraintsResponse get_check_constraints(CheckConstraintsRequest request) throws TException {
        return new CheckConstraintsResponse(
                ConstraintsToHms.checks(read(request.getCatName(), request.getDb_name(), request.getTbl_name())));
    }

    /**
     * The foreign keys of the foreign (child) table, those referencing the parent table among them
     * when it is named too; with only the parent named, the foreign keys of any table that reference it.
     */
    public ForeignKeysResponse get_foreign_keys(ForeignKeysRequest request) throws TException {
        String parentDb = HiveNames.normalize(request.getParent_db_name());
        String parentTable = HiveNames.normalize(request.getParent_tbl_name());
        boolean byChild = request.getForeign_tbl_name() != null;
        String db = byChild ? request.getForeign_db_name() : request.getParent_db_name();
        String table = byChild ? request.getForeign_tbl_name() : request.getParent_tbl_name();
        HmsCall call = HmsCall.onTableIn(Operation.READ, request.getCatName(), db, table);
        return catalog.run(READ, call, client -> {
            List<TableConstraint> keys =
                    ConstraintReads.of(client, catalogOf(request.getCatName()), db, table, !byChild).stream()
                            .filter(key -> key.getKind() == dev.lakegate.catalog.v1.ConstraintKind.FOREIGN_KEY)
                            .filter(key -> !byChild
                                    || parentTable == null
                                    || (key.getReferences().getTable().getName().equals(parentTable)
                                            && (parentDb == null
                                                    || key.getReferences()
                                                            .getTable()
                                                            .getNamespace()
                                                            .equals(parentDb))))
                            .toList();
            return new ForeignKeysResponse(ConstraintsToHms.foreignKeys(keys, ConstraintReads.parentKeyNames(client)));
        });
    }

    public AllTableConstraintsResponse get_all_table_constraints(AllTableConstraintsRequest request) throws TException {
        HmsCall call =
                HmsCall.onTableIn(Operation.READ, request.getCatName(), request.getDbName(), request.getTblName());
        return catalog.run(
                READ,
                call,
                client -> new AllTableConstraintsResponse(ConstraintsToHms.all(
                        ConstraintReads.of(
                                client,
                                catalogOf(request.getCatName()),
                                request.getDbName(),
                                request.getTblName(),
                                false),
                        ConstraintReads.parentKeyNames(client))));
    }

    private List<TableConstraint> read(String catalogName, String db, String table) throws TException {
        HmsCall call = HmsCall.onTableIn(Operation.READ, catalogName, db, table);
        return catalog.run(READ, call, client -> ConstraintReads.of(client, catalogOf(catalogName), db, table, false));
    }

    private static String catalogOf(String catalogName) {
        return catalogName == null ? HiveNames.DEFAULT_CATALOG : catalogName;
    }

    // ---------------------------------------------------------------------------------------------
    // Writes

    public void add_primary_key(AddPrimaryKeyRequest request) throws TException {
        add(ConstraintsFromHms.primaryKeys(list(request.getPrimaryKeyCols())));
    }

    public void add_foreign_key(AddForeignKeyRequest request) throws TException {
        add(ConstraintsFromHms.foreignKeys(list(request.getForeignKeyCols())));
    }

    public void add_unique_constraint(AddUniqueConstraintRequest request) throws TException {
        add(ConstraintsFromHms.uniqueKeys(list(request.getUniqueConstraintCols())));
    }

    public void add_not_null_constraint(AddNotNullConstraintRequest request) throws TException {
        add(ConstraintsFromHms.notNull(list(request.getNotNullConstraintCols())));
    }

    public void add_default_constraint(AddDefaultConstraintRequest request) throws TException {
        add(ConstraintsFromHms.defaults(list(request.getDefaultConstraintCols())));
    }

    public void add_check_constraint(AddCheckConstraintRequest request) throws TException {
        add(ConstraintsFromHms.checks(list(request.getCheckConstraintCols())));
    }

    public void drop_constraint(DropConstraintRequest request) throws TException {
        HmsCall call =
                HmsCall.onTableIn(Operation.DROP, request.getCatName(), request.getDbname(), request.getTablename());
        catalog.run(DROP, call, client -> {
            ConstraintWrites.drop(
                    client,
                    catalogOf(request.getCatName()),
                    request.getDbname(),
                    request.getTablename(),
                    request.getConstraintname());
            return null;
        });
    }

    private void add(List<DeclaredConstraint> declared) throws TException {
        if (declared.isEmpty()) {
            return;
        }
        DeclaredConstraint first = declared.get(0);
        HmsCall call = HmsCall.onTableIn(Operation.ALTER, first.catalog(), first.database(), first.table());
        catalog.run(ADD, call, client -> {
            ConstraintWrites.add(client, declared);
            return null;
        });
    }

    private static <T> List<T> list(List<T> rows) {
        return rows == null ? List.of() : rows;
    }
}
