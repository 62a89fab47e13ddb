package dev.lakegate.hms.handler;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.v1.ErrorReason;
import dev.lakegate.catalog.v1.Lease;
import dev.lakegate.catalog.v1.ListLeasesRequest;
import dev.lakegate.hms.handler.misc.HmsTimes;
import dev.lakegate.hms.handler.transactions.TransactionWords;
import dev.lakegate.translator.error.DeclaredExceptions;
import dev.lakegate.translator.error.HmsCall;
import dev.lakegate.translator.error.HmsCall.Operation;
import dev.lakegate.translator.error.HmsFailure;
import dev.lakegate.translator.mapping.LockMapper;
import dev.lakegate.translator.names.HiveNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.metastore.api.CheckLockRequest;
import org.apache.hadoop.hive.metastore.api.HeartbeatRequest;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.ShowLocksRequest;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponse;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.hadoop.hive.metastore.api.TxnOpenException;
import org.apache.hadoop.hive.metastore.api.UnlockRequest;
import org.apache.thrift.TException;

/**
 * HMS's DbLockManager API without transactions, as Iceberg's, Flink's and Paimon's HiveCatalog use
 * it: each lock is a lease in the catalog's database, so it holds across every gateway on that
 * catalog, and it lapses unless heartbeated within the ttl ({@code hive.txn.timeout}, 300 s by
 * default). As in Hive 4.0's TxnHandler: {@code check_lock} heartbeats the lock before it looks
 * (a client polling a waiting lock keeps it alive); {@code unlock} of an unknown lock succeeds;
 * {@code heartbeat} with lock id 0 does nothing; with a transaction id it heartbeats that transaction
 * ({@link TransactionCalls}). A lock in a transaction lives as long as the transaction: its commit or
 * abort releases it, its heartbeats keep it.
 */
public final class LockCalls {

    /** HMS's {@code metastore.txn.timeout} default. */
    public static final Duration DEFAULT_TTL = Duration.ofSeconds(300);

    private static final DeclaredExceptions LOCK = DeclaredExceptions.of("lock");
    private static final DeclaredExceptions CHECK_LOCK = DeclaredExceptions.of("check_lock");
    private static final DeclaredExceptions UNLOCK = DeclaredExceptions.of("unlock");
    private static final DeclaredExceptions HEARTBEAT = DeclaredExceptions.of("heartbeat");
    private static final DeclaredExceptions SHOW_LOCKS = DeclaredExceptions.of("show_locks");

    /** TxnHandler's show_locks order: acquired first, then less restrictive types first, then by id. */
    private static final List<LockType> RESTRICTIVENESS =
            List.of(LockType.SHARED_READ, LockType.SHARED_WRITE, LockType.EXCL_WRITE, LockType.EXCLUSIVE);

    private static final Comparator<ShowLocksResponseElement> SHOW_ORDER = Comparator.comparing(
                    (ShowLocksResponseElement e) -> e.getState() == LockState.ACQUIRED ? 0 : 1)
            .thenComparing(e -> RESTRICTIVENESS.indexOf(e.getType()))
            .thenComparing(ShowLocksResponseElement::getLockid);

    private final CatalogCalls catalog;
    private final Duration ttl;
    private final TransactionCalls transactions;

    /**
     * The ttl from the settings' {@code metastore.txn.timeout} or {@code hive.txn.timeout} (seconds unless a unit is
     * given).
     */
    public LockCalls(CatalogCalls catalog, FacadeSettings settings, TransactionCalls transactions) {
        this(catalog, ttl(settings), transactions);
    }

