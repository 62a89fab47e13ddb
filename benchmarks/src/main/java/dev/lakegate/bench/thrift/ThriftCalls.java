package dev.lakegate.bench.thrift;

import dev.lakegate.bench.Harness;
import dev.lakegate.bench.thrift.Server.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.api.AllocateTableWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.CheckLockRequest;
import org.apache.hadoop.hive.metastore.api.ClientCapabilities;
import org.apache.hadoop.hive.metastore.api.ClientCapability;
import org.apache.hadoop.hive.metastore.api.CommitTxnRequest;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.GetTablesRequest;
import org.apache.hadoop.hive.metastore.api.GetValidWriteIdsRequest;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.OpenTxnRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.TableValidWriteIds;
import org.apache.hadoop.hive.metastore.api.UnlockRequest;

/**
 * The calls the Thrift benchmark times, each as one client thread makes it over its connection: the
 * reads engines make while planning a query, and the writes of DDL. Every call checks the size of
 * what it got, so that a server answering less (or nothing) cannot look fast.
 */
public final class ThriftCalls {

    public static final String GET_TABLE = "get_table_req";
    public static final String GET_TABLES = "get_tables";
    public static final String TABLE_OBJECTS = "get_table_objects_by_name_req";
    public static final String PARTITION_NAMES = "get_partition_names";
    public static final String BY_NAMES = "get_partitions_by_names";
    public static final String BY_FILTER = "get_partitions_by_filter";
    public static final String ALTER_TABLE = "alter_table";
    public static final String CREATE_DROP = "create_table+drop_table";
    public static final String ADD_PARTITIONS = "add_partitions";
    public static final String TXN_WRITE = "open_txns+allocate_table_write_ids+commit_txn";
    public static final String VALID_WRITE_IDS = "get_valid_write_ids";
    public static final String LOCK = "lock+check_lock+unlock";

    /** In the order the report lists them. */
    public static final List<String> ALL = List.of(
            GET_TABLE,
            GET_TABLES,
            TABLE_OBJECTS,
            PARTITION_NAMES,
            BY_NAMES,
            BY_FILTER,
            ALTER_TABLE,
            CREATE_DROP,
            ADD_PARTITIONS,
            TXN_WRITE,
            VALID_WRITE_IDS,
            LOCK);

    /** Hive's transaction calls: HMS's transaction handler needs a real database, so these run with --postgres only. */
    public static final List<String> TRANSACTIONS = List.of(TXN_WRITE, VALID_WRITE_IDS, LOCK);

    /** Write ids each thread's reads of get_valid_write_ids see, allocated (and committed) before it reads. */
    static final int WRITES_SEEN = 100;

    /** Partitions per timed add_partitions call. */
    public static final int ADDED = 100;

    /** Tables the get_valid_write_ids case wrote so far, so that each phase reads one of its own. */
    private static final AtomicInteger VALID_TABLES = new AtomicInteger();

    /** Tables the add_partitions case made so far, so that each phase adds to a table of its own. */
    private static final AtomicInteger ADD_TABLES = new AtomicInteger();

    /** Tables per get_table_objects_by_name_req. */
    public static final int OBJECTS = 100;

    /** What the calls are made over: the tables and partitions the load made. */
    public record Data(int tables, int days, int hours, List<List<String>> nameRequests) {}

    private ThriftCalls() {}

    /** What one call does, for the report. */
    public static String describe(String call, Data data) {
        return switch (call) {
            case GET_TABLE ->
                "one of the " + data.tables() + " tables, round-robin, as Hive 4's client sends it "
                        + "(catalog `hive`, capabilities)";
            case GET_TABLES -> "a name pattern matching 10 of the tables (`t00*`, `t01*`, …)";
            case TABLE_OBJECTS -> OBJECTS + " tables by name in one request";
            case PARTITION_NAMES ->
                String.format(
                        Locale.ROOT,
                        "all %,d partition names of `%s`",
                        data.days() * data.hours(),
                        HiveShapes.PARTITIONED);
            case BY_NAMES -> data.nameRequests().get(0).size() + " partitions by name, drawn at random (fixed seed)";
            case BY_FILTER ->
                String.format(
                        Locale.ROOT,
                        "`hr = …`: one hour of every day, %,d of the %,d partitions " + "(%.0f%%)",
                        data.days(),
                        data.days() * data.hours(),
                        100.0 / data.hours());
            case ALTER_TABLE -> "a parameter of one of the tables changed (each thread its own tables)";
            case CREATE_DROP -> "a 10-column table created, then dropped";
            case ADD_PARTITIONS ->
                ADDED + " new partitions (one day's hours, no location given) added to a table "
                        + "of the thread's own, which grows by a day per call";
            case TXN_WRITE ->
                "a transaction opened, given a write id of one of the tables (each thread its own), committed:"
                        + " three calls, as Hive's DbTxnManager makes them for an insert";
            case VALID_WRITE_IDS ->
                "the valid write ids of one table (each thread its own; " + WRITES_SEEN
                        + " committed writes, one open) for the open transactions as they are";
            case LOCK ->
                "an exclusive lock of one of the tables outside a transaction (each thread its own), checked, "
                        + "released: the lock traffic of an Iceberg HiveCatalog commit in lock mode";
            default -> throw new IllegalArgumentException(call);
        };
    }

