package dev.lakegate.migration;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.RequestPartsSpec;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.thrift.TException;

/**
 * A partitioned table's partitions, in batches of {@value DatabaseSync#BATCH}: those only the target
 * has dropped (data kept), the missing ones added, those whose location or parameters differ altered,
 * and each batch's column statistics made equal.
 */
final class PartitionSync {

    private final SyncSides sides;
    private final StatisticsSync statistics;

    PartitionSync(SyncSides sides, StatisticsSync statistics) {
        this.sides = requireNonNull(sides, "sides is null");
        this.statistics = requireNonNull(statistics, "statistics is null");
    }

    /** {@code target} is null when the table was only just created. */
    void run(SyncOutcome outcome, String database, String name, Table source, Table target) throws TException {
        String where = database + "." + name;
        List<String> names = sides.from().partitionNames(database, name);
        Set<String> present =
                new HashSet<>(target == null ? List.of() : sides.to().partitionNames(database, name));
        TreeSet<String> onlySource = new TreeSet<>(names);
        onlySource.removeAll(present);
        TreeSet<String> onlyTarget = new TreeSet<>(present);
        names.forEach(onlyTarget::remove);
        sides.differ().sets(outcome.differences, where, "partitions", onlySource, onlyTarget);
        if (sides.apply() && !onlyTarget.isEmpty()) {
            drop(database, name, new ArrayList<>(onlyTarget));
            outcome.partitionsDropped += onlyTarget.size();
        }
        PartitionProgress progress = new PartitionProgress(sides.report(), database, name, onlySource.size());
        for (int i = 0; i < names.size(); i += DatabaseSync.BATCH) {
            List<String> batch = names.subList(i, Math.min(names.size(), i + DatabaseSync.BATCH));
            List<String> common = new ArrayList<>();
            for (String partition : batch) {
                if (present.contains(partition)) {
                    common.add(partition);
                }
            }
            batch(outcome, database, name, batch, common, progress);
            statistics.partitions(outcome, where, source, target, batch, common);
        }
        progress.end();
    }

    private void drop(String database, String name, List<String> drop) throws TException {
        for (int i = 0; i < drop.size(); i += DatabaseSync.BATCH) {
            List<String> names = new ArrayList<>(drop.subList(i, Math.min(drop.size(), i + DatabaseSync.BATCH)));
            DropPartitionsRequest request = new DropPartitionsRequest(database, name, RequestPartsSpec.names(names));
            request.setDeleteData(false);
            request.setIfExists(true);
            request.setNeedResult(false);
            sides.to().hms().drop_partitions_req(request);
        }
    }

    /** One batch: compared with what the target holds of it, the missing partitions added, the changed altered. */
    private void batch(
            SyncOutcome outcome,
            String database,
            String name,
            List<String> batch,
            List<String> common,
            PartitionProgress progress)
            throws TException {
        String where = database + "." + name;
        Map<List<String>, Partition> held = new HashMap<>();
        if (!common.isEmpty()) {
            for (Partition p : sides.to().partitions(database, name, common)) {
                held.put(p.getValues(), p);
            }
        }
        List<Partition> missing = new ArrayList<>();
        List<Partition> changed = new ArrayList<>();
        for (Partition p : sides.from().partitions(database, name, batch)) {
            Partition copy = held.get(p.getValues());
            if (copy == null) {
                missing.add(p);
                continue;
            }
            List<String> differences = new ArrayList<>();
            String partition = where + " " + p.getValues();
            sides.differ()
                    .compare(
                            differences,
                            partition,
                            "location",
                            p.getSd().getLocation(),
                            copy.getSd().getLocation());
            sides.differ().compareParameters(differences, partition, p.getParameters(), copy.getParameters());
            outcome.differences.addAll(differences);
            if (!differences.isEmpty()) {
                changed.add(p);
            }
        }
        if (sides.apply()) {
            sides.to().addPartitions(database, name, missing);
            if (!changed.isEmpty()) {
                sides.to().hms().alter_partitions_with_environment_context(database, name, changed, SyncSides.asItIs());
            }
            outcome.partitionsAdded += missing.size();
            outcome.partitionsChanged += changed.size();
            progress.advance(missing.size());
        }
    }
}
