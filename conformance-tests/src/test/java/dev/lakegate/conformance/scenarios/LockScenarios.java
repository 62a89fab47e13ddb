package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Table locks as Iceberg, Flink and Paimon take them (EXCLUSIVE, no transaction): acquire, wait behind
 * another client, release, heartbeat, expire, and the errors. Lock ids are the target's own, so these
 * run on the target alone ({@link #direct}) and assert facts; their tables are made through {@link #client}.
 * The reference runs with {@code metastore.txn.timeout} = {@value #TIMEOUT_SECONDS} s.
 */
public abstract class LockScenarios extends ScenarioSupport {

    /** The lock timeout the harness gives the reference HMS. */
    public static final int TIMEOUT_SECONDS = 3;

    protected String db;

    @BeforeEach
    void createTable() throws Exception {
        db = newDatabase("lock_db");
        client.createTable(table(db, "t"));
    }

    public static LockRequest exclusive(String db, String table) {
        LockComponent c = new LockComponent(LockType.EXCLUSIVE, LockLevel.TABLE, db);
        c.setTablename(table);
        c.setOperationType(DataOperationType.NO_TXN);
        return new LockRequest(new ArrayList<>(List.of(c)), System.getProperty("user.name"), "conformance-host");
    }

    static LockRequest shared(String db, String table) {
        LockRequest r = exclusive(db, table);
        r.getComponent().get(0).setType(LockType.SHARED_READ);
        return r;
    }

    private List<ShowLocksResponseElement> locksOf(IMetaStoreClient c, String table) throws Exception {
        List<ShowLocksResponseElement> out = new ArrayList<>();
        for (ShowLocksResponseElement e : c.showLocks().getLocks()) {
            if (db.equals(e.getDbname()) && table.equals(e.getTablename())) {
                out.add(e);
            }
        }
        return out;
    }

    @Test
    void anExclusiveLockIsAcquiredAndShown() throws Exception {
        LockResponse r = direct.lock(exclusive(db, "t"));
        assertThat(r.getState().name()).isEqualTo("ACQUIRED");
        assertThat(r.getLockid()).isPositive();
        List<ShowLocksResponseElement> shown = locksOf(direct, "t");
        assertThat(shown).hasSize(1);
        assertThat(shown.get(0).getLockid()).isEqualTo(r.getLockid());
        assertThat(shown.get(0).getState().name()).isEqualTo("ACQUIRED");
        assertThat(shown.get(0).getType().name()).isEqualTo("EXCLUSIVE");
        assertThat(shown.get(0).getUser()).isEqualTo(System.getProperty("user.name"));
        assertThat(shown.get(0).getHostname()).isEqualTo("conformance-host");
        direct.unlock(r.getLockid());
        assertThat(locksOf(direct, "t")).isEmpty();
    }

    @Test
    void aSecondClientWaitsUntilTheFirstUnlocks() throws Exception {
        IMetaStoreClient other = newDirectClient();
        LockResponse first = direct.lock(exclusive(db, "t"));
        LockResponse second = other.lock(exclusive(db, "t"));
        assertThat(first.getState().name()).isEqualTo("ACQUIRED");
        assertThat(second.getState().name()).isEqualTo("WAITING");
        assertThat(second.getLockid()).isNotEqualTo(first.getLockid());
        assertThat(other.checkLock(second.getLockid()).getState().name()).isEqualTo("WAITING");

        direct.unlock(first.getLockid());
        assertThat(other.checkLock(second.getLockid()).getState().name()).isEqualTo("ACQUIRED");
        other.unlock(second.getLockid());
    }

    @Test
    void sharedLocksDoNotWaitForEachOtherButExclusiveWaitsForThem() throws Exception {
        IMetaStoreClient other = newDirectClient();
        LockResponse a = direct.lock(shared(db, "t"));
        LockResponse b = other.lock(shared(db, "t"));
        assertThat(a.getState().name()).isEqualTo("ACQUIRED");
        assertThat(b.getState().name()).isEqualTo("ACQUIRED");
        LockResponse x = newDirectClient().lock(exclusive(db, "t"));
        assertThat(x.getState().name()).isEqualTo("WAITING");
        direct.unlock(a.getLockid());
        other.unlock(b.getLockid());
        assertThat(direct.checkLock(x.getLockid()).getState().name()).isEqualTo("ACQUIRED");
        direct.unlock(x.getLockid());
    }

    @Test
    void locksOnDifferentTablesDoNotWait() throws Exception {
        client.createTable(table(db, "u"));
        LockResponse a = direct.lock(exclusive(db, "t"));
        LockResponse b = newDirectClient().lock(exclusive(db, "u"));
        assertThat(a.getState().name()).isEqualTo("ACQUIRED");
        assertThat(b.getState().name()).isEqualTo("ACQUIRED");
        direct.unlock(a.getLockid());
        direct.unlock(b.getLockid());
    }

    @Test
    void aHeartbeatedLockOutlivesTheTimeout() throws Exception {
        LockResponse r = direct.lock(exclusive(db, "t"));
        for (int i = 0; i < 4; i++) {
            Thread.sleep(TIMEOUT_SECONDS * 1000L / 2);
            direct.heartbeat(0, r.getLockid());
        }
        LockResponse other = newDirectClient().lock(exclusive(db, "t"));
        assertThat(other.getState().name()).isEqualTo("WAITING");
        assertThat(direct.checkLock(r.getLockid()).getState().name()).isEqualTo("ACQUIRED");
        direct.unlock(r.getLockid());
        direct.unlock(other.getLockid());
    }

    @Test
    void aLockThatIsNotHeartbeatedExpires() throws Exception {
        referenceCannot(
                Reference.hive4(),
                "4.0.1 times locks out only in its housekeeping leader, which the harness "
                        + "runs without (it would start compaction and replication tasks too)");
        LockResponse r = direct.lock(exclusive(db, "t"));
        Thread.sleep(TIMEOUT_SECONDS * 2000L + 500);
        LockResponse other = newDirectClient().lock(exclusive(db, "t"));
        assertThat(other.getState().name()).isEqualTo("ACQUIRED");
        Outcome checked = outcome(direct, c -> c.checkLock(r.getLockid()));
        assertThat(checked.exceptionType()).isEqualTo("NoSuchLockException");
        direct.unlock(other.getLockid());
    }

    @Test
    void checkingAMissingLockIsNoSuchLock() {
        Outcome got = outcome(direct, c -> c.checkLock(987_654_321L));
        assertFails(got, "NoSuchLockException", "No such lock lockid:987654321");
    }

    @Test
    void heartbeatingAMissingLockIsNoSuchLock() {
        Outcome got = outcome(direct, c -> {
            c.heartbeat(0, 987_654_321L);
            return null;
        });
        assertFails(got, "NoSuchLockException", "No such lock: lockid:987654321");
    }

    @Test
    void unlockingAMissingLockIsIgnored() {
        Outcome got = outcome(direct, c -> {
            c.unlock(987_654_321L);
            return null;
        });
        assertThat(got.failed()).as(String.valueOf(got)).isFalse();
    }

    @Test
    void aLockOnATableThatDoesNotExistIsAcquired() throws Exception {
        LockResponse r = direct.lock(exclusive(db, "not_yet_created"));
        assertThat(r.getState().name()).isEqualTo("ACQUIRED");
        direct.unlock(r.getLockid());
    }
}
