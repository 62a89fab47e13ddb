package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AcidSnapshot;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.ValidWriteIds;
import dev.lakegate.hms.handler.transactions.OpenTransactions;
import dev.lakegate.hms.handler.transactions.TransactionWords;
import dev.lakegate.hms.handler.transactions.ValidTransactionListText;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.mapping.LockMapper;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.AddDynamicPartitions;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsResponse;
import org.apache.hadoop.hive.metastore.api.GetValidWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.GetValidWriteIdsResponse;
import org.apache.hadoop.hive.metastore.api.MaxAllocatedTableWriteIdRequest;
import org.apache.hadoop.hive.metastore.api.MaxAllocatedTableWriteIdResponse;
import org.apache.hadoop.hive.metastore.api.TableValidWriteIds;
import org.apache.hadoop.hive.metastore.api.TxnToWriteId;
import org.apache.thrift.TException;

/**
 * Hive's write ids as HMS 4.0's transaction handler gives them, kept by the catalog: a table numbers the
 * open transactions that write it, and a reader learns from its valid-transaction list which of those
 * writes it may see. HMS numbers writes to any name a client gives, whether it holds such a table or not,
 * and so does the facade. Write ids of replication (a source's ids) are not served.
 */
public final class WriteIdCalls {

    private static final DeclaredExceptions ALLOCATE = DeclaredExceptions.of("allocate_table_write_ids");
    private static final DeclaredExceptions VALID = DeclaredExceptions.of("get_valid_write_ids");
    private static final DeclaredExceptions MAX = DeclaredExceptions.of("get_max_allocated_table_write_id");
    private static final DeclaredExceptions DYNAMIC_PARTITIONS = DeclaredExceptions.of("add_dynamic_partitions");

    private final CatalogCalls catalog;

