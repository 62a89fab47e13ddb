package dev.lakegate.conformance.iceberg;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Writers appending to one Iceberg table at once, each through its own catalog, and the checks that
 * nothing was lost: one snapshot per append in one unbroken chain, every data file in the manifests and
 * on disk, the totals of the summary.
 */
public final class ConcurrentAppends {

    private ConcurrentAppends() {}

    /** Committed appends per second, and each append's time from its start to its commit, sorted. */
    public record Result(double commitsPerSecond, long[] commitNanos) {
        public double percentileMillis(double p) {
            int index = (int) Math.min(commitNanos.length - 1, Math.ceil(p / 100.0 * commitNanos.length) - 1);
            return commitNanos[Math.max(0, index)] / 1e6;
        }
    }

    /** Runs {@code appends} appends per writer, checks the table through {@code reader}. */
    public static Result run(List<? extends Catalog> writers, TableIdentifier id, int appends, Catalog reader)
            throws Exception {
        int before = snapshotCount(reader.loadTable(id));
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(writers.size());
        List<Future<Set<String>>> futures = new ArrayList<>();
        long[] nanos = new long[writers.size() * appends];
        try {
            for (int w = 0; w < writers.size(); w++) {
                int writer = w;
                Catalog catalog = writers.get(w);
                futures.add(pool.submit((Callable<Set<String>>) () -> {
                    Table table = catalog.loadTable(id);
                    Set<String> mine = new HashSet<>();
                    start.await();
                    for (int i = 0; i < appends; i++) {
                        long begin = System.nanoTime();
                        DataFile f = HiveCatalogScenarios.dataFile(table, "w" + writer + "-" + i, 1 + writer, null);
                        table.newAppend().appendFile(f).commit();
                        nanos[writer * appends + i] = System.nanoTime() - begin;
                        mine.add(f.location());
                    }
                    return mine;
                }));
            }
            long t0 = System.nanoTime();
            start.countDown();
            Set<String> written = new HashSet<>();
            for (Future<Set<String>> f : futures) {
                written.addAll(f.get(140, TimeUnit.SECONDS));
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            int commits = writers.size() * appends;

            Table loaded = reader.loadTable(id);
            List<Snapshot> snapshots = new ArrayList<>();
            loaded.snapshots().forEach(snapshots::add);
            assertThat(snapshots).hasSize(before + commits);
            assertThat(HiveCatalogScenarios.operations(loaded)).containsOnly("append");
            // one unbroken chain of parents from the current snapshot back to the first
            Map<Long, Snapshot> byId = snapshots.stream().collect(Collectors.toMap(Snapshot::snapshotId, s -> s));
            int chain = 0;
            for (Snapshot s = loaded.currentSnapshot();
                    s != null;
                    s = s.parentId() == null ? null : byId.get(s.parentId())) {
                chain++;
            }
            assertThat(chain).isEqualTo(before + commits);
            long records = 0;
            for (int w = 0; w < writers.size(); w++) {
                records += (long) (1 + w) * appends;
            }
            if (before == 0) {
                assertThat(loaded.currentSnapshot().summary())
                        .containsEntry("total-data-files", String.valueOf(commits))
                        .containsEntry("total-records", String.valueOf(records));
            }
            Set<String> inManifests = HiveCatalogScenarios.dataFilesOf(loaded);
            assertThat(written).hasSize(commits);
            assertThat(inManifests).containsAll(written);
            assertThat(inManifests.stream()
                            .filter(p -> HiveCatalogScenarios.onObjectStore(p)
                                    ? !loaded.io().newInputFile(p).exists()
                                    : !Files.exists(HiveCatalogScenarios.local(p)))
                            .toList())
                    .isEmpty();
            java.util.Arrays.sort(nanos);
            return new Result(commits / seconds, nanos);
        } finally {
            pool.shutdownNow();
        }
    }

    private static int snapshotCount(Table table) {
        int count = 0;
        for (Snapshot ignored : table.snapshots()) {
            count++;
        }
        return count;
    }
}
