package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.tables.CreateDryRun;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import org.apache.hadoop.hive.metastore.api.CreateTableRequest;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * HMS 4's metadata translation asked without a change: {@code translate_table_dryrun}, which Hive 4's
 * engine calls before a CREATE TABLE AS SELECT to learn where and as what the table will be created
 * (the work is {@link CreateDryRun}'s).
 */
public final class TranslationCalls {

    private static final DeclaredExceptions DRY_RUN = DeclaredExceptions.of("translate_table_dryrun");

    private final CatalogCalls catalog;
    private final CreateDryRun dryRun;

    public TranslationCalls(CatalogCalls catalog, Warehouse warehouse) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.dryRun = new CreateDryRun(warehouse);
    }

    public Table translate_table_dryrun(CreateTableRequest request) throws TException {
        Table table = request.getTable();
        if (table == null) {
            throw HmsFailure.meta("Table cannot be null.");
        }
        HmsCall call = HmsCall.onTableIn(Operation.READ, table.getCatName(), table.getDbName(), table.getTableName());
        return catalog.run(
                DRY_RUN, call, client -> dryRun.translate(client, table, request.getProcessorCapabilities()));
    }
}