    public WriteIdCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
    }

    public AllocateTableWriteIdsResponse allocate_table_write_ids(AllocateTableWriteIdsRequest rqst) throws TException {
        if (rqst.isSetReplPolicy() || rqst.isSetSrcTxnToWriteIdList()) {
            throw TransactionWords.refused("write ids of replication (a source's write ids) are not served");
        }
        TableIdentifier table = table(rqst.getDbName(), rqst.getTableName());
        List<Long> transactions = rqst.isSetTxnIds() ? rqst.getTxnIds() : List.of();
        return catalog.run(ALLOCATE, call(Operation.ALTER, table), client -> {
            List<TxnToWriteId> ids = new ArrayList<>();
            CatalogFailures.asInternalError(
                            () -> client.acidTransactions().allocateWriteIds(table, transactions, rqst.isReallocate()),
                            ErrorReason.INVALID_STATE_CHANGE,
                            ErrorReason.INVALID_ARGUMENT)
                    .forEach(id -> ids.add(new TxnToWriteId(id.getTransactionId(), id.getWriteId())));
            return new AllocateTableWriteIdsResponse(ids);
        });
    }

    /**
     * Table names are looked up as given, not lower-cased (HMS 4 does so: a client lower-cases them itself);
     * the answer names each table as asked.
     */
    public GetValidWriteIdsResponse get_valid_write_ids(GetValidWriteIdsRequest rqst) throws TException {
        if (rqst.isSetWriteId() && !rqst.isSetValidTxnList()) {
            throw TransactionWords.refused("get_valid_write_ids of the snapshot of a write id is not served");
        }
        List<String> names = rqst.isSetFullTableNames() ? rqst.getFullTableNames() : List.of();
        List<TableIdentifier> tables = new ArrayList<>(names.size());
        for (String name : names) {
            int dot = name == null ? -1 : name.indexOf('.');
            if (dot < 0) {
                throw TransactionWords.refused("a table name is <database>.<table>, not " + name);
            }
            tables.add(TableIdentifier.newBuilder()
                    .setNamespace(name.substring(0, dot))
                    .setName(name.substring(dot + 1))
                    .build());
        }
        AcidSnapshot given = rqst.isSetValidTxnList()
                ? ValidTransactionListText.read(rqst.getValidTxnList())
                        .orElseThrow(
                                () -> TransactionWords.refused("the valid transaction list '" + rqst.getValidTxnList()
                                        + "' is not Hive's <high water mark>:<min open>:<open>:<aborted>"))
                : null;
        return catalog.run(VALID, call(Operation.READ, null), client -> {
            AcidSnapshot snapshot = given != null
                    ? given
                    : OpenTransactions.of(client.acidTransactions().list()).snapshot();
            List<ValidWriteIds> valid =
                    tables.isEmpty() ? List.of() : client.acidTransactions().validWriteIds(tables, snapshot);
            List<TableValidWriteIds> answers = new ArrayList<>(valid.size());
            for (int i = 0; i < valid.size(); i++) {
                answers.add(toThrift(names.get(i), valid.get(i)));
            }
            return new GetValidWriteIdsResponse(answers);
        });
    }

    public MaxAllocatedTableWriteIdResponse get_max_allocated_table_write_id(MaxAllocatedTableWriteIdRequest rqst)
            throws TException {
        if (rqst.getDbName() == null || rqst.getTableName() == null) {
            throw TransactionWords.refused("a write id names its database and table");
        }
        // Looked up as given, as HMS 4 does (it lower-cases the names it allocates for, not these).
        TableIdentifier table = TableIdentifier.newBuilder()
                .setNamespace(rqst.getDbName())
                .setName(rqst.getTableName())
                .build();
        return catalog.run(
                MAX,
                call(Operation.READ, table),
                client -> new MaxAllocatedTableWriteIdResponse(
                        client.acidTransactions().lastWriteId(table)));
    }

    /**
     * The partitions a transaction wrote once its statement knew them (Hive's dynamic partitions), for the
     * conflict check at its commit; they replace the whole-table write its lock announced. The transaction
     * must be open (NoSuchTxnException, TxnAbortedException in HMS's words otherwise).
     */
    public void add_dynamic_partitions(AddDynamicPartitions rqst) throws TException {
        TableIdentifier table = table(rqst.getDbname(), rqst.getTablename());
        long transaction = rqst.getTxnid();
        List<String> partitions = new ArrayList<>();
        for (String name : rqst.isSetPartitionnames() ? rqst.getPartitionnames() : List.<String>of()) {
            partitions.add(name == null ? "" : name);
        }
        catalog.run(DYNAMIC_PARTITIONS, call(Operation.ALTER, table), client -> {
            CatalogFailures.rewording(
                    () -> {
                        client.acidTransactions()
                                .recordWrites(
                                        transaction,
                                        rqst.getWriteid(),
                                        table,
                                        partitions,
                                        LockMapper.operation(rqst.getOperationType()));
                        return null;
                    },
                    failure -> TransactionWords.cannotUse(
                            transaction, failure.metadata().get("state")),
                    ErrorReason.INVALID_STATE_CHANGE);
            return null;
        });
    }

    /**
     * Hive 4's reader reports the lowest write id of each table it reads, for a cleaner that keeps the files
     * such readers need. HMS 4.0.1 keeps them only with {@code metastore.txn.use.minhistorywriteid} on (off by
     * default: its cleaner keeps what the lowest open transaction may read instead), and answers alike for any
     * transaction; Lakegate answers as HMS's default and keeps nothing, so its cleaner (not yet built) must
     * keep what the lowest open transaction may read.
     */
    public void add_write_ids_to_min_history(long txnId, Map<String, Long> writeIds) throws TException {
        for (Map.Entry<String, Long> table :
                writeIds == null ? Map.<String, Long>of().entrySet() : writeIds.entrySet()) {
            if (table.getKey() == null || table.getKey().indexOf('.') < 0 || table.getValue() == null) {
                throw TransactionWords.refused(
                        "a lowest write id names its table as <database>.<table>, not " + table.getKey());
            }
        }
    }

    private static TableValidWriteIds toThrift(String name, ValidWriteIds valid) {
        Set<Long> aborted = new HashSet<>(valid.getAbortedWriteIdsList());
        BitSet bits = new BitSet();
        List<Long> invalid = valid.getInvalidWriteIdsList();
        for (int i = 0; i < invalid.size(); i++) {
            if (aborted.contains(invalid.get(i))) {
                bits.set(i);
            }
        }
        TableValidWriteIds answer = new TableValidWriteIds(
                name, valid.getHighWaterMark(), new ArrayList<>(invalid), ByteBuffer.wrap(bits.toByteArray()));
        if (valid.getMinOpenWriteId() > 0) {
            answer.setMinOpenWriteId(valid.getMinOpenWriteId());
        }
        return answer;
    }

    /** HMS lower-cases the names a writer gives (and nothing more). */
    private static TableIdentifier table(String database, String table) throws TException {
        if (database == null || table == null) {
            throw TransactionWords.refused("a write id names its database and table");
        }
        return TableIdentifier.newBuilder()
                .setNamespace(database.toLowerCase(Locale.ROOT))
                .setName(table.toLowerCase(Locale.ROOT))
                .build();
    }

    private static HmsCall call(Operation operation, TableIdentifier table) {
        return table == null
                ? HmsCall.database(operation, null)
                : HmsCall.table(operation, table.getNamespace(), table.getName());
    }
}