    public LockCalls(CatalogCalls catalog, Duration ttl, TransactionCalls transactions) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.ttl = requireNonNull(ttl, "ttl is null");
        this.transactions = requireNonNull(transactions, "transactions is null");
        if (ttl.toMillis() < 1_000) {
            throw new IllegalArgumentException("lock timeout must be at least 1 s, not " + ttl);
        }
    }

    public static Duration ttl(FacadeSettings settings) {
        Optional<String> value =
                settings.configValue("metastore.txn.timeout").or(() -> settings.configValue("hive.txn.timeout"));
        return value.map(text -> HmsTimes.parse(text, TimeUnit.SECONDS)).orElse(DEFAULT_TTL);
    }

    /** A lock in a transaction ({@code txnid}) needs it open, and ends with it. */
    public LockResponse lock(LockRequest rqst) throws TException {
        long transaction = rqst.getTxnid();
        return catalog.run(
                LOCK,
                HmsCall.lock(Operation.LOCK, 0),
                client -> LockMapper.toLockResponse(CatalogFailures.rewording(
                        () -> client.acquireLease(LockMapper.toNative(rqst).toBuilder()
                                .setTtlMs(ttl.toMillis())
                                .build()),
                        failure -> TransactionWords.cannotUse(
                                transaction, failure.metadata().get("state")),
                        ErrorReason.INVALID_STATE_CHANGE)));
    }

    public LockResponse check_lock(CheckLockRequest rqst) throws TException {
        long id = rqst.getLockid();
        return catalog.run(CHECK_LOCK, HmsCall.lock(Operation.CHECK_LOCK, id), client -> {
            client.heartbeatLease(id);
            return LockMapper.toLockResponse(client.getLease(id));
        });
    }

    /**
     * A lock acquired in a transaction is released by the transaction's end only (HMS refuses with
     * TxnOpenException); one still waiting may be given up.
     */
    public void unlock(UnlockRequest rqst) throws TException {
        long id = rqst.getLockid();
        catalog.run(UNLOCK, HmsCall.lock(Operation.UNLOCK, id), client -> {
            // Hive 4.0 makes unlock idempotent: a lock that is gone (released, expired) is fine.
            CatalogFailures.tolerating(
                    () -> CatalogFailures.rewording(
                            () -> {
                                client.releaseLease(id);
                                return null;
                            },
                            failure -> HmsFailure.of(
                                    "Unlocking locks associated with transaction not permitted.  lockid:" + id
                                            + " txnid:" + failure.metadata().get("transaction"),
                                    TxnOpenException.class),
                            ErrorReason.INVALID_STATE_CHANGE),
                    ErrorReason.LEASE_NOT_FOUND);
            return null;
        });
    }

    /** The lock first, then the transaction, as HMS's transaction handler does. */
    public void heartbeat(HeartbeatRequest ids) throws TException {
        long id = ids.getLockid();
        if (id != 0) {
            catalog.run(HEARTBEAT, HmsCall.lock(Operation.HEARTBEAT, id), client -> client.heartbeatLease(id));
        }
        if (ids.getTxnid() != 0) {
            transactions.heartbeat(ids.getTxnid());
        }
    }

    /**
     * The locks on a database or table, one element per locked object, filtered as TxnHandler
     * filters: a table filter leaves out database locks. A partition filter shows the locks of
     * the partition's table, since a partition lock is held on its table.
     */
    public ShowLocksResponse show_locks(ShowLocksRequest rqst) throws TException {
        String database = HiveNames.normalize(rqst.getDbname());
        String table = HiveNames.normalize(rqst.getTablename());
        long transaction = rqst.isSetTxnid() ? rqst.getTxnid() : 0;
        return catalog.run(SHOW_LOCKS, HmsCall.lock(Operation.READ, 0), client -> {
            // A name the catalog cannot hold has no locks.
            List<Lease> leases = CatalogFailures.find(
                            () -> client.listLeases(ListLeasesRequest.newBuilder()
                                            .setNamespace(database == null ? "" : database)
                                            .setTable(table == null ? "" : table)
                                            .build())
                                    .getLeasesList(),
                            ErrorReason.INVALID_ARGUMENT)
                    .orElse(List.of());
            List<ShowLocksResponseElement> elements = new ArrayList<>();
            for (ShowLocksResponseElement element :
                    LockMapper.toShowLocksResponse(leases).getLocks()) {
                if ((database == null || database.equals(element.getDbname()))
                        && (table == null || table.equals(element.getTablename()))
                        && (transaction == 0 || transaction == element.getTxnid())) {
                    elements.add(element);
                }
            }
            elements.sort(SHOW_ORDER);
            return new ShowLocksResponse(elements);
        });
    }
}
