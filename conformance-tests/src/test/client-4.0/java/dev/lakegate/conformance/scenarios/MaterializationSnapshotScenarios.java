package dev.lakegate.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakegate.conformance.diff.Outcome;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.CompactionRequest;
import org.apache.hadoop.hive.metastore.api.CompactionType;
import org.apache.hadoop.hive.metastore.api.CreationMetadata;
import org.apache.hadoop.hive.metastore.api.DataOperationType;
import org.apache.hadoop.hive.metastore.api.Materialization;
import org.junit.jupiter.api.Test;

/**
 * get_materialization_invalidation_info as Hive 4 asks it: the build's snapshot in the JSON Hive 4 writes
 * ({@code {"validTxnList": ..., "tableSnapshots": ...}}), and HMS 4's answers beyond Hive 3's: whether a
 * source has a compaction queued or one that compacted writes the build did not see, and no answer when the
 * build kept snapshots of sources outside Hive's transactions or a source's oldest open write differs from the
 * build's. Ids are the target's own: these run on the target alone and assert facts.
 */
public abstract class MaterializationSnapshotScenarios extends ScenarioSupport {

    private long write(String db) throws Exception {
        return MaterializationInvalidationScenarios.write(hms(), db, DataOperationType.INSERT);
    }

    private static CreationMetadata built(String db, String validTxnList) {
        CreationMetadata metadata = new CreationMetadata("hive", db, "mv", new HashSet<>(Set.of(db + ".t")));
        metadata.setValidTxnList(validTxnList);
        return metadata;
    }

    private static String json(String validTxnList, String tableSnapshots) {
        return "{\"validTxnList\":\"" + validTxnList + "\",\"tableSnapshots\":" + tableSnapshots + "}";
    }

    private static String seen(String db, long highWaterMark, long minOpen) {
        return "1$" + db + ".t:" + highWaterMark + ":" + minOpen + "::";
    }

    private Outcome invalidation(CreationMetadata metadata) throws Exception {
        String validTxnList = MaterializationInvalidationScenarios.everythingSoFar(hms());
        return outcome(direct, c -> {
            Materialization answer = stub(c).get_materialization_invalidation_info(metadata, validTxnList);
            return "updated or deleted: " + answer.isSourceTablesUpdateDeleteModified() + ", compacted: "
                    + answer.isSourceTablesCompacted();
        });
    }

    private static Outcome answer(boolean compacted) {
        return Outcome.value("updated or deleted: false, compacted: " + compacted);
    }

    private static Outcome noAnswer() {
        return MaterializationInvalidationScenarios.noAnswer();
    }

    private String databaseWithTable(String name) throws Exception {
        String db = newDatabase(name);
        Outcome created = creating(table(db, "t"));
        assertThat(created.failed()).as(created.toString()).isFalse();
        return db;
    }

    @Test
    void hive4sSnapshotAndCompactions() throws Exception {
        String db = databaseWithTable("mvsnap");
        long written = write(db);
        expect(
                "Hive 4's JSON, no compaction",
                invalidation(built(db, json(seen(db, written, Long.MAX_VALUE), "null"))),
                answer(false));
        expect(
                "Hive 4's JSON with no table snapshot",
                invalidation(built(db, json(seen(db, written, Long.MAX_VALUE), "{}"))),
                answer(false));
        CompactionRequest compaction = new CompactionRequest(db, "t", CompactionType.MAJOR);
        hms().compact2(compaction);
        expect(
                "a compaction queued",
                invalidation(built(db, json(seen(db, written, Long.MAX_VALUE), "null"))),
                answer(true));
    }

    @Test
    void snapshotsOfOtherSourcesOrADifferentOldestOpenWriteHaveNoAnswer() throws Exception {
        String db = databaseWithTable("mvsnapnone");
        long written = write(db);
        expect(
                "a snapshot of a source outside Hive's transactions",
                invalidation(
                        built(db, json(seen(db, written, Long.MAX_VALUE), "{\"" + db + ".ice\":{\"snapshotId\":7}}"))),
                noAnswer());
        expect(
                "an oldest open write the source no longer has",
                invalidation(built(db, json(seen(db, written, written), "null"))),
                noAnswer());
    }
}
