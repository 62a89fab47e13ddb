package dev.lakegate.hms.server;

import dev.lakegate.hms.idl.HmsIface;
import dev.lakegate.hms.idl.HmsProcessor;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.GetTableResult;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.transport.TTransportException;

/**
 * A handler behind the real {@link HmsProcessor} that serves a few methods, each standing for a case
 * the transport must carry, and answers every other method as not served (UNKNOWN_METHOD).
 *
 * <ul>
 * <li>{@code get_database(name)}: a Database named {@code name}; "missing" throws the declared
 * NoSuchObjectException; "boom" an undeclared RuntimeException; "transport" a TTransportException,
 * which libthrift's processor rethrows rather than answering; "sleep:N" sleeps N ms; "block" waits
 * until {@link #release()} (counting itself in {@link #blocked}).
 * <li>{@code get_table(db, tbl)} (the legacy method) and {@code get_table_req}: a Table; for the
 * database "invalid" get_table_req returns a result without its required table, which fails to
 * serialize after the handler returned.
 * <li>{@code set_ugi(user, groups)}: stores the user in the {@link ConnectionContext}.
 * <li>{@code getStatusDetails()}: what the context says: user, framing, protocol.
 * </ul>
 */
final class TestHandler {

    final AtomicInteger calls = new AtomicInteger();
    final AtomicInteger finished = new AtomicInteger();
    final Semaphore blocked = new Semaphore(0);
    private volatile CountDownLatch gate = new CountDownLatch(1);

    /** Lets every "block" call, waiting or to come, return. */
    void release() {
        gate.countDown();
    }

    HmsIface iface() {
        return (HmsIface) Proxy.newProxyInstance(
                HmsIface.class.getClassLoader(), new Class<?>[] {HmsIface.class}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return method.getName().equals("toString") ? "TestHandler" : method.invoke(this, args);
                    }
                    calls.incrementAndGet();
                    try {
                        return answer(method.getName(), args);
                    } finally {
                        finished.incrementAndGet();
                    }
                });
    }

    private Object answer(String method, Object[] args) throws Exception {
        return switch (method) {
            case "get_database" -> database((String) args[0]);
            case "get_table" -> table((String) args[0], (String) args[1]);
            case "get_table_req" -> tableResult((GetTableRequest) args[0]);
            case "set_ugi" -> {
                ConnectionContext.current().setUser((String) args[0]);
                @SuppressWarnings("unchecked")
                List<String> groups = (List<String>) args[1];
                yield groups;
            }
            case "get_partition_names" -> names((String) args[1]);
            case "getStatusDetails" -> {
                ConnectionContext context = ConnectionContext.current();
                yield "user=" + context.user().orElse("-") + " " + context.framing() + " " + context.protocol();
            }
            default -> throw HmsProcessor.notServed(method);
        };
    }

    private Database database(String name) throws Exception {
        if (name.startsWith("sleep:")) {
            Thread.sleep(Long.parseLong(name.substring("sleep:".length())));
        }
        switch (name) {
            case "missing" -> throw new NoSuchObjectException("database missing does not exist");
            case "boom" -> throw new IllegalStateException("boom");
            case "transport" -> throw new TTransportException("handler lost its backend");
            case "block" -> {
                blocked.release();
                if (!gate.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("never released");
                }
            }
            default -> {
                // an ordinary database
            }
        }
        return new Database(name, "database " + name, "file:/warehouse/" + name + ".db", Map.of("k", "v"));
    }

    /**
     * "N" names, or "N:F": N names of which iterating fails at the F-th, as a listing read while its
     * reply is written fails when the catalog does.
     */
    private static List<String> names(String spec) {
        String[] parts = spec.split(":");
        int count = Integer.parseInt(parts[0]);
        int failAt = parts.length > 1 ? Integer.parseInt(parts[1]) : -1;
        return new java.util.AbstractList<>() {
            @Override
            public String get(int index) {
                if (index == failAt) {
                    throw new IllegalStateException("the names failed at " + index);
                }
                return name(index);
            }

            @Override
            public int size() {
                return count;
            }
        };
    }

    static String name(int index) {
        return String.format(java.util.Locale.ROOT, "ds=2024-01-01/hr=%08d/part=with-a-longer-name", index);
    }

    private static Table table(String db, String name) {
        Table table = new Table();
        table.setDbName(db);
        table.setTableName(name);
        table.setParameters(Map.of("table_type", "ICEBERG"));
        return table;
    }

    private static GetTableResult tableResult(GetTableRequest request) {
        if (request.getDbName().equals("invalid")) {
            return new GetTableResult();
        }
        return new GetTableResult(table(request.getDbName(), request.getTblName()));
    }
}