    /** Whether the call changes what the servers hold (and so is not run against the floor). */
    public static boolean writes(String call) {
        return call.equals(ALTER_TABLE)
                || call.equals(CREATE_DROP)
                || call.equals(ADD_PARTITIONS)
                || TRANSACTIONS.contains(call);
    }

    /** A table lock as Iceberg's HiveCatalog asks for it before it swaps a table's metadata pointer. */
    static LockRequest tableLock(String table) {
        LockComponent component = new LockComponent(LockType.EXCLUSIVE, LockLevel.TABLE, HiveShapes.DATABASE);
        component.setTablename(table);
        component.setOperationType(DataOperationType.NO_TXN);
        return new LockRequest(List.of(component), "bench", "localhost");
    }

    public static GetTableRequest getTableRequest(String table) {
        GetTableRequest request = new GetTableRequest(HiveShapes.DATABASE, table);
        request.setCatName("hive");
        request.setCapabilities(new ClientCapabilities(List.of(ClientCapability.INSERT_ONLY_TABLES)));
        return request;
    }

    /** The loop body of client thread {@code thread}; set-up (request objects) happens here, untimed. */
    public static Harness.Operation operation(String call, int thread, Connection c, Data data) throws Exception {
        String db = HiveShapes.DATABASE;
        int tables = data.tables();
        int[] next = {thread * 13};
        switch (call) {
            case GET_TABLE -> {
                List<GetTableRequest> requests = new ArrayList<>(tables);
                for (int i = 0; i < tables; i++) {
                    requests.add(getTableRequest(HiveShapes.tableName(i)));
                }
                return () -> {
                    GetTableRequest request = requests.get(next[0]++ % tables);
                    Table t = c.client().get_table_req(request).getTable();
                    expect(request.getTblName().equals(t.getTableName()), "got " + t.getTableName());
                    return 0;
                };
            }
            case GET_TABLES -> {
                int patterns = Math.max(1, tables / 10);
                return () -> {
                    int p = next[0]++ % patterns;
                    List<String> names = c.client().get_tables(db, String.format("t%02d*", p));
                    expect(names.size() == Math.min(10, tables - p * 10), "pattern t" + p + "*: " + names.size());
                    return 0;
                };
            }
            case TABLE_OBJECTS -> {
                List<GetTablesRequest> requests = new ArrayList<>();
                for (int from = 0; from < tables; from += OBJECTS) {
                    List<String> names = new ArrayList<>();
                    for (int i = from; i < Math.min(tables, from + OBJECTS); i++) {
                        names.add(HiveShapes.tableName(i));
                    }
                    GetTablesRequest request = new GetTablesRequest(db);
                    request.setTblNames(names);
                    request.setCatName("hive");
                    requests.add(request);
                }
                return () -> {
                    GetTablesRequest request = requests.get(next[0]++ % requests.size());
                    int got = c.client().get_table_objects_by_name_req(request).getTablesSize();
                    expect(got == request.getTblNamesSize(), got + " tables");
                    return 0;
                };
            }
            case PARTITION_NAMES -> {
                int all = data.days() * data.hours();
                return () -> {
                    int got = c.client()
                            .get_partition_names(db, HiveShapes.PARTITIONED, (short) -1)
                            .size();
                    expect(got == all, got + " names");
                    return 0;
                };
            }
            case BY_NAMES -> {
                List<List<String>> requests = data.nameRequests();
                return () -> {
                    List<String> names = requests.get(next[0]++ % requests.size());
                    List<Partition> parts = c.client().get_partitions_by_names(db, HiveShapes.PARTITIONED, names);
                    expect(parts.size() == names.size(), parts.size() + " partitions");
                    return 0;
                };
            }
            case BY_FILTER -> {
                // An integral key compared as a number: 1% of the partitions with the default 1,000 days × 100 hours.
                return () -> {
                    String filter = "hr = " + next[0]++ % data.hours();
                    List<Partition> parts =
                            c.client().get_partitions_by_filter(db, HiveShapes.PARTITIONED, filter, (short) -1);
                    expect(parts.size() == data.days(), filter + ": " + parts.size() + " partitions");
                    return 0;
                };
            }
            case ALTER_TABLE -> {
                // Each thread its own tables, so that the figure is of the alter, not of waiting for another's.
                List<Table> mine = new ArrayList<>();
                for (int i = thread % tables; i < tables; i += 64) {
                    mine.add(c.client()
                            .get_table_req(getTableRequest(HiveShapes.tableName(i)))
                            .getTable());
                }
                long[] n = {0};
                return () -> {
                    Table t = mine.get((int) (n[0] % mine.size())).deepCopy();
                    t.getParameters().put("bench.altered", Long.toString(n[0]++));
                    c.client().alter_table(db, t.getTableName(), t);
                    return 0;
                };
            }
            case CREATE_DROP -> {
                long[] n = {0};
                return () -> {
                    String name = "tmp_" + thread + "_" + n[0]++;
                    c.client().create_table(HiveShapes.table(name));
                    c.client().drop_table(db, name, true);
                    return 0;
                };
            }
            case ADD_PARTITIONS -> {
                String name = "added_" + ADD_TABLES.getAndIncrement();
                c.client().create_table(HiveShapes.table(name));
                int[] day = {0};
                return () -> {
                    List<Partition> batch = new ArrayList<>(ADDED);
                    for (int hr = 0; hr < ADDED; hr++) {
                        Partition p = HiveShapes.partition(day[0], hr);
                        p.setTableName(name);
                        batch.add(p);
                    }
                    day[0]++;
                    int added = c.client().add_partitions(batch);
                    expect(added == ADDED, added + " partitions added");
                    return 0;
                };
            }
            case TXN_WRITE -> {
                AllocateTableWriteIdsRequest allocate = new AllocateTableWriteIdsRequest(db, "txn_" + thread);
                return () -> {
                    long id = c.client()
                            .open_txns(new OpenTxnRequest(1, "bench", "localhost"))
                            .getTxn_ids()
                            .get(0);
                    allocate.setTxnIds(List.of(id));
                    int given = c.client().allocate_table_write_ids(allocate).getTxnToWriteIdsSize();
                    expect(given == 1, given + " write ids");
                    c.client().commit_txn(new CommitTxnRequest(id));
                    return 0;
                };
            }
            case VALID_WRITE_IDS -> {
                String table = "valid_" + thread + "_" + VALID_TABLES.getAndIncrement();
                AllocateTableWriteIdsRequest allocate = new AllocateTableWriteIdsRequest(db, table);
                for (int i = 0; i < WRITES_SEEN; i++) {
                    long id = c.client()
                            .open_txns(new OpenTxnRequest(1, "bench", "localhost"))
                            .getTxn_ids()
                            .get(0);
                    allocate.setTxnIds(List.of(id));
                    c.client().allocate_table_write_ids(allocate);
                    c.client().commit_txn(new CommitTxnRequest(id));
                }
                long open = c.client()
                        .open_txns(new OpenTxnRequest(1, "bench", "localhost"))
                        .getTxn_ids()
                        .get(0);
                allocate.setTxnIds(List.of(open));
                c.client().allocate_table_write_ids(allocate);
                GetValidWriteIdsRequest request = new GetValidWriteIdsRequest(List.of(db + "." + table));
                request.setValidTxnList(
                        c.client().get_open_txns().getTxn_high_water_mark() + ":" + open + ":" + open + ":");
                return () -> {
                    TableValidWriteIds valid = c.client()
                            .get_valid_write_ids(request)
                            .getTblValidWriteIds()
                            .get(0);
                    expect(
                            valid.getWriteIdHighWaterMark() == WRITES_SEEN + 1 && valid.getInvalidWriteIdsSize() == 1,
                            "hwm " + valid.getWriteIdHighWaterMark() + ", invalid " + valid.getInvalidWriteIds());
                    return 0;
                };
            }
            case LOCK -> {
                LockRequest request = tableLock(HiveShapes.tableName(thread % tables));
                return () -> {
                    long id = c.client().lock(request).getLockid();
                    LockState state =
                            c.client().check_lock(new CheckLockRequest(id)).getState();
                    expect(state == LockState.ACQUIRED, "lock " + id + " " + state);
                    c.client().unlock(new UnlockRequest(id));
                    return 0;
                };
            }
            default -> throw new IllegalArgumentException("no call " + call + "; expected one of " + ALL);
        }
    }

    private static void expect(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("unexpected answer: " + what);
        }
    }
}
