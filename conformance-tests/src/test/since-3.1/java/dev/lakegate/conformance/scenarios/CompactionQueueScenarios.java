package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.client.ClientCalls;
import dev.lakegate.conformance.diff.Deviation;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionResponse;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.ShowCompactRequest;
import org.apache.hadoop.hive.metastore.api.ShowCompactResponseElement;
import org.junit.jupiter.api.Test;

/**
 * Hive's compaction queue as clients fill it (ALTER TABLE ... COMPACT): compact2 enqueues a request for a
 * table or one partition as initiated, a place with an entry initiated already refuses another, and
 * show_compact lists the queue. Neither HMS checks that the table exists, nor lower-cases its names. Ids are
 * the target's own, so these run on the target alone ({@link #direct}) and assert facts. HMS 3.1.3 and
 * 4.0.1 answer a refused request apart: 3.1.3 with the entry that refused it (its id, its state, not
 * accepted), 4.0.1 with id -1, state "refused" and an error message naming that entry; Lakegate answers as
 * 4.0.1 for every client ({@link Deviation#TRANSACTIONS_AS_HMS_4}).
 */
public abstract class CompactionQueueScenarios extends ScenarioSupport {

    /** Whether the target answers as HMS 4.0.1: the 4.0.1 reference, and Lakegate for every client. */
    private boolean answersAsHms4() {
        return onLakegate() || Reference.hive4();
    }

    /** Whether the client's structs have HMS 4's fields (and the target is HMS 4.0.1 or Lakegate). */
    private static boolean hive4Client() {
        return Reference.hive4();
    }

    static CompactionRequest request(String db, String table, String partition, CompactionType type) {
        CompactionRequest request = new CompactionRequest(db, table, type);
        if (partition != null) {
            request.setPartitionname(partition);
        }
        return request;
    }

    private CompactionResponse compact(String db, String table, String partition, CompactionType type)
            throws Exception {
        return hms().compact2(request(db, table, partition, type));
    }

    /** The queue's entries of one database, in id order (show_compact of 3.1 has no filter). */
    private List<ShowCompactResponseElement> shown(String db) throws Exception {
        return hms().show_compact(new ShowCompactRequest()).getCompacts().stream()
                .filter(e -> db.equals(e.getDbname()))
                .sorted(java.util.Comparator.comparingLong(ShowCompactResponseElement::getId))
                .toList();
    }

    private void assertRefusedBy(CompactionResponse refused, long existing) {
        assertThat(refused.isAccepted()).isFalse();
        if (answersAsHms4()) {
            assertThat(refused.getId()).isEqualTo(-1);
            assertThat(refused.getState()).isEqualTo("refused");
            assertThat(ClientCalls.compactionErrorMessage(refused))
                    .as("seen by clients from 4.0 on")
                    .isIn(
                            hive4Client()
                                    ? List.of(
                                            "Compaction is already scheduled with state='initiated' and id=" + existing)
                                    : java.util.Collections.singletonList(null));
        } else {
            assertThat(refused.getId()).as("3.1.3 names the entry").isEqualTo(existing);
            assertThat(refused.getState()).isEqualTo("initiated");
        }
    }

