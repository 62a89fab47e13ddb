package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.hms.handler.exchange.PartitionExchange;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.thrift.TException;

/**
 * exchange_partition(s): the partitions of a partial specification move from the source table to the
 * destination, their directories with them, in one catalog transaction ({@link PartitionExchange}).
 * On the wire both methods take the source first; HMS answers exchange_partition with an empty
 * partition, not the one moved.
 */
public final class ExchangeCalls {

    private static final DeclaredExceptions ONE = DeclaredExceptions.of("exchange_partition");
    private static final DeclaredExceptions MANY = DeclaredExceptions.of("exchange_partitions");

    private final CatalogCalls catalog;
    private final PartitionExchange exchange;

    public ExchangeCalls(CatalogCalls catalog, Warehouse warehouse) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.exchange = new PartitionExchange(requireNonNull(warehouse, "warehouse is null"));
    }

    public Partition exchange_partition(
            Map<String, String> spec, String sourceDb, String sourceTable, String destDb, String destTable)
            throws TException {
        run(ONE, spec, sourceDb, sourceTable, destDb, destTable);
        return new Partition();
    }

    public List<Partition> exchange_partitions(
            Map<String, String> spec, String sourceDb, String sourceTable, String destDb, String destTable)
            throws TException {
        return run(MANY, spec, sourceDb, sourceTable, destDb, destTable);
    }

    private List<Partition> run(
            DeclaredExceptions declared,
            Map<String, String> spec,
            String sourceDb,
            String sourceTable,
            String destDb,
            String destTable)
            throws TException {
        // The HmsCall only words catalog failures that PartitionExchange leaves unworded (a store outage).
        HmsCall call = HmsCall.table(Operation.ALTER, destDb, destTable);
        return catalog.run(
                declared,
                call,
                client -> exchange.exchange(
                        client,
                        spec,
                        new PartitionExchange.Side(sourceDb, sourceTable),
                        new PartitionExchange.Side(destDb, destTable)));
    }
}
