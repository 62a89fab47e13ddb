package dev.lakegate.translator.mapping;

import dev.lakegate.catalog.v1.AcidWrite;
import dev.lakegate.catalog.v1.AcidWriteOperation;
import dev.lakegate.catalog.v1.AcquireLeaseRequest;
import dev.lakegate.catalog.v1.Lease;
import dev.lakegate.catalog.v1.LeaseMode;
import dev.lakegate.catalog.v1.LeaseResource;
import dev.lakegate.catalog.v1.LeaseState;
import dev.lakegate.catalog.v1.TableIdentifier;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
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
 * in a transaction ({@code txnid}) lives as long as the transaction, and carries what the transaction
 * writes; one without stands alone, as Iceberg's, Flink's and Paimon's do.
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
        if (request.getTxnid() > 0) {
            lease.addAllWrites(writes(Values.list(request.getComponent())));
        }
        modes.forEach((key, mode) -> lease.addResources(LeaseResource.newBuilder()
                .setNamespace(key.get(0))
                .setTable(key.get(1))
                .setMode(mode)));
        return lease.build();
    }

    /**
     * What a transaction's lock says it writes, as HMS records it for the conflict check: components of
     * transactional tables that insert, update or delete (an unset operation counts as an update). A
     * dynamic-partition write is recorded once per table, on the whole table (the partitions follow with
     * add_dynamic_partitions), as an update if any such component of the table updates or deletes.
     */
    static List<AcidWrite> writes(List<LockComponent> components) {
        Set<List<String>> dynamicUpdates = new HashSet<>();
        for (LockComponent component : components) {
            if (isDynamic(component) && component.getTablename() != null && updatesOrDeletes(component)) {
                dynamicUpdates.add(tableKey(component));
            }
        }
        Set<List<String>> recorded = new HashSet<>();
        List<AcidWrite> writes = new ArrayList<>();
        for (LockComponent component : components) {
            if ((component.isSetIsTransactional() && !component.isIsTransactional())
                    || component.getTablename() == null
                    || !writes(component)) {
                continue;
            }
            List<String> table = tableKey(component);
            String partition = partitionName(component.getPartitionname());
            AcidWriteOperation operation = operation(component.getOperationType());
            if (isDynamic(component)) {
                if (recorded.contains(table)) {
                    continue;
                }
                partition = "";
                operation = dynamicUpdates.contains(table)
                        ? AcidWriteOperation.ACID_WRITE_UPDATE
                        : AcidWriteOperation.ACID_WRITE_INSERT;
            }
            writes.add(AcidWrite.newBuilder()
                    .setTable(TableIdentifier.newBuilder()
                            .setCatalog(table.get(0))
                            .setNamespace(table.get(1))
                            .setName(table.get(2)))
                    .setPartition(partition)
                    .setOperation(operation)
                    .build());
            recorded.add(table);
        }
        return writes;
    }

    private static boolean isDynamic(LockComponent component) {
        return component.isSetIsDynamicPartitionWrite() && component.isIsDynamicPartitionWrite();
    }

    private static boolean writes(LockComponent component) {
        DataOperationType type = component.getOperationType();
        return type != DataOperationType.SELECT && type != DataOperationType.NO_TXN;
    }

    private static boolean updatesOrDeletes(LockComponent component) {
        DataOperationType type = component.getOperationType();
        return type == DataOperationType.UPDATE || type == DataOperationType.DELETE;
    }

    public static AcidWriteOperation operation(DataOperationType type) {
        if (type == DataOperationType.INSERT) {
            return AcidWriteOperation.ACID_WRITE_INSERT;
        }
        return type == DataOperationType.DELETE
                ? AcidWriteOperation.ACID_WRITE_DELETE
                : AcidWriteOperation.ACID_WRITE_UPDATE;
    }

    /** In the default catalog: a lock component names none before Hive 4.1. */
    private static List<String> tableKey(LockComponent component) {
        return List.of("", lowerCase(component.getDbname()), lowerCase(component.getTablename()));
    }

    private static String lowerCase(String name) {
        return name == null ? "" : name.toLowerCase(Locale.ROOT);
    }

    /** A partition's name with its keys in lower case and its values as written, as HMS compares them. */
    public static String partitionName(String name) {
        if (name == null || name.isEmpty()) {
            return "";
        }
        StringBuilder normalized = new StringBuilder(name.length());
        for (String part : name.split("/", -1)) {
            if (normalized.length() > 0) {
                normalized.append('/');
            }
            int equals = part.indexOf('=');
            normalized.append(
                    equals < 0 ? part : part.substring(0, equals).toLowerCase(Locale.ROOT) + part.substring(equals));
        }
        return normalized.toString();
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
