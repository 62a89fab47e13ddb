package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.RuntimeStat;
import org.junit.jupiter.api.Test;

/**
 * add_runtime_stats / get_runtime_stats (Hive 3+), HiveServer2's re-optimisation records: each add is
 * sent to both targets and must succeed on both; the listing is the target's own store (its records
 * and times differ from the other's), so it is read from the target alone and its facts asserted:
 * newest first, cut once the weights reach the maximum, only those created before the time asked.
 */
public abstract class RuntimeStatsScenarios extends ScenarioSupport {

    private static RuntimeStat stat(int weight, String payload) {
        return new RuntimeStat(weight, java.nio.ByteBuffer.wrap(payload.getBytes(StandardCharsets.UTF_8)));
    }

    private static String payload(RuntimeStat stat) {
        return new String(stat.getPayload(), StandardCharsets.UTF_8);
    }

    @Test
    void recordsComeBackNewestFirstUntilTheirWeightsReachTheMaximum() throws Exception {
        String run = unique("run");
        client.addRuntimeStat(stat(2, run + "-first"));
        client.addRuntimeStat(stat(3, run + "-second"));
        client.addRuntimeStat(stat(4, run + "-third"));

        List<RuntimeStat> all = direct.getRuntimeStats(-1, -1);
        List<String> ours = all.stream()
                .map(RuntimeStatsScenarios::payload)
                .filter(p -> p.startsWith(run + "-"))
                .toList();
        assertThat(ours).containsExactly(run + "-third", run + "-second", run + "-first");
        for (int i = 1; i < all.size(); i++) {
            assertThat(all.get(i).getCreateTime())
                    .isLessThanOrEqualTo(all.get(i - 1).getCreateTime());
        }
        RuntimeStat newest = all.get(0);
        assertThat(payload(newest)).isEqualTo(run + "-third");
        assertThat(newest.getWeight()).isEqualTo(4);
        assertThat((long) newest.getCreateTime())
                .isCloseTo(System.currentTimeMillis() / 1000, org.assertj.core.data.Offset.offset(120L));

        assertThat(direct.getRuntimeStats(5, -1))
                .extracting(RuntimeStatsScenarios::payload)
                .containsExactly(run + "-third", run + "-second");
        assertThat(direct.getRuntimeStats(4, -1))
                .extracting(RuntimeStatsScenarios::payload)
                .containsExactly(run + "-third");
        assertThat(direct.getRuntimeStats(0, -1))
                .extracting(RuntimeStatsScenarios::payload)
                .containsExactly(run + "-third");
    }

    @Test
    void onlyRecordsCreatedBeforeTheTimeAsked() throws Exception {
        String run = unique("old");
        client.addRuntimeStat(stat(1, run));
        int now = (int) (System.currentTimeMillis() / 1000);
        assertThat(direct.getRuntimeStats(-1, now - 3600))
                .extracting(RuntimeStatsScenarios::payload)
                .doesNotContain(run);
        assertThat(direct.getRuntimeStats(-1, now + 3600))
                .extracting(RuntimeStatsScenarios::payload)
                .contains(run);
    }

    /** The payload is required: the client refuses to send a record without one, whichever the target. */
    @Test
    void aRecordWithoutAPayloadIsRefused() {
        RuntimeStat empty = new RuntimeStat();
        empty.setWeight(1);
        Outcome outcome = outcome(c -> {
            c.addRuntimeStat(empty);
            return null;
        });
        assertThat(outcome.failed()).as(outcome.toString()).isTrue();
    }
}
