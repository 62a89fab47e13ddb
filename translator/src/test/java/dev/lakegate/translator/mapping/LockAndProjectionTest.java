package dev.lakegate.translator.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import dev.lakegate.catalog.v1.AcquireLeaseRequest;
import dev.lakegate.catalog.v1.Lease;
import dev.lakegate.catalog.v1.LeaseMode;
import dev.lakegate.catalog.v1.LeaseResource;
import dev.lakegate.catalog.v1.LeaseState;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.GetProjectionsSpec;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

class LockAndProjectionTest {

    @Test
    void lockRequestBecomesOneLeaseWithTheStrongestModePerObject() {
        LockComponent table = new LockComponent(LockType.EXCLUSIVE, LockLevel.TABLE, "Sales");
        table.setTablename("Orders");
        LockComponent partition = new LockComponent(LockType.SHARED_READ, LockLevel.PARTITION, "sales");
        partition.setTablename("orders");
        partition.setPartitionname("ds=1");
        LockComponent database = new LockComponent(LockType.SHARED_WRITE, LockLevel.DB, "sales");
        LockComponent other = new LockComponent(LockType.EXCL_WRITE, LockLevel.TABLE, "sales");
        other.setTablename("events");
        LockRequest request = new LockRequest(List.of(table, partition, database, other), "hive/h@REALM", "host1");
        request.setAgentInfo("Iceberg-abc");
        AcquireLeaseRequest lease = LockMapper.toNative(request);
        assertThat(lease.getResourcesList())
                .containsExactly(
                        LeaseResource.newBuilder()
                                .setNamespace("sales")
                                .setTable("orders")
                                .setMode(LeaseMode.EXCLUSIVE)
                                .build(),
                        LeaseResource.newBuilder()
                                .setNamespace("sales")
                                .setTable("")
                                .setMode(LeaseMode.SHARED)
                                .build(),
                        LeaseResource.newBuilder()
                                .setNamespace("sales")
                                .setTable("events")
                                .setMode(LeaseMode.EXCLUSIVE)
                                .build());
        assertThat(lease.getHolder()).isEqualTo("hive/h@REALM@host1 (Iceberg-abc)");
        assertThat(LockHolder.decode(lease.getHolder()))
                .isEqualTo(new LockHolder("hive/h@REALM", "host1", "Iceberg-abc"));
    }

    @Test
    void leasesAsLockResponsesAndShowLocks() {
        Lease lease = Lease.newBuilder()
                .setId(9)
                .setState(LeaseState.ACQUIRED)
                .setHolder("bob@h2")
                .addResources(LeaseResource.newBuilder()
                        .setNamespace("sales")
                        .setTable("orders")
                        .setMode(LeaseMode.EXCLUSIVE))
                .setAcquireTime(Timestamp.newBuilder().setSeconds(100))
                .setExpireTime(Timestamp.newBuilder().setSeconds(400))
                .setTtlMs(300_000)
                .build();
        assertThat(LockMapper.toLockResponse(lease).getLockid()).isEqualTo(9);
        assertThat(LockMapper.toLockResponse(lease).getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(LockMapper.toLockResponse(
                                lease.toBuilder().setState(LeaseState.WAITING).build())
                        .getState())
                .isEqualTo(LockState.WAITING);
        ShowLocksResponseElement element =
                LockMapper.toShowLocksResponse(List.of(lease)).getLocks().get(0);
        assertThat(element.getLockid()).isEqualTo(9);
        assertThat(element.getDbname()).isEqualTo("sales");
        assertThat(element.getTablename()).isEqualTo("orders");
        assertThat(element.getType()).isEqualTo(LockType.EXCLUSIVE);
        assertThat(element.getUser()).isEqualTo("bob");
        assertThat(element.getHostname()).isEqualTo("h2");
        assertThat(element.getLastheartbeat()).isEqualTo(100_000);
        assertThat(element.getAcquiredat()).isEqualTo(100_000);
    }

    @Test
    void projectionKeepsOnlyTheListedFieldsAndParameters() {
        Table table = HmsFixtures.icebergTable();
        GetProjectionsSpec spec =
                new GetProjectionsSpec(List.of("tableName", "parameters", "sd.location"), "%location", "");
        Table projected = TableProjection.apply(table, spec);
        assertThat(projected.getTableName()).isEqualTo("events");
        assertThat(projected.getDbName()).isNull();
        assertThat(projected.getSd().getLocation()).isEqualTo("s3://bucket/sales.db/events");
        assertThat(projected.getSd().getCols()).isNull();
        assertThat(projected.getParameters()).containsOnlyKeys("metadata_location", "previous_metadata_location");
        Table excluded = TableProjection.apply(table, new GetProjectionsSpec(List.of(), null, "%metadata%"));
        assertThat(excluded.getDbName()).isEqualTo("sales");
        assertThat(excluded.getParameters())
                .doesNotContainKeys("metadata_location", "previous_metadata_location")
                .containsKey("table_type");
    }
}
