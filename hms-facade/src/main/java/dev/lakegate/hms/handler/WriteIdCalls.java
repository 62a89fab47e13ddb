package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.AcidSnapshot;
import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.ReplicateWriteIdStateResponse;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.catalog.v1.ValidWriteIds;
import dev.lakegate.hms.handler.compactions.CompactionWords;
import dev.lakegate.hms.handler.transactions.OpenTransactions;
import dev.lakegate.hms.handler.transactions.TransactionWords;
import dev.lakegate.hms.handler.transactions.ValidTransactionListText;
import dev.lakegate.hms.handler.transactions.ValidWriteIdListText;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
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
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.GetValidWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.GetValidWriteIdsResponse;
import org.apache.hadoop.hive.metastore.api.MaxAllocatedTableWriteIdRequest;
import org.apache.hadoop.hive.metastore.api.MaxAllocatedTableWriteIdResponse;
import org.apache.hadoop.hive.metastore.api.ReplTblWriteIdStateRequest;
import org.apache.hadoop.hive.metastore.api.SeedTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.TableValidWriteIds;
import org.apache.hadoop.hive.metastore.api.TxnToWriteId;
import org.apache.thrift.TException;

/**
 * Hive's write ids as HMS 4.0's transaction handler gives them, kept by the catalog: a table numbers the
 * open transactions that write it, and a reader learns from its valid-transaction list which of those
 * writes it may see. HMS numbers writes to any name a client gives, whether it holds such a table or not,
 * and so does the facade. Replication seeds a table's write ids and sets its state from a source's list here.
 */
public final class WriteIdCalls {

    private static final DeclaredExceptions ALLOCATE = DeclaredExceptions.of("allocate_table_write_ids");
    private static final DeclaredExceptions VALID = DeclaredExceptions.of("get_valid_write_ids");
    private static final DeclaredExceptions MAX = DeclaredExceptions.of("get_max_allocated_table_write_id");
    private static final DeclaredExceptions DYNAMIC_PARTITIONS = DeclaredExceptions.of("add_dynamic_partitions");
    private static final DeclaredExceptions SEED = DeclaredExceptions.of("seed_write_id");
    private static final DeclaredExceptions REPL_STATE = DeclaredExceptions.of("repl_tbl_writeid_state");

    private final CatalogCalls catalog;

    private final ReplicatedTransactionCalls replication;

