package dev.lakegate.hms.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakegate.hms.handler.kept.ReplicationMetricRecords;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.hadoop.hive.metastore.api.GetReplicationMetricsRequest;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ReplicationMetricList;
import org.apache.hadoop.hive.metastore.api.ReplicationMetrics;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.apache.thrift.TException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How the facade keeps replication metrics twice (by execution id, by policy) in the catalog's opaque
 * objects: the keys order signed ids as numbers, no policy's range holds another policy's records, an
 * update reaches both copies, a list over one catalog batch is refused whole, and records first added
 * seven days ago or more are gone after the next day's first add.
 */
class ReplicationMetricsTest {

    @RegisterExtension
    static final FacadeGateway gateway = FacadeGateway.create();

    private static void add(ThriftHiveMetastore.Client client, ReplicationMetrics... metrics) throws TException {
        client.add_replication_metrics(new ReplicationMetricList(List.of(metrics)));
    }

    private static List<Long> idsOf(ThriftHiveMetastore.Client client, String policy) throws TException {
        GetReplicationMetricsRequest request = new GetReplicationMetricsRequest();
        request.setPolicy(policy);
        return client.get_replication_metrics(request).getReplicationMetricList().stream()
                .map(ReplicationMetrics::getScheduledExecutionId)
                .toList();
    }

    @Test
    void negativeAndPositiveIdsReadNewestFirstAsNumbers() throws Exception {
        ThriftHiveMetastore.Client client = gateway.client();
        add(
                client,
                new ReplicationMetrics(-5, "signed", 1),
                new ReplicationMetrics(3, "signed", 1),
                new ReplicationMetrics(-1, "signed", 1),
                new ReplicationMetrics(Long.MAX_VALUE, "signed", 1),
                new ReplicationMetrics(Long.MIN_VALUE, "signed", 1),
                new ReplicationMetrics(0, "signed", 1));
        assertThat(idsOf(client, "signed")).containsExactly(Long.MAX_VALUE, 3L, 0L, -1L, -5L, Long.MIN_VALUE);
    }

    @Test
    void aPolicyReadsOnlyItsOwnRecordsWhateverItsCharacters() throws Exception {
        ThriftHiveMetastore.Client client = gateway.client();
        add(
                client,
                new ReplicationMetrics(101, "a", 1),
                new ReplicationMetrics(102, "a:1", 1),
                new ReplicationMetrics(103, "a:", 1),
                new ReplicationMetrics(104, "1:a", 1),
                new ReplicationMetrics(105, "b", 1));
        assertThat(idsOf(client, "a")).containsExactly(101L);
        assertThat(idsOf(client, "a:1")).containsExactly(102L);
        assertThat(idsOf(client, "a:")).containsExactly(103L);
        assertThat(idsOf(client, "1:a")).containsExactly(104L);
    }

    @Test
    void anUpdateIsReadByPolicyAsById() throws Exception {
        ThriftHiveMetastore.Client client = gateway.client();
        add(client, new ReplicationMetrics(201, "updated", 1));
        ReplicationMetrics progress = new ReplicationMetrics(201, "updated", 1);
        progress.setProgress("{\"status\":\"IN_PROGRESS\"}");
        add(client, progress);
        GetReplicationMetricsRequest byPolicy = new GetReplicationMetricsRequest();
        byPolicy.setPolicy("updated");
        GetReplicationMetricsRequest byId = new GetReplicationMetricsRequest();
        byId.setScheduledExecutionId(201);
        assertThat(client.get_replication_metrics(byPolicy)).isEqualTo(client.get_replication_metrics(byId));
        assertThat(client.get_replication_metrics(byId)
                        .getReplicationMetricList()
                        .get(0)
                        .getProgress())
                .isEqualTo("{\"status\":\"IN_PROGRESS\"}");
    }

    /** A clock the test moves. */
    private static final class MovingClock extends Clock {
        private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("UTC only");
        }
    }

    private static List<Long> idsOf(ReplicationMetricRecords records, String policy) {
        return records.ofPolicy(gateway.catalog(), policy).stream()
                .map(ReplicationMetrics::getScheduledExecutionId)
                .toList();
    }

    @Test
    void recordsFirstAddedSevenDaysAgoAreDeletedByTheNextDaysFirstAdd() {
        MovingClock clock = new MovingClock();
        ReplicationMetricRecords records = new ReplicationMetricRecords(clock, ReplicationMetricRecords.MAX_AGE);
        records.add(gateway.catalog(), List.of(new ReplicationMetrics(301, "aged", 1)));
        clock.advance(Duration.ofDays(6));
        records.add(gateway.catalog(), List.of(new ReplicationMetrics(302, "aged", 1)));
        // an update keeps the time of the first add
        records.add(gateway.catalog(), List.of(new ReplicationMetrics(301, "aged", 1)));
        assertThat(idsOf(records, "aged")).containsExactly(302L, 301L);

        clock.advance(Duration.ofDays(1));
        records.add(gateway.catalog(), List.of(new ReplicationMetrics(303, "aged", 1)));
        assertThat(idsOf(records, "aged")).containsExactly(303L, 302L);
        assertThat(records.ofExecution(gateway.catalog(), 301)).isEmpty();

        // a sweep runs at most once a day: 302, seven days old at day 13, stays until day 13.5
        clock.advance(Duration.ofDays(5).plusHours(12));
        records.add(gateway.catalog(), List.of(new ReplicationMetrics(304, "aged", 1)));
        clock.advance(Duration.ofHours(12));
        records.add(gateway.catalog(), List.of(new ReplicationMetrics(305, "aged", 1)));
        assertThat(idsOf(records, "aged")).containsExactly(305L, 304L, 303L, 302L);
        clock.advance(Duration.ofHours(12));
        records.add(gateway.catalog(), List.of(new ReplicationMetrics(306, "aged", 1)));
        assertThat(idsOf(records, "aged")).containsExactly(306L, 305L, 304L, 303L);
    }

    @Test
    void aListOverOneCatalogBatchIsRefusedWhole() throws Exception {
        ThriftHiveMetastore.Client client = gateway.client();
        List<ReplicationMetrics> most = new ArrayList<>();
        LongStream.rangeClosed(1, 333).forEach(id -> most.add(new ReplicationMetrics(1000 + id, "batched", 1)));
        client.add_replication_metrics(new ReplicationMetricList(most));
        assertThat(idsOf(client, "batched")).hasSize(333);

        List<ReplicationMetrics> tooMany = new ArrayList<>();
        LongStream.rangeClosed(1, 334).forEach(id -> tooMany.add(new ReplicationMetrics(5000 + id, "too_many", 1)));
        assertThatThrownBy(() -> client.add_replication_metrics(new ReplicationMetricList(tooMany)))
                .isInstanceOf(MetaException.class)
                .hasMessage("At most 333 replication metrics can be added at once, not 334");
        assertThat(idsOf(client, "too_many")).isEmpty();
    }
}