    @Test
    void aRequestIsQueuedAsInitiatedAndShownSo() throws Exception {
        String db = unique("cq").toLowerCase(Locale.ROOT);
        long before = System.currentTimeMillis();
        CompactionRequest asked = request(db, "t", "ds=1", CompactionType.MAJOR);
        asked.setRunas("fred");
        asked.setProperties(Map.of("compactor.mapreduce.map.memory.mb", "2048"));
        CompactionResponse answer = hms().compact2(asked);
        assertThat(answer.isAccepted()).isTrue();
        assertThat(answer.getState()).isEqualTo("initiated");
        assertThat(answer.getId()).isPositive();
        assertThat(ClientCalls.compactionErrorMessage(answer)).isNull();
        ShowCompactResponseElement entry = shown(db).get(0);
        assertThat(entry.getId()).isEqualTo(answer.getId());
        assertThat(entry.getTablename()).isEqualTo("t");
        assertThat(entry.getPartitionname()).isEqualTo("ds=1");
        assertThat(entry.getType()).isEqualTo(CompactionType.MAJOR);
        assertThat(entry.getState()).isEqualTo("initiated");
        assertThat(entry.getRunAs()).isEqualTo("fred");
        assertThat(entry.getHadoopJobId()).as("no job yet, in HMS's word").isEqualTo("None");
        assertThat(entry.isSetWorkerid()).isFalse();
        assertThat(entry.isSetStart()).isFalse();
        assertThat(entry.isSetEndTime()).isFalse();
        assertThat(entry.isSetMetaInfo()).isFalse();
        assertThat(entry.isSetHightestTxnId())
                .as("3.1.3 leaves it out, 4.0.1 answers 0")
                .isEqualTo(answersAsHms4());
        CompactionResponse table = compact(db, "u", null, CompactionType.MINOR);
        assertThat(table.getId()).as("ids come from one sequence").isGreaterThan(answer.getId());
        ShowCompactResponseElement whole = shown(db).get(1);
        assertThat(whole.isSetPartitionname()).as("a whole table").isFalse();
        assertThat(whole.isSetRunAs()).isFalse();
        assertThat(whole.getType()).isEqualTo(CompactionType.MINOR);
        long after = System.currentTimeMillis();
        if (hive4Client()) {
            ShowCompactResponseElement shown4 = shown(db).get(0);
            assertThat(ClientCalls.compactionEnqueueTime(shown4)).isBetween(before - 5_000, after + 5_000);
            assertThat(ClientCalls.compactionPoolName(shown4))
                    .as("no pool, in HMS 4's word")
                    .isEqualTo("default");
        }
    }

    @Test
    void aPlaceWithAnInitiatedEntryRefusesAnother() throws Exception {
        String db = unique("cq").toLowerCase(Locale.ROOT);
        long first = compact(db, "t", "ds=1", CompactionType.MAJOR).getId();
        assertRefusedBy(compact(db, "t", "ds=1", CompactionType.MINOR), first);
        assertThat(compact(db, "t", "ds=2", CompactionType.MINOR).isAccepted())
                .as("another partition")
                .isTrue();
        long table = compact(db, "t", null, CompactionType.MAJOR).getId();
        assertThat(table)
                .as("the whole table is another place than its partitions")
                .isPositive();
        assertRefusedBy(compact(db, "t", null, CompactionType.MAJOR), table);
        hms().compact(request(db, "t", null, CompactionType.MINOR));
        assertThat(shown(db))
                .as("compact (3.1's form) answers nothing and fails not when refused")
                .extracting(ShowCompactResponseElement::getId)
                .hasSize(3)
                .contains(first, table);
    }

    @Test
    void namesAreQueuedAsGivenWhetherTheTableExistsOrNot() throws Exception {
        String db = unique("cq").toLowerCase(Locale.ROOT);
        String upper = db.toUpperCase(Locale.ROOT);
        assertThat(compact(upper, "T", null, CompactionType.MAJOR).isAccepted()).isTrue();
        assertThat(compact(db, "t", null, CompactionType.MAJOR).isAccepted())
                .as("not lower-cased: another place")
                .isTrue();
        assertThat(compact(db, "t", "", CompactionType.MAJOR).isAccepted())
                .as("an empty partition name is a place of its own")
                .isTrue();
        assertThat(shown(upper))
                .singleElement()
                .satisfies(e -> assertThat(e.getTablename()).isEqualTo("T"));
        assertThat(shown(db))
                .extracting(ShowCompactResponseElement::getPartitionname)
                .containsExactly(null, "");
        hms().compact(request(db, "v", "ds=1", CompactionType.MINOR));
        assertThat(shown(db)).hasSize(3);
    }
}
