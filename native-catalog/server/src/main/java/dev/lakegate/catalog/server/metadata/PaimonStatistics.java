package dev.lakegate.catalog.server.metadata;

import static java.util.Objects.requireNonNull;

import dev.lakegate.catalog.server.model.LakeFigures;
import dev.lakegate.catalog.server.model.PartitionFigures;
import dev.lakegate.catalog.server.model.SnapshotStatistics;
import dev.lakegate.catalog.server.model.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.utils.InternalRowPartitionComputer;

/**
 * A Paimon table's figures as of one of its snapshots, counted from the data files that snapshot holds, as
 * their manifest entries describe them (row count, size, and each column's null count and bounds where the
 * writer kept them): what the catalog counts for an Iceberg table at each commit, read here on demand, since
 * Paimon's writers commit without the catalog. Records count before merging (a primary-key table's files of
 * all levels) and before deletion vectors, as Paimon's own {@code total-records} does; delete file counts are
 * 0 (deletion vectors are not counted). Partitions are named as Hive names them ({@code dt=2024-05-01/hr=3}),
 * all of spec 0.
 */
public final class PaimonStatistics {

    private final PaimonTableFiles files;

    public PaimonStatistics(PaimonTableFiles files) {
        this.files = requireNonNull(files, "files is null");
    }

    /**
     * The figures of {@code table} as of {@code snapshotId}, else of the branch or tag {@code ref}, else of the
     * current snapshot of main; empty when the table's files cannot be read or hold no such snapshot.
     */
    public Optional<SnapshotStatistics> of(
            Table table, Optional<Long> snapshotId, Optional<String> ref, boolean withPartitions) {
        try {
            Optional<FileStoreTable> opened = files.open(table);
            if (opened.isEmpty()) {
                return Optional.empty();
            }
            FileStoreTable paimon = opened.get();
            Optional<Snapshot> snapshot = snapshotId.isPresent()
                    ? snapshot(paimon, snapshotId.get())
                    : ref.isPresent() ? refSnapshot(paimon, ref.get()) : latest(paimon);
            if (snapshot.isEmpty()) {
                return Optional.empty();
            }
            FileStoreTable owner = ref.filter(name -> paimon.branchManager().branchExists(name))
                    .map(paimon::switchToBranch)
                    .orElse(paimon);
            return Optional.of(count(owner, snapshot.get(), withPartitions));
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            return Optional.empty();
        }
    }

    private static Optional<Snapshot> latest(FileStoreTable paimon) {
        return Optional.ofNullable(paimon.snapshotManager().latestSnapshot());
    }

    /** One of main's snapshots, or a tagged one that main has expired. */
    private static Optional<Snapshot> snapshot(FileStoreTable paimon, long id) {
        if (paimon.snapshotManager().snapshotExists(id)) {
            return Optional.of(paimon.snapshotManager().snapshot(id));
        }
        return paimon.tagManager().taggedSnapshots().stream()
                .filter(tagged -> tagged.id() == id)
                .findFirst();
    }

    private static Optional<Snapshot> refSnapshot(FileStoreTable paimon, String name) {
        if (name.equals("main")) {
            return latest(paimon);
        }
        if (paimon.branchManager().branchExists(name)) {
            return latest(paimon.switchToBranch(name));
        }
        return paimon.tagManager().get(name).map(tag -> tag.trimToSnapshot());
    }

    private static SnapshotStatistics count(FileStoreTable paimon, Snapshot snapshot, boolean withPartitions) {
        List<ManifestEntry> live =
                paimon.store().newScan().withSnapshot(snapshot).plan().files();
        Map<Long, TableSchema> schemas = new LinkedHashMap<>();
        PaimonFileFigures table = new PaimonFileFigures();
        Map<BinaryRow, PaimonFileFigures> partitions = new LinkedHashMap<>();
        for (ManifestEntry entry : live) {
            TableSchema schema = schemas.computeIfAbsent(
                    entry.file().schemaId(), id -> paimon.schemaManager().schema(id));
            table.add(entry.file(), schema);
            if (withPartitions && !paimon.partitionKeys().isEmpty()) {
                partitions
                        .computeIfAbsent(entry.partition(), partition -> new PaimonFileFigures())
                        .add(entry.file(), schema);
            }
        }
        TableSchema current = paimon.schema();
        List<PartitionFigures> byPartition = new ArrayList<>();
        if (!partitions.isEmpty()) {
            InternalRowPartitionComputer names = new InternalRowPartitionComputer(
                    paimon.coreOptions().partitionDefaultName(),
                    current.logicalPartitionType(),
                    current.partitionKeys().toArray(String[]::new),
                    false);
            Map<String, LakeFigures> sorted = new TreeMap<>();
            partitions.forEach((partition, figures) -> sorted.put(name(names, partition), figures.figures(current)));
            sorted.forEach((name, figures) -> byPartition.add(new PartitionFigures(0, name, figures)));
        }
        return new SnapshotStatistics(
                snapshot.id(), Instant.ofEpochMilli(snapshot.timeMillis()), table.figures(current), byPartition, true);
    }

    private static String name(InternalRowPartitionComputer names, BinaryRow partition) {
        StringBuilder name = new StringBuilder();
        names.generatePartValues(partition).forEach((key, value) -> {
            if (name.length() > 0) {
                name.append('/');
            }
            name.append(key).append('=').append(value);
        });
        return name.toString();
    }
}