    public WriteIdCalls(CatalogCalls catalog) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        // a replayed allocation opens nothing: the ttl is not used
        this.replication = new ReplicatedTransactionCalls(catalog, java.time.Duration.ZERO);
    }

    public AllocateTableWriteIdsResponse allocate_table_write_ids(AllocateTableWriteIdsRequest rqst) throws TException {
        TableIdentifier table = table(rqst.getDbName(), rqst.getTableName());
        if (rqst.isSetReplPolicy()) {
            return replication.allocate(rqst, table);
        }
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
            List<ValidWriteIds> valid;
            if (tables.isEmpty()) {
                valid = List.of();
            } else if (given == null && rqst.isSetWriteId()) {
                // HMS 4.0.1 (GetValidWriteIdsFunction): the snapshot of the transaction that was given the first
                // table's write id; a list given wins over the write id. No such write id: its MetaException.
                valid = CatalogFailures.rewording(
                        () -> client.acidTransactions().validWriteIdsAsOf(tables, snapshot, rqst.getWriteId()),
                        failure ->
                                HmsFailure.meta("invalid write id " + rqst.getWriteId() + " for table " + names.get(0)),
                        ErrorReason.INVALID_ARGUMENT);
            } else {
                valid = client.acidTransactions().validWriteIds(tables, snapshot);
            }
            List<TableValidWriteIds> answers = new ArrayList<>(valid.size());
            for (int i = 0; i < valid.size(); i++) {
                answers.add(toThrift(names.get(i), valid.get(i)));
            }
            return new GetValidWriteIdsResponse(answers);
        });
    }

    public MaxAllocatedTableWriteIdResponse get_max_allocated_table_write_id(MaxAllocatedTableWriteIdRequest rqst)
            throws TException {
        // Looked up as given, as HMS 4 does (it lower-cases the names it allocates for, not these).
        TableIdentifier table = asGiven(rqst.getDbName(), rqst.getTableName());
        return catalog.run(
                MAX,
                call(Operation.READ, table),
                client -> new MaxAllocatedTableWriteIdResponse(
                        client.acidTransactions().lastWriteId(table)));
    }

    /**
     * Replication's seed of a table's write ids (HMS 4): its next write id becomes the seed + 1. HMS inserts the
     * table's counter with the names as given (not lower-cased), so a table that numbers its writes already
     * fails on the counter's unique key: a MetaException "Failed to execute function: seedWriteId(request),
     * details:" and the database's words; Lakegate's details say why (deviation SEED_STORE_WORDING).
     */
    public void seed_write_id(SeedTableWriteIdsRequest rqst) throws TException {
        TableIdentifier table = asGiven(rqst.getDbName(), rqst.getTableName());
        catalog.run(SEED, call(Operation.ALTER, table), client -> {
            CatalogFailures.rewording(
                    () -> {
                        client.acidTransactions().seedWriteIds(table, rqst.getSeedWriteId());
                        return null;
                    },
                    failure -> HmsFailure.meta(
                            "Failed to execute function: seedWriteId(" + rqst + "), details:" + failure.message()),
                    ErrorReason.INVALID_STATE_CHANGE);
            return null;
        });
    }

    /**
     * Replication's write-id state of a table (HMS 3.1 and 4): applied once, to a table that numbers no writes
     * yet (names lower-cased, as HMS does; otherwise nothing changes, HMS's idempotent flow). Each aborted
     * write id of the source's list is given to a new transaction of the request's user, aborted at once; the
     * table's last write id becomes the list's high-water mark; and, when some were aborted, a major
     * compaction is asked of the table, or of each partition the request names, to clean their data, as HMS
     * asks it (after its store transaction, as 3.1.3 does). A list HMS cannot read is an internal error there;
     * Lakegate says why.
     */
    public void repl_tbl_writeid_state(ReplTblWriteIdStateRequest rqst) throws TException {
        TableIdentifier table = table(rqst.getDbName(), rqst.getTableName());
        ValidWriteIdListText.State state = ValidWriteIdListText.read(rqst.getValidWriteIdlist())
                .orElseThrow(() -> TransactionWords.refused("the valid write id list '" + rqst.getValidWriteIdlist()
                        + "' is not Hive's <table>:<high water mark>:<min open>:<open>:<aborted>"));
        List<String> partitions = rqst.isSetPartNames() ? rqst.getPartNames() : List.of();
        catalog.run(REPL_STATE, call(Operation.ALTER, table), client -> {
            ReplicateWriteIdStateResponse applied = CatalogFailures.asInternalError(
                    () -> client.acidTransactions()
                            .replicateWriteIdState(
                                    table,
                                    state.highWaterMark(),
                                    state.aborted(),
                                    rqst.getUser() == null ? "" : rqst.getUser(),
                                    rqst.getHostName() == null ? "" : rqst.getHostName()),
                    ErrorReason.INVALID_ARGUMENT);
            if (applied.getApplied() && applied.getAbortedCount() > 0) {
                for (String partition :
                        partitions.isEmpty() ? java.util.Collections.<String>singletonList(null) : partitions) {
                    CompactionRequest compaction =
                            new CompactionRequest(rqst.getDbName(), rqst.getTableName(), CompactionType.MAJOR);
                    if (partition != null) {
                        compaction.setPartitionname(partition);
                    }
                    client.acidTransactions().enqueueCompaction(CompactionWords.request(compaction));
                }
            }
            return null;
        });
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

    /** The table named as the caller spells it. */
    private static TableIdentifier asGiven(String database, String table) throws TException {
        if (database == null || table == null) {
            throw TransactionWords.refused("a write id names its database and table");
        }
        return TableIdentifier.newBuilder()
                .setNamespace(database)
                .setName(table)
                .build();
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
