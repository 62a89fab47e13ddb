package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.AcquireLeaseRequest;
import dev.lakegate.catalog.v1.Lease;
import dev.lakegate.catalog.v1.LeaseMode;
import dev.lakegate.catalog.v1.LeaseResource;
import dev.lakegate.catalog.v1.LeaseState;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponse;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;

/**
 * HMS locks as native leases. EXCLUSIVE and EXCL_WRITE take an exclusive lease; SHARED_READ and
 * SHARED_WRITE a shared one. So SHARED_WRITE conflicts with EXCLUSIVE and EXCL_WRITE and with
 * nothing else, as in Hive; unlike Hive, EXCL_WRITE also shuts out SHARED_READ (Hive lets readers
 * in), which errs on the safe side. A partition component locks its table; a database component
 * (no table) the database. Several components on one object keep the strongest mode. A lock taken
 * in a transaction ({@code txnid}) lives as long as the transaction; one without stands alone, as
 * Iceberg's, Flink's and Paimon's do.
 */
public final class LockMapper {

    private LockMapper() {}

    public static AcquireLeaseRequest toNative(LockRequest request) {
        Map<List<String>, LeaseMode> modes = new LinkedHashMap<>();
        for (LockComponent component : Values.list(request.getComponent())) {
            String table = component.getLevel() == LockLevel.DB || component.getTablename() == null
                    ? ""
                    : HiveNames.normalize(component.getTablename());
            List<String> key = List.of(Values.nullToEmpty(HiveNames.normalize(component.getDbname())), table);
            LeaseMode mode = mode(component.getType());
            modes.merge(
                    key,
                    mode,
                    (a, b) -> a == LeaseMode.EXCLUSIVE || b == LeaseMode.EXCLUSIVE ? LeaseMode.EXCLUSIVE : a);
        }
        AcquireLeaseRequest.Builder lease = AcquireLeaseRequest.newBuilder()
                .setHolder(LockHolder.encode(request.getUser(), request.getHostname(), request.getAgentInfo()))
                .setTransactionId(request.getTxnid());
        modes.forEach((key, mode) -> lease.addResources(LeaseResource.newBuilder()
                .setNamespace(key.get(0))
                .setTable(key.get(1))
                .setMode(mode)));
        return lease.build();
    }

    public static LeaseMode mode(LockType type) {
        if (type == null) {
            return LeaseMode.EXCLUSIVE;
        }
        return switch (type) {
            case SHARED_READ, SHARED_WRITE -> LeaseMode.SHARED;
            case EXCLUSIVE, EXCL_WRITE -> LeaseMode.EXCLUSIVE;
        };
    }

    public static LockResponse toLockResponse(Lease lease) {
        return new LockResponse(lease.getId(), state(lease.getState()));
    }

    public static org.apache.hadoop.hive.metastore.api.LockState state(LeaseState state) {
        return state == LeaseState.ACQUIRED
                ? org.apache.hadoop.hive.metastore.api.LockState.ACQUIRED
                : org.apache.hadoop.hive.metastore.api.LockState.WAITING;
    }

    /** One element per resource of each lease, as show_locks lists one per component. */
    public static ShowLocksResponse toShowLocksResponse(List<Lease> leases) {
        List<ShowLocksResponseElement> elements = new ArrayList<>();
        for (Lease lease : leases) {
            LockHolder holder = LockHolder.decode(lease.getHolder());
            for (LeaseResource resource : lease.getResourcesList()) {
                ShowLocksResponseElement element = new ShowLocksResponseElement(
                        lease.getId(),
                        resource.getNamespace(),
                        state(lease.getState()),
                        resource.getMode() == LeaseMode.SHARED ? LockType.SHARED_READ : LockType.EXCLUSIVE,
                        Values.millis(lease.getExpireTime()) - lease.getTtlMs(),
                        holder.user(),
                        holder.hostname());
                element.setTablename(Values.emptyToNull(resource.getTable()));
                if (lease.getState() == LeaseState.ACQUIRED) {
                    element.setAcquiredat(Values.millis(lease.getAcquireTime()));
                }
                element.setAgentInfo(holder.agentInfo());
                element.setTxnid(lease.getTransactionId());
                elements.add(element);
            }
        }
        return new ShowLocksResponse(elements);
    }
}
